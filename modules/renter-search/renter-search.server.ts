import { and, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { listings, profiles, renterProfiles, renterReferences, userBlocks, type PreferredArea } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { publicName } from "~/modules/enquiries/public-name";
import { identityVerifiedSql } from "~/modules/identity/verified.server";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";
import { RENTERS_PER_PAGE, type RenterSearchQuery } from "~/modules/renter-search/search-query";

/**
 * One findable renter as a landlord sees them: only what the renter put on their profile, under
 * the name the product shows people by ("Alex P."). Never their e-mail, phone or document.
 */
export interface RenterCard {
  id: string;
  name: string;
  about: string;
  occupation: "studying" | "working" | "other" | null;
  occupationPlace: string;
  moveInEarliest: string | null;
  moveInLatest: string | null;
  stayMonths: number | null;
  weeklyBudget: number | null;
  areas: string[];
  languages: string[];
  pets: "yes" | "no" | "undisclosed";
  smoking: "yes" | "no" | "undisclosed";
  verified: boolean;
  referencesConfirmed: number;
  acceptsInvitations: boolean;
}

export interface RenterSearchPage {
  renters: RenterCard[];
  total: number;
  pageCount: number;
  /** The areas findable renters named, for the area filter. */
  areas: PreferredArea[];
}

const confirmedReferences = sql<number>`(select count(*) from ${renterReferences} where ${renterReferences.userId} = ${renterProfiles.userId} and ${renterReferences.confirmedAt} is not null)`;

/** Neither the renter nor the landlord has blocked the other. */
function notBlockedWith(viewerId: string): SQL {
  return sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${renterProfiles.userId} and ${userBlocks.blockedId} = ${viewerId}) or (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${renterProfiles.userId}))`;
}

/** The findable renters a landlord may see: findable, not themselves, and no block either way. */
function findableBy(viewer: Pick<Viewer, "id">): SQL {
  return and(eq(renterProfiles.findable, true), ne(renterProfiles.userId, viewer.id), notBlockedWith(viewer.id)) as SQL;
}

function filters(query: RenterSearchQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.budget !== null) where.push(gte(renterProfiles.weeklyBudget, query.budget));
  if (query.moveIn) {
    where.push(lte(renterProfiles.moveInEarliest, query.moveIn));
    where.push(or(isNull(renterProfiles.moveInLatest), gte(renterProfiles.moveInLatest, query.moveIn)) as SQL);
  }
  if (query.stay !== null) where.push(gte(renterProfiles.stayMonths, query.stay));
  // Containment reads the GIN index on preferred_areas.
  if (query.area) where.push(sql`${renterProfiles.preferredAreas} @> ${JSON.stringify([{ id: query.area }])}::jsonb`);
  if (query.verifiedOnly) where.push(identityVerifiedSql(renterProfiles.userId, now));
  if (query.referencedOnly)
    where.push(
      sql`exists (select 1 from ${renterReferences} where ${renterReferences.userId} = ${renterProfiles.userId} and ${renterReferences.confirmedAt} is not null)`,
    );
  return where;
}

/** The renter search for an active landlord (the route's gate has checked `renterSearchAccess`). */
export async function searchRenters(
  db: Executor,
  viewer: Pick<Viewer, "id">,
  query: RenterSearchQuery,
  now: Date,
): Promise<RenterSearchPage> {
  const where = and(findableBy(viewer), ...filters(query, now));
  const [rows, [counted], areaRows] = await Promise.all([
    db
      .select({
        id: renterProfiles.userId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        about: renterProfiles.about,
        occupation: renterProfiles.occupation,
        occupationPlace: renterProfiles.occupationPlace,
        moveInEarliest: renterProfiles.moveInEarliest,
        moveInLatest: renterProfiles.moveInLatest,
        stayMonths: renterProfiles.stayMonths,
        weeklyBudget: renterProfiles.weeklyBudget,
        preferredAreas: renterProfiles.preferredAreas,
        languages: renterProfiles.languages,
        pets: renterProfiles.pets,
        smoking: renterProfiles.smoking,
        acceptsInvitations: renterProfiles.acceptsInvitations,
        verified: identityVerifiedSql(renterProfiles.userId, now),
        referencesConfirmed: confirmedReferences,
      })
      .from(renterProfiles)
      .innerJoin(profiles, eq(profiles.id, renterProfiles.userId))
      .where(where)
      .orderBy(desc(renterProfiles.updatedAt), renterProfiles.userId)
      .limit(RENTERS_PER_PAGE)
      .offset((query.page - 1) * RENTERS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)` })
      .from(renterProfiles)
      .where(where),
    db
      .selectDistinct({ id: sql<string>`area ->> 'id'`, name: sql<string>`area ->> 'name'` })
      .from(sql`${renterProfiles}, jsonb_array_elements(${renterProfiles.preferredAreas}) as area`)
      .where(findableBy(viewer))
      .orderBy(sql`area ->> 'name'`)
      .limit(200),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    renters: rows.map((row) => ({
      id: row.id,
      name: publicName({ firstName: row.firstName, lastName: row.lastName }),
      about: row.about,
      occupation: row.occupation,
      occupationPlace: row.occupationPlace,
      moveInEarliest: row.moveInEarliest,
      moveInLatest: row.moveInLatest,
      stayMonths: row.stayMonths,
      weeklyBudget: row.weeklyBudget,
      areas: row.preferredAreas.map((area) => area.name),
      languages: row.languages,
      pets: row.pets,
      smoking: row.smoking,
      verified: row.verified === true,
      referencesConfirmed: Number(row.referencesConfirmed),
      acceptsInvitations: row.acceptsInvitations,
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / RENTERS_PER_PAGE)),
    areas: areaRows,
  };
}

/** The viewer's own published rooms that are available: the rooms they may invite a renter to. */
export function invitableListingsSql(viewer: Pick<Viewer, "id">): SQL {
  return and(eq(listings.landlordId, viewer.id), eq(listings.status, "available"), publiclyVisibleSql()) as SQL;
}

export async function invitableListings(
  db: Executor,
  viewer: Pick<Viewer, "id">,
): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: listings.listingId, title: listings.listingTitle })
    .from(listings)
    .where(invitableListingsSql(viewer))
    .orderBy(listings.listingTitle)
    .limit(100);
}
