import { formatBillList, ROOM_TYPE_LABELS } from "~/modules/listings/listing-facts";
import { formatAvailableDate } from "~/modules/listings/availability-text";
import type { WherePlaceKind } from "~/lib/adapters/maps/maps-adapter";
import { DEFAULT_RADIUS_KM } from "~/modules/listings/location-filter";
import type { SearchFilters } from "~/modules/listings/search-params";

const dollars = (amount: number) => `$${amount.toLocaleString("en-AU")}`;

function weeklyPrice(minPrice: number | undefined, maxPrice: number | undefined): string | undefined {
  if (minPrice !== undefined && maxPrice !== undefined) return `${dollars(minPrice)}–${dollars(maxPrice)} a week`;
  if (maxPrice !== undefined) return `Up to ${dollars(maxPrice)} a week`;
  if (minPrice !== undefined) return `From ${dollars(minPrice)} a week`;
  return undefined;
}

/** The place a search's Where names, as the server found it (its kind decides the words). */
export interface DescribedPlace {
  name: string;
  kind: WherePlaceKind | "point";
}

/** 'Within 2 km of RMIT City', 'In Carlton', 'In postcode 3053'; the typed text when no place was found. */
function describeWhere(filters: SearchFilters, place: DescribedPlace | null | undefined): string | undefined {
  if (!filters.where) return filters.bbox ? "In an area of the map" : undefined;
  if (!place) return `Near “${filters.where}”`;
  if (place.kind === "suburb") return `In ${place.name}`;
  if (place.kind === "postcode") return `In postcode ${place.name}`;
  return `Within ${filters.radiusKm ?? DEFAULT_RADIUS_KM} km of ${place.name}`;
}

/**
 * A search in the words a renter would use: 'Within 2 km of RMIT City · Up to $400 a week ·
 * 6-month stay · Ensuite', or 'All rooms' when nothing narrows it. `place` is what the server found
 * for the Where. Sort order and page are not part of what is looked for.
 */
export function describeSearch(filters: SearchFilters, place?: DescribedPlace | null): string {
  const parts = [
    describeWhere(filters, place),
    filters.where && filters.bbox && "In an area of the map",
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
