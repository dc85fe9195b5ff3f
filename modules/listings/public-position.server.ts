import type { listings } from "~/db/schema";
import { haversineMetres, isValidLatLng } from "~/lib/adapters/maps/geo";
import type { LatLng, MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import type { LocationPrecision } from "~/db/location-precision";
import {
  geocodeCached,
  listingAddressLine,
  locateListing,
  type ListingLocation,
} from "~/modules/places/listing-location.server";

type ListingRow = typeof listings.$inferSelect;

/** What deciding a listing's position reads of it. */
export type PositionedListing = Pick<
  ListingRow,
  "address" | "suburb" | "state" | "postcode" | "latitude" | "longitude" | "locationPrecision"
>;

/** Where the public may see a listing: its street address, or (`approximate`) its suburb's centre. */
export interface PublicPosition extends LatLng {
  approximate: boolean;
}

/** The stored coordinates, when the listing has a usable pair. */
export function storedPosition(listing: Pick<ListingRow, "latitude" | "longitude">): LatLng | null {
  const point = { lat: listing.latitude, lng: listing.longitude };
  if (!isValidLatLng(point) || (point.lat === 0 && point.lng === 0)) return null;
  return { lat: point.lat, lng: point.lng };
}

/** How exact a listing's stored coordinates are; null while it has none (a check constraint keeps the two together). */
export function listingLocationPrecision(listing: PositionedListing): LocationPrecision | null {
  return storedPosition(listing) ? listing.locationPrecision : null;
}

/**
 * The one rule for where a listing is shown to anyone but its owner's form: pages, `.data`, the API,
 * structured data, maps and nearby places. An address-precision listing is at its stored street
 * position; a suburb-precision one at its suburb's centre, geocoded from the suburb, state and
 * postcode alone, so stored coordinates finer than that are never revealed. Null when the listing
 * has no coordinates yet or its suburb cannot be placed.
 */
export async function publicPosition(
  db: Executor,
  listing: PositionedListing,
  maps: MapsAdapter,
): Promise<PublicPosition | null> {
  const precision = listingLocationPrecision(listing);
  const stored = storedPosition(listing);
  if (!precision || !stored) return null;
  if (precision === "address") return { ...stored, approximate: false };
  const area = listingAddressLine({ ...listing, address: null });
  const centre = area ? await geocodeCached(db, area, maps) : null;
  return centre ? { lat: centre.lat, lng: centre.lng, approximate: true } : null;
}

/**
 * Where the listing page centres its map (and looks for nearby places): the public position, or,
 * for a listing not yet placed, a geocode of what it publishes (its street line, or only its suburb
 * when that is all it publishes), then the Melbourne CBD. Never the stored coordinates themselves.
 */
export async function publicMapLocation(
  db: Executor,
  listing: PositionedListing & { id: string },
  maps: MapsAdapter,
): Promise<ListingLocation> {
  const position = await publicPosition(db, listing, maps);
  if (position) {
    const center = { lat: position.lat, lng: position.lng };
    return { center, source: "coordinates", precision: position.approximate ? "suburb" : "address" };
  }
  const published = listingLocationPrecision(listing) === "suburb" ? null : listing.address;
  return locateListing(db, { ...listing, address: published, latitude: null, longitude: null }, { adapter: maps });
}

/**
 * The distance to show from a search's origin: the one measured on the stored coordinates, except
 * for an approximate listing, whose distance is to its suburb's centre, so a distance never narrows
 * down a street the landlord did not publish. Undefined (no field) outside a location search.
 */
export function publicDistanceMetres(
  origin: LatLng | null | undefined,
  position: PublicPosition | null,
  measured: number | null | undefined,
): number | null | undefined {
  if (measured === undefined || !position?.approximate) return measured;
  return origin ? Math.round(haversineMetres(origin, position)) : null;
}
