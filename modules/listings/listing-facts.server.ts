import { listings } from "~/db/schema";
import { sortBills, type ListingFacts } from "~/modules/listings/listing-facts";

/** The columns the facts are read from (search selects only what a card needs). */
export const FACT_COLUMNS = {
  minLeaseMonths: listings.minLeaseMonths,
  maxLeaseMonths: listings.maxLeaseMonths,
  billsIncluded: listings.billsIncluded,
  billsCap: listings.billsCap,
  billsEstimate: listings.billsEstimate,
  furnished: listings.furnished,
  roomType: listings.roomType,
};
export type FactColumn = keyof typeof FACT_COLUMNS;

/** A stored listing's facts, in the shape pages and the API read. */
export function listingFacts(row: Pick<typeof listings.$inferSelect, FactColumn>): ListingFacts {
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
