import { and, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { listings, profiles } from "~/db/schema";
import { PUBLIC_LISTING_STATUSES } from "~/modules/listings/visibility";

/** SQL for `ownerPublishes` (visibility.ts): no landlord owner whose plan is suspended or cancelled. */
export function ownerPublishesSql(): SQL {
  return sql`not exists (select 1 from ${profiles} where ${profiles.id} = ${listings.landlordId} and ${profiles.role} = 'landlord' and ${profiles.subscriptionStatus} in ('suspended', 'cancelled'))`;
}

/** `ownerPublishes` as a column to select beside a listing, for `notPublicReasons`. */
export function ownerPublishesColumn(): SQL<boolean> {
  return sql<boolean>`${ownerPublishesSql()}`;
}

/**
 * SQL for `notPublicReasons` (visibility.ts) being empty, on the listings table: search, featured,
 * the sitemap and anything else that shows listings to the public.
 */
export function publiclyVisibleSql(): SQL {
  // Statuses as literals, not parameters: the planner must see the partial search indexes' predicate.
  const statuses = sql.raw(PUBLIC_LISTING_STATUSES.map((status) => `'${status}'`).join(", "));
  return and(
    isNotNull(listings.availableFrom),
    sql`${listings.status} in (${statuses})`,
    ownerPublishesSql(),
    isNull(listings.freshnessPausedAt),
  ) as SQL;
}
