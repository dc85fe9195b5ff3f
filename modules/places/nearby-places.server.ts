import type { LatLng, MapsAdapter, PlaceSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { logger } from "~/lib/logger.server";

/** Nearby places are searched within this distance of the listing. */
export const NEARBY_RADIUS_METRES = 1000;
/** The list shows at most this many places, nearest first. */
export const NEARBY_LIMIT = 20;

const TTL_MS = 6 * 60 * 60 * 1000;
const CAPACITY = 500;

/** A small LRU cache with expiry: Map keeps insertion order, so the first key is the least recently used. */
export class LruCache<V> {
  readonly #entries = new Map<string, { expires: number; value: V }>();
  constructor(
    readonly capacity: number,
    readonly ttlMs: number,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { expires: now + this.ttlMs, value });
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}

const cache = new LruCache<PlaceSuggestion[]>(CAPACITY, TTL_MS);

export interface NearbyOptions {
  adapter: MapsAdapter;
  radiusMetres?: number;
  limit?: number;
}

/**
 * Places of interest within 1000 m of `center`, nearest first, de-duplicated by place id, at most
 * 20. Results are cached in memory per provider and position (~1 m). A provider failure is
 * logged and gives an empty list; it is never thrown to the page.
 */
export async function nearbyPlaces(center: LatLng, options: NearbyOptions): Promise<PlaceSuggestion[]> {
  const adapter = options.adapter;
  const radius = options.radiusMetres ?? NEARBY_RADIUS_METRES;
  const limit = options.limit ?? NEARBY_LIMIT;
  const key = `${adapter.provider}|${center.lat.toFixed(5)},${center.lng.toFixed(5)}|${radius}`;
  const cached = cache.get(key);
  if (cached) return cached.slice(0, limit);
  try {
    const places = await adapter.nearbyPlaces(center, radius);
    const seen = new Set<string>();
    const unique = places
      .filter((place) => place.distanceMetres <= radius && !seen.has(place.id) && seen.add(place.id))
      .sort((a, b) => a.distanceMetres - b.distanceMetres);
    cache.set(key, unique);
    return unique.slice(0, limit);
  } catch (error) {
    logger.warn({ err: error, provider: adapter.provider }, "nearby places search failed; showing none");
    return [];
  }
}

/** Empties the in-memory cache (tests). */
export function clearNearbyCache(): void {
  cache.clear();
}
