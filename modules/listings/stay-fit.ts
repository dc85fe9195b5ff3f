import type { ListingFacts } from "~/modules/listings/listing-facts";
import type { SearchFilters } from "~/modules/listings/search-params";

export type StayFitFilters = Pick<SearchFilters, "moveIn" | "stay" | "bills" | "roomType" | "maxAllIn">;

export type StayFitListing = Pick<ListingFacts, "minLeaseMonths" | "maxLeaseMonths" | "billsIncluded" | "roomType"> & {
  availableFrom: string | null;
  allInWeeklyCost: number | null;
};

/**
 * Whether one listing fits a stay: the rule the search's SQL (stay-fit-search.server.ts) applies
 * to every row, for checking a single listing against a search.
 * - move-in date: available on or before it (a listing without a date is never available);
 * - stay length: within the lease range, both ends included;
 * - bills: every chosen bill is included (a cap still counts as included);
 * - room type: exactly that type;
 * - maximum all-in cost: rent plus estimated bills at most it (a listing without rent never fits).
 */
export function fitsStay(listing: StayFitListing, filters: StayFitFilters): boolean {
  if (filters.moveIn !== undefined && (listing.availableFrom === null || listing.availableFrom > filters.moveIn)) {
    return false;
  }
  if (filters.stay !== undefined && (filters.stay < listing.minLeaseMonths || filters.stay > listing.maxLeaseMonths)) {
    return false;
  }
  if (filters.bills?.some((bill) => !listing.billsIncluded.includes(bill))) return false;
  if (filters.roomType !== undefined && listing.roomType !== filters.roomType) return false;
  if (
    filters.maxAllIn !== undefined &&
    (listing.allInWeeklyCost === null || listing.allInWeeklyCost > filters.maxAllIn)
  ) {
    return false;
  }
  return true;
}
