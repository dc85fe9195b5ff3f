import { haversineMetres } from "~/lib/adapters/maps/geo";
import type { WherePlaceKind, WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import { distanceLine } from "~/modules/listings/distance-text";
import { searchListings, type SearchResult } from "~/modules/listings/listing-queries.server";
import type { ListingSummary } from "~/modules/listings/listing-types";
import { resolveLocation, type LocationRefusal, type LocationSearch } from "~/modules/listings/location-filter";
import type { SearchState } from "~/modules/listings/search-params";

/** Distances from a bare point ("lat,lng") are to this. */
export const POINT_NAME = "the chosen point";

/** The Where part of a search as the page shows it. */
export interface WhereSummary {
  /** The place found: its id (null for a point), its name and kind; null without a place or point. */
  place: { id: string | null; name: string; kind: WherePlaceKind | "point" } | null;
  /** Why the location was refused, in words for the Where field; null when it was not. */
  error: string | null;
  refusal: LocationRefusal | null;
  /** Kilometres around the place or point; null for a suburb or postcode (the rooms in it) and without one. */
  radiusKm: number | null;
}

export type SearchPageResult =
  | {
      ok: true;
      where: WhereSummary;
      /** Empty when the location was refused: nothing is searched for a place we could not read. */
      listings: ListingSummary[];
      total: number;
      totalIsExact: boolean;
      /** Per listing id: "1.2 km · about 15 min walk to RMIT City"; only in a search around a place or point. */
      distanceLines: Record<string, string>;
    }
  | { ok: false; reason: "too-slow"; where: WhereSummary };

function whereSummary(location: LocationSearch | null): WhereSummary {
  if (!location?.origin) return { place: null, error: null, refusal: null, radiusKm: null };
  const { place } = location;
  return {
    place: place ? { id: place.id, name: place.name, kind: place.kind } : { id: null, name: POINT_NAME, kind: "point" },
    error: null,
    refusal: null,
    radiusKm: location.radius?.km ?? null,
  };
}

/**
 * The /search page's search: the state's Where resolved through `places` (a suburb, a place, a point
 * or a box; location-filter.ts), then the public search narrowed by it, with each card's distance
 * line. A location it cannot read is refused with a message and searches nothing, rather than being
 * ignored (which would show every room as if it were near the place).
 */
export async function searchPage(db: Executor, state: SearchState, places: WherePlaces): Promise<SearchPageResult> {
  const resolved = await resolveLocation({ ...state, sortByDistance: state.sort === "distance" }, places);
  if (!resolved.ok) {
    const where = { place: null, error: resolved.message, refusal: resolved.reason, radiusKm: null };
    return { ok: true, where, listings: [], total: 0, totalIsExact: true, distanceLines: {} };
  }
  const location = resolved.search;
  const where = whereSummary(location);
  const result: SearchResult = await searchListings(db, state, { location });
  if (!result.ok) return { ok: false, reason: result.reason, where };
  const name = where.place?.name;
  const distanceLines: Record<string, string> = {};
  if (name) {
    for (const listing of result.listings) {
      if (listing.distanceMetres !== undefined) distanceLines[listing.id] = distanceLine(listing.distanceMetres, name);
    }
  }
  return {
    ok: true,
    where,
    listings: result.listings,
    total: result.total,
    totalIsExact: result.totalIsExact,
    distanceLines,
  };
}

/**
 * The distance line for one listing reached from a search around `where` (the listing page): the
 * same words as its card; null without a place, for a place we cannot find or a listing without
 * coordinates.
 */
export async function distanceLineFrom(
  where: string | null,
  listing: { latitude: number | null; longitude: number | null },
  places: WherePlaces,
): Promise<string | null> {
  if (!where || listing.latitude === null || listing.longitude === null) return null;
  const resolved = await resolveLocation({ where: where.slice(0, 200) }, places);
  if (!resolved.ok || !resolved.search?.origin) return null;
  const { lat, lng } = resolved.search.origin;
  const metres = haversineMetres({ lat, lng }, { lat: listing.latitude, lng: listing.longitude });
  return distanceLine(metres, whereSummary(resolved.search).place?.name ?? POINT_NAME);
}
