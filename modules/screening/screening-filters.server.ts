import { and, eq, sql, type SQL } from "drizzle-orm";
import { conversations, listings, renterProfiles, renterReferences, users } from "~/db/schema";
import type { Viewer } from "~/modules/auth/viewer";
import { identityVerifiedSql } from "~/modules/identity/verified.server";
import type { ScreeningFilterKey } from "~/modules/screening/screening-filters";

/**
 * The screening facts as SQL conditions on `conversations`, each the twin of the rule in
 * screening-summary.ts that marks the fact "met" (tests hold them to the same answers). Each reads
 * its rows through a derived table whose columns share no name with another table's, so an
 * unqualified column of the surrounding query still means that query's column.
 */
const tenant = conversations.tenantId;

const listingTerms = sql`(select listing_row.listing_id as screened_listing_id,
    listing_row.min_lease_months as screened_min_lease, listing_row.max_lease_months as screened_max_lease,
    listing_row.available_from as screened_available_from, listing_row.all_in_weekly_cost as screened_all_in
  from ${listings} listing_row) screened_listing`;

const profileRow = sql`(select profile_row.user_id as screened_user_id, profile_row.about as screened_about,
    profile_row.occupation as screened_occupation, profile_row.occupation_place as screened_occupation_place,
    profile_row.move_in_earliest as screened_move_in, profile_row.stay_months as screened_stay,
    profile_row.weekly_budget as screened_budget, profile_row.preferred_areas as screened_areas
  from ${renterProfiles} profile_row) screened_profile`;

function metSql(key: ScreeningFilterKey, now: Date): SQL {
  switch (key) {
    case "identity":
      return identityVerifiedSql(tenant, now);
    case "email":
      return sql`exists (select 1 from (select user_row.id as screened_user_id, user_row.email_verified as screened_email_verified
        from ${users} user_row) screened_user
        where screened_user.screened_user_id = ${tenant} and screened_user.screened_email_verified)`;
    case "profile":
      // isProfileComplete (renter-profiles): every fact a landlord screens by is stated.
      return sql`exists (select 1 from ${profileRow}
        where screened_profile.screened_user_id = ${tenant} and screened_profile.screened_about <> ''
          and screened_profile.screened_occupation is not null
          and (screened_profile.screened_occupation = 'other' or screened_profile.screened_occupation_place <> '')
          and screened_profile.screened_move_in is not null and screened_profile.screened_stay is not null
          and screened_profile.screened_budget is not null and jsonb_array_length(screened_profile.screened_areas) > 0)`;
    case "references":
      return sql`exists (select 1 from (select reference_row.user_id as screened_user_id,
          reference_row.confirmed_at as screened_confirmed_at from ${renterReferences} reference_row) screened_reference
        where screened_reference.screened_user_id = ${tenant} and screened_reference.screened_confirmed_at is not null)`;
    case "stay":
      return sql`exists (select 1 from ${listingTerms}
        where screened_listing.screened_listing_id = ${conversations.listingId}
          and ${conversations.leaseMonths} between screened_listing.screened_min_lease and screened_listing.screened_max_lease)`;
    case "moveIn":
      return sql`exists (select 1 from ${listingTerms}
        where screened_listing.screened_listing_id = ${conversations.listingId}
          and screened_listing.screened_available_from <= ${conversations.moveInDate})`;
    case "budget":
      return sql`exists (select 1 from ${listingTerms}, ${profileRow}
        where screened_listing.screened_listing_id = ${conversations.listingId}
          and screened_profile.screened_user_id = ${tenant}
          and screened_listing.screened_all_in <= screened_profile.screened_budget)`;
  }
}

/**
 * The landlord's enquiries where every chosen fact is met: the conversations about `viewer`'s
 * listings only (a fact is about the renter), or no condition when nothing is chosen.
 */
export function screeningFilterSql(viewer: Pick<Viewer, "id">, keys: ScreeningFilterKey[], now: Date): SQL | undefined {
  if (keys.length === 0) return undefined;
  return and(eq(conversations.landlordId, viewer.id), ...keys.map((key) => metSql(key, now)));
}
