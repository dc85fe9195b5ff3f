import { haversineMetres } from "~/lib/adapters/maps/geo";
import type { LatLng, WherePlace, WherePlaces } from "~/lib/adapters/maps/maps-adapter";

/** The distances a renter can search within around a place, in kilometres. */
export const RADIUS_KM_OPTIONS = [1, 2, 5, 10] as const;
export type RadiusKm = (typeof RADIUS_KM_OPTIONS)[number];
export const DEFAULT_RADIUS_KM: RadiusKm = 2;

/** A box on the map: latitudes south to north, longitudes west to east (degrees, WGS84). */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Australia with Tasmania and the near islands: a search point or box must lie inside it. */
export const AUSTRALIA: BoundingBox = { south: -44, west: 112, north: -9, east: 154 };
/** The widest or tallest box a search may ask for: about the width of Greater Melbourne. */
export const MAX_BOX_KM = 100;

/** The location part of a search as a URL or an API request carries it (raw text). */
export interface LocationParams {
  /** A place's id from the suggestions ("rmit-city", "carlton-3053", "3053"), typed text, or "lat,lng". */
  where?: string;
  /** Kilometres around a place: 1, 2, 5 or 10 (others are clamped to the next option up, at most 10). */
  radiusKm?: string;
  /** "south,west,north,east". */
  bbox?: string;
  /** Nearest first: needs a place to measure from. */
  sortByDistance?: boolean;
}

/**
 * A resolved location search. A suburb or postcode keeps the rooms in it (`area`); a named place or
 * a point keeps the rooms within `radius` of it; a box keeps the rooms inside it. Each present part
 * narrows the search; distances are measured from `origin`.
 */
export interface LocationSearch {
  /** The chosen place; null for a bare point or a box alone. */
  place: WherePlace | null;
  area: { suburb: string | null; postcode: string } | null;
  radius: { center: LatLng; km: RadiusKm } | null;
  box: BoundingBox | null;
  /** Where distances are measured from: the place, or the point; null for a box alone. */
  origin: LatLng | null;
  sortByDistance: boolean;
}

export type LocationRefusal =
  | "unknown-place"
  | "invalid-coordinates"
  | "outside-australia"
  | "box-reversed"
  | "box-too-large"
  | "invalid-radius"
  | "distance-needs-place";

export const LOCATION_REFUSAL_MESSAGES: Record<LocationRefusal, string> = {
  "unknown-place": "We could not find that place in Melbourne. Try a suburb, a postcode, a campus or a hospital.",
  "invalid-coordinates": "Coordinates must be numbers: a latitude from -90 to 90 and a longitude from -180 to 180.",
  "outside-australia": "Laneway Rooms lists rooms in Australia: choose a place or an area inside it.",
  "box-reversed": "The area's south edge must be below its north edge, and its west edge left of its east edge.",
  "box-too-large": `The area is too large: choose one at most ${MAX_BOX_KM} km across.`,
  "invalid-radius": "The distance must be a number of kilometres: 1, 2, 5 or 10.",
  "distance-needs-place": "Sorting by distance needs a place to measure from.",
};

export type LocationResult =
  { ok: true; search: LocationSearch | null } | { ok: false; reason: LocationRefusal; message: string };

const refuse = (reason: LocationRefusal) =>
  ({ ok: false, reason, message: LOCATION_REFUSAL_MESSAGES[reason] }) as const;

/** Comma-separated finite numbers, exactly `count` of them; null otherwise. */
function numbers(text: string, count: number): number[] | null {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== count || parts.some((part) => part === "")) return null;
  const values = parts.map(Number);
  return values.every(Number.isFinite) ? values : null;
}

const inside = (box: BoundingBox, point: LatLng) =>
  point.lat >= box.south && point.lat <= box.north && point.lng >= box.west && point.lng <= box.east;

/** "lat,lng" as a point in Australia, a refusal for other coordinates, or null when the text is not coordinates. */
export function parsePoint(text: string): LatLng | LocationRefusal | null {
  if (!/^([\s\d.,+eE-]|nan|infinity)+$/i.test(text) || !text.includes(",")) return null;
  const values = numbers(text, 2);
  if (!values) return "invalid-coordinates";
  const [lat = NaN, lng = NaN] = values;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return "invalid-coordinates";
  return inside(AUSTRALIA, { lat, lng }) ? { lat, lng } : "outside-australia";
}

/** "south,west,north,east" as a box inside Australia at most MAX_BOX_KM across, or why not. */
export function parseBox(text: string): BoundingBox | LocationRefusal {
  const values = numbers(text, 4);
  if (!values) return "invalid-coordinates";
  const [south = NaN, west = NaN, north = NaN, east = NaN] = values;
  if ([south, north].some((lat) => Math.abs(lat) > 90) || [west, east].some((lng) => Math.abs(lng) > 180))
    return "invalid-coordinates";
  if (south > north || west > east) return "box-reversed";
  const box = { south, west, north, east };
  if (!inside(AUSTRALIA, { lat: south, lng: west }) || !inside(AUSTRALIA, { lat: north, lng: east }))
    return "outside-australia";
  // Width along the north edge: in Australia the edge nearest the equator, where a degree of longitude is longest.
  const tall = haversineMetres({ lat: south, lng: west }, { lat: north, lng: west });
  const wide = haversineMetres({ lat: north, lng: west }, { lat: north, lng: east });
  return Math.max(tall, wide) > MAX_BOX_KM * 1000 ? "box-too-large" : box;
}

