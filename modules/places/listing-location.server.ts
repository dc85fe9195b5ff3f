import { eq, sql } from "drizzle-orm";
import { geocodeCache } from "~/db/schema";
import { isValidLatLng } from "~/lib/adapters/maps/geo";
import type { GeocodePrecision, GeocodeResult, LatLng, MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import { logger } from "~/lib/logger.server";

/** Melbourne CBD (the GPO, Bourke Street Mall): the map's centre when a listing cannot be placed. */
export const DEFAULT_MAP_CENTER: LatLng = { lat: -37.8136, lng: 144.9631 };

/** What locating needs from a listing (the columns of `listings`). */
export interface ListingLocationInput {
  id: string;
  address: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ListingLocation {
  center: LatLng;
  /** Where the centre came from: the geocoded address, the listing's stored coordinates, or the default. */
  source: "geocoded" | "coordinates" | "default";
  /**
   * How exact the centre is: a street address (stored coordinates count as such), a suburb or
   * postcode area, or only the city.
   */
  precision: GeocodePrecision | "city";
}

export interface LocateOptions {
  adapter: MapsAdapter;
}

/** Unresolvable addresses and provider failures are remembered briefly so a busy page does not retry each view. */
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const FAILURE_TTL_MS = 60 * 1000;
const MISS_LIMIT = 1000;
const misses = new Map<string, number>();
const inFlight = new Map<string, Promise<GeocodeResult | null>>();

/**
 * The listing's address as one line for geocoding: "12 Degraves Street, Melbourne VIC 3000".
 * Parts the street line already contains are not repeated. Empty when the listing has no address.
 */
export function listingAddressLine(
  listing: Pick<ListingLocationInput, "address" | "suburb" | "state" | "postcode">,
): string {
  const street = listing.address?.trim() ?? "";
  // Only what follows a comma in the street line can already be its suburb, state or postcode.
  const tail = street.split(",").slice(1).join(" ").toLowerCase();
  const missing = (part: string | null) => {
    const value = part?.trim() ?? "";
    if (!value) return "";
    const escaped = value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(tail) ? "" : value;
  };
  const area = [missing(listing.suburb), missing(listing.state), missing(listing.postcode)].filter(Boolean).join(" ");
  return [street, area].filter(Boolean).join(", ");
}

/** The cache key: lower case, single spaces, tidy commas; "12 Degraves St ,Melbourne" = "12 degraves st, melbourne". */
export function normaliseAddressKey(address: string): string {
  return address
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*,\s*/g, ", ")
    .replace(/^[\s,]+|[\s,]+$/g, "");
}

function storedCoordinates(listing: ListingLocationInput): LatLng | null {
  const point = { lat: listing.latitude, lng: listing.longitude };
  if (!isValidLatLng(point) || (point.lat === 0 && point.lng === 0)) return null;
  return { lat: point.lat, lng: point.lng };
}

/**
 * Where to centre a listing's map. A street-level geocode of its address wins; then the listing's
 * stored coordinates; then a suburb-level geocode; then the Melbourne CBD. Geocodes are cached in
 * `geocode_cache`; provider and database failures are logged and fall through, never thrown.
 */
export async function locateListing(
  db: Executor,
  listing: ListingLocationInput,
  options: LocateOptions,
): Promise<ListingLocation> {
  const coordinates = storedCoordinates(listing);
  const line = listingAddressLine(listing);
  const geocoded = line ? await geocodeCached(db, line, options.adapter, listing.id) : null;
  if (geocoded?.precision === "address") return { center: pick(geocoded), source: "geocoded", precision: "address" };
  if (coordinates) return { center: coordinates, source: "coordinates", precision: "address" };
  if (geocoded) return { center: pick(geocoded), source: "geocoded", precision: geocoded.precision };
  return { center: DEFAULT_MAP_CENTER, source: "default", precision: "city" };
}

const pick = (point: LatLng): LatLng => ({ lat: point.lat, lng: point.lng });

/** Geocodes through the cache table; null when the address cannot be placed or anything fails. */
export async function geocodeCached(
  db: Executor,
  address: string,
  adapter: MapsAdapter,
  listingId?: string,
): Promise<GeocodeResult | null> {
  const key = normaliseAddressKey(address);
  if (!key) return null;
  const missKey = `${adapter.provider}|${key}`;
  const missUntil = misses.get(missKey);
  if (missUntil !== undefined) {
    if (missUntil > Date.now()) return null;
    misses.delete(missKey);
  }

  // Concurrent views of one listing share one lookup, cache read included: a view whose read began
  // before another's provider answer was stored would otherwise ask the provider again.
  let pending = inFlight.get(missKey);
  if (!pending) {
    pending = lookUp({ db, key, missKey, address, adapter, listingId }).finally(() => inFlight.delete(missKey));
    inFlight.set(missKey, pending);
  }
  return pending;
}

/** One address to place: its cache key, the key its misses are remembered by, and where to log. */
interface GeocodeLookup {
  db: Executor;
  key: string;
  missKey: string;
  address: string;
  adapter: MapsAdapter;
  listingId: string | undefined;
}

/** The cached geocode, else the provider's (stored for next time). */
async function lookUp(lookup: GeocodeLookup): Promise<GeocodeResult | null> {
  const { db, key, adapter, listingId } = lookup;
  try {
    const [row] = await db.select().from(geocodeCache).where(eq(geocodeCache.address, key)).limit(1);
    if (row && row.provider === adapter.provider && (row.precision === "address" || row.precision === "suburb")) {
      return { lat: row.lat, lng: row.lng, precision: row.precision };
    }
  } catch (error) {
    logger.warn({ err: error, listingId }, "geocode cache read failed");
  }
  return resolve(lookup);
}

/** The provider's geocode, stored for next time; a failure or an unplaceable address is remembered a while. */
async function resolve({
  db,
  key,
  missKey,
  address,
  adapter,
  listingId,
}: GeocodeLookup): Promise<GeocodeResult | null> {
  let result: GeocodeResult | null;
  try {
    result = await adapter.geocode(address);
  } catch (error) {
    logger.warn({ err: error, listingId, provider: adapter.provider }, "geocoding failed; using the fallback");
    rememberMiss(missKey, FAILURE_TTL_MS);
    return null;
  }
  if (!result || !isValidLatLng(result)) {
    rememberMiss(missKey, NOT_FOUND_TTL_MS);
    return null;
  }
  const values = { lat: result.lat, lng: result.lng, precision: result.precision, provider: adapter.provider };
  try {
    await db
      .insert(geocodeCache)
      .values({ address: key, ...values })
      .onConflictDoUpdate({ target: geocodeCache.address, set: { ...values, createdAt: sql`now()` } });
  } catch (error) {
    logger.warn({ err: error, listingId }, "geocode cache write failed");
  }
  return { lat: result.lat, lng: result.lng, precision: result.precision };
}

function rememberMiss(key: string, ttlMs: number): void {
  if (misses.size >= MISS_LIMIT) {
    const oldest = misses.keys().next().value;
    if (oldest !== undefined) misses.delete(oldest);
  }
  misses.set(key, Date.now() + ttlMs);
}

/** Forgets remembered misses (tests). */
export function clearGeocodeMisses(): void {
  misses.clear();
}
