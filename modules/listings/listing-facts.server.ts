import type { listings } from "~/db/schema";
import { sortBills, type ListingFacts } from "~/modules/listings/listing-facts";

/** A stored listing's facts, in the shape pages and the API read. */
export function listingFacts(row: typeof listings.$inferSelect): ListingFacts {
  return {
    minLeaseMonths: row.minLeaseMonths,
    maxLeaseMonths: row.maxLeaseMonths,
    billsIncluded: sortBills(row.billsIncluded),
    billsCap: row.billsCap,
    billsEstimate: row.billsEstimate,
    furnished: row.furnished,
    roomType: row.roomType,
  };
}
