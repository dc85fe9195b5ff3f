import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import { featuredListings } from "~/modules/listings/listing-queries.server";
import type { ListingSummary } from "~/modules/listings/listing-types";
import type { LocationRefusal } from "~/modules/listings/location-filter";
import { searchPage, type WhereSummary } from "~/modules/listings/search-page.server";
import { DEFAULT_SORT, searchHref } from "~/modules/listings/search-params";

/** The home page shows this many rooms. */
export const FEATURED_COUNT = 6;

/** Said when the rooms near a place could not be found within the search's time limit. */
export const FEATURED_TOO_SLOW = "The rooms near that place took too long to find.";

/** The place chosen on the home page, as its URL carries it (`where`, `radius_km`, the same as /search). */
export interface FeaturedInput {
  where?: string;
  radiusKm?: string;
}

export interface FeaturedResult {
  /** The newest public rooms: within the place when `near` is set, else everywhere. */
  listings: ListingSummary[];
  /** The place the list is around; null for the newest rooms everywhere. */
  near: {
    place: NonNullable<WhereSummary["place"]>;
    /** Kilometres around it; null for a suburb or postcode, whose rooms are the ones in it. */
    radiusKm: number | null;
    /** The same search on /search: every room there, not only the newest few. */
    searchHref: string;
  } | null;
  /** Per listing id: "560 m · about 7 min walk to RMIT City"; empty without a place. */
  distanceLines: Record<string, string>;
  /** A place was asked for and not used, and why (in words); the list is then the newest rooms everywhere. */
  ignored: { reason: LocationRefusal | "too-slow"; message: string } | null;
}

/**
 * The home page's featured rooms. Without a place, the newest public rooms. With one, the newest
 * public rooms the /search page finds for the same `where` and `radius_km` (searchPage: a suburb
 * or postcode keeps the rooms in it, a named place or a point the rooms within the radius, 2 km by
 * default), each with its distance line. A place that cannot be used (not found, bad coordinates,
 * a search that ran out of time) gives the usual list and says why, so the home page always shows rooms.
 */
export async function featuredNear(
  db: Executor,
  places: WherePlaces,
  input: FeaturedInput,
  limit = FEATURED_COUNT,
): Promise<FeaturedResult> {
  const everywhere = async (ignored: FeaturedResult["ignored"]): Promise<FeaturedResult> => ({
    listings: await featuredListings(db, limit),
    near: null,
    distanceLines: {},
    ignored,
  });
  if (!input.where) return everywhere(null);

  const state = { where: input.where, radiusKm: input.radiusKm, sort: DEFAULT_SORT, page: 1, pageSize: limit };
  const found = await searchPage(db, state, places);
  if (!found.ok) return everywhere({ reason: found.reason, message: FEATURED_TOO_SLOW });
  const { place, refusal, error, radiusKm } = found.where;
  if (refusal) return everywhere({ reason: refusal, message: error ?? "" });
  if (!place) return everywhere(null);
  return {
    listings: found.listings,
    near: { place, radiusKm, searchHref: searchHref({ where: input.where, radiusKm: input.radiusKm }) },
    distanceLines: found.distanceLines,
    ignored: null,
  };
}
