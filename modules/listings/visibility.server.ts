import { and, isNotNull, sql, type SQL } from "drizzle-orm";
import { listings, profiles } from "~/db/schema";

/** SQL for `ownerPublishes` (visibility.ts): no landlord owner whose plan is suspended or cancelled. */
export function ownerPublishesSql(): SQL {
  return sql`not exists (select 1 from ${profiles} where ${profiles.id} = ${listings.landlordId} and ${profiles.role} = 'landlord' and ${profiles.subscriptionStatus} in ('suspended', 'cancelled'))`;
}

/** SQL for `isPubliclyVisible` (visibility.ts), on the listings table. */
export function publiclyVisibleSql(): SQL {
  return and(isNotNull(listings.availableFrom), ownerPublishesSql()) as SQL;
}