/** A radius option: other positive distances are clamped to the next option up (at most the largest). */
export function parseRadius(text: string): RadiusKm | LocationRefusal {
  const km = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(km) || km <= 0) return "invalid-radius";
  return RADIUS_KM_OPTIONS.find((option) => option >= km) ?? RADIUS_KM_OPTIONS[RADIUS_KM_OPTIONS.length - 1]!;
}

/**
 * The location search these parameters ask for, with the place found through `places`; null when
 * they ask for none. Refuses, with a reason, coordinates that are not numbers or out of range,
 * points and boxes outside Australia, reversed boxes, boxes wider than the city and places it cannot find.
 */
export async function resolveLocation(params: LocationParams, places: WherePlaces): Promise<LocationResult> {
  const where = params.where?.trim() ?? "";
  const bboxText = params.bbox?.trim() ?? "";
  let km: RadiusKm = DEFAULT_RADIUS_KM;
  if (params.radiusKm?.trim()) {
    const radius = parseRadius(params.radiusKm);
    if (typeof radius === "string") return refuse(radius);
    km = radius;
  }
  let box: BoundingBox | null = null;
  if (bboxText) {
    const parsed = parseBox(bboxText);
    if (typeof parsed === "string") return refuse(parsed);
    box = parsed;
  }

  let place: WherePlace | null = null;
  let origin: LatLng | null = null;
  let area: LocationSearch["area"] = null;
  let radius: LocationSearch["radius"] = null;
  if (where) {
    const point = parsePoint(where);
    if (typeof point === "string") return refuse(point);
    if (point) origin = point;
    else {
      place = await places.findWhere(where.slice(0, 200));
      if (!place) return refuse("unknown-place");
      origin = place.location;
      if ((place.kind === "suburb" || place.kind === "postcode") && place.postcode)
        area = { suburb: place.kind === "suburb" ? (place.suburb ?? place.name) : null, postcode: place.postcode };
    }
    if (!area) radius = { center: origin, km };
  }
  if (params.sortByDistance && !origin) return refuse("distance-needs-place");
  if (!where && !box) return { ok: true, search: null };
  return { ok: true, search: { place, area, radius, box, origin, sortByDistance: Boolean(params.sortByDistance) } };
}

/** What a listing's location is to search: its published coordinates (if any), suburb and postcode. */
export interface LocatedListing {
  id: string;
  latitude: number | null;
  longitude: number | null;
  suburb: string | null;
  postcode: string | null;
}

function coordinates(listing: LocatedListing): LatLng | null {
  return listing.latitude === null || listing.longitude === null
    ? null
    : { lat: listing.latitude, lng: listing.longitude };
}

/** Suburb names compare lower-cased, as the SQL compares them (`lower(suburb)`). */
export const suburbKey = (suburb: string) => suburb.toLowerCase();

/**
 * Whether a listing is in the search's area, radius and box: the rule the SQL of
 * location-search.server.ts implements. A listing without coordinates can match a suburb or a
 * postcode, never a radius or a box (it has no position to measure).
 */
export function matchesLocation(search: LocationSearch, listing: LocatedListing): boolean {
  const point = coordinates(listing);
  if (search.area) {
    const { suburb, postcode } = search.area;
    if (suburb !== null) {
      if (listing.suburb === null || suburbKey(listing.suburb) !== suburbKey(suburb)) return false;
      if (listing.postcode !== null && listing.postcode !== postcode) return false;
    } else if (listing.postcode !== postcode) return false;
  }
  if (search.radius && (!point || haversineMetres(search.radius.center, point) > search.radius.km * 1000)) return false;
  if (search.box && (!point || !inside(search.box, point))) return false;
  return true;
}

/** Metres from the search's origin to the listing; null without an origin or without coordinates. */
export function distanceMetres(search: LocationSearch, listing: LocatedListing): number | null {
  const point = coordinates(listing);
  return search.origin && point ? haversineMetres(search.origin, point) : null;
}

/** Nearest first; listings without a distance last; equal distances by listing id (pages never overlap). */
export function compareByDistance(search: LocationSearch): (a: LocatedListing, b: LocatedListing) => number {
  return (a, b) => {
    const da = distanceMetres(search, a);
    const db = distanceMetres(search, b);
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da - db;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * The smallest box holding every point within `km` of `center` (a little larger, never smaller): the
 * index finds the box's rows, the exact distance then keeps the circle.
 */
export function boxAround(center: LatLng, km: number): BoundingBox {
  const metres = km * 1000 * 1.001;
  const dLat = (metres / 6_371_008.8) * (180 / Math.PI);
  const farthestLat = Math.min(89, Math.abs(center.lat) + dLat);
  const dLng = dLat / Math.cos((farthestLat * Math.PI) / 180);
  return { south: center.lat - dLat, north: center.lat + dLat, west: center.lng - dLng, east: center.lng + dLng };
}
