import { arrayContains, eq, gte, lte, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { StayFitFilters } from "~/modules/listings/stay-fit";

/**
 * The stay-fit filters as SQL conditions, the same rule as `fitsStay` (stay-fit.ts). Each is
 * served by an index: available_from, (min_lease_months, max_lease_months), bills_included (GIN),
 * room_type and all_in_weekly_cost (db/schema.ts).
 */
export function stayFitConditions(filters: StayFitFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.moveIn) conditions.push(lte(listings.availableFrom, filters.moveIn));
  if (filters.stay !== undefined) {
    conditions.push(lte(listings.minLeaseMonths, filters.stay), gte(listings.maxLeaseMonths, filters.stay));
  }
  if (filters.bills?.length) conditions.push(arrayContains(listings.billsIncluded, filters.bills));
  if (filters.roomType) conditions.push(eq(listings.roomType, filters.roomType));
  if (filters.maxAllIn !== undefined) conditions.push(lte(listings.allInWeeklyCost, filters.maxAllIn));
  return conditions;
}
