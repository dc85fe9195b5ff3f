import { and, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { listings, profiles } from "~/db/schema";
import { PUBLIC_LISTING_STATUSES } from "~/modules/listings/visibility";

/** The listing's landlord, when their plan is suspended or cancelled (`ownerPublishes`, visibility.ts, is false). */
function withholdingOwner(): SQL {
  return sql`select 1 from ${profiles} where ${profiles.id} = ${listings.landlordId} and ${profiles.role} = 'landlord' and ${profiles.subscriptionStatus} in ('suspended', 'cancelled')`;
}

/** SQL for `ownerPublishes` (visibility.ts): no landlord owner whose plan is suspended or cancelled. */
export function ownerPublishesSql(): SQL {
  return sql`not exists (${withholdingOwner()})`;
}

/** The opposite of `ownerPublishesSql`: the owner is a landlord whose plan is suspended or cancelled. */
export function ownerWithholdsSql(): SQL {
  return sql`exists (${withholdingOwner()})`;
}

/** `ownerPublishes` as a column to select beside a listing, for `notPublicReasons`. */
export function ownerPublishesColumn(): SQL<boolean> {
  return sql<boolean>`${ownerPublishesSql()}`;
}

/**
 * The listing's own part of `notPublicReasons` (visibility.ts) being empty, everything but its owner's
 * plan: the predicate of the partial search indexes, so a count of it reads one of them alone.
 */
export function listingPublishedSql(): SQL {
  // Statuses as literals, not parameters: the planner must see the partial search indexes' predicate.
  const statuses = sql.raw(PUBLIC_LISTING_STATUSES.map((status) => `'${status}'`).join(", "));
  return and(
    isNotNull(listings.availableFrom),
    sql`${listings.status} in (${statuses})`,
    isNull(listings.freshnessPausedAt),
  ) as SQL;
}

/**
 * SQL for `notPublicReasons` (visibility.ts) being empty, on the listings table: search, featured,
 * the sitemap and anything else that shows listings to the public.
 */
export function publiclyVisibleSql(): SQL {
  return and(listingPublishedSql(), ownerPublishesSql()) as SQL;
}
