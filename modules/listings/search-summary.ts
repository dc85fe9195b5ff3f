import { formatBillList, ROOM_TYPE_LABELS } from "~/modules/listings/listing-facts";
import { formatAvailableDate } from "~/modules/listings/availability-text";
import type { SearchFilters } from "~/modules/listings/search-params";

const dollars = (amount: number) => `$${amount.toLocaleString("en-AU")}`;

function weeklyPrice(minPrice: number | undefined, maxPrice: number | undefined): string | undefined {
  if (minPrice !== undefined && maxPrice !== undefined) return `${dollars(minPrice)}–${dollars(maxPrice)} a week`;
  if (maxPrice !== undefined) return `Up to ${dollars(maxPrice)} a week`;
  if (minPrice !== undefined) return `From ${dollars(minPrice)} a week`;
  return undefined;
}

/**
 * A search in the words a renter would use: 'Up to $400 a week · 6-month stay · Ensuite', or
 * 'All rooms' when nothing narrows it. Sort order and page are not part of what is looked for.
 */
export function describeSearch(filters: SearchFilters): string {
  const parts = [
    filters.title && `“${filters.title}” in the title`,
    filters.keyword && `Mentions “${filters.keyword}”`,
    weeklyPrice(filters.minPrice, filters.maxPrice),
    filters.maxAllIn !== undefined && `Up to ${dollars(filters.maxAllIn)} a week with bills`,
    filters.moveIn && `Move in by ${formatAvailableDate(filters.moveIn)}`,
    filters.availableFrom && `Available from ${formatAvailableDate(filters.availableFrom)} or later`,
    filters.stay !== undefined && `${filters.stay}-month stay`,
    filters.roomType && ROOM_TYPE_LABELS[filters.roomType],
    filters.bills?.length && `${formatBillList(filters.bills)} included`,
  ].filter((part): part is string => typeof part === "string" && part !== "");
  return parts.length > 0 ? parts.join(" · ") : "All rooms";
}
