/**
 * The maps / places adapter: geocoding, nearby places and address autocomplete.
 * Two implementations: Google Maps Platform (`google-maps.server.ts`, when GOOGLE_MAPS_API_KEY is
 * set) and an offline gazetteer with curated Melbourne places (`offline-maps.server.ts`).
 * Types here are shared with the browser (the listing map component), so this file is not
 * server-only; it holds no secrets and no I/O.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** How exact a geocode is: a street address (or better), or only the suburb / postcode area. */
export type GeocodePrecision = "address" | "suburb";

export interface GeocodeResult extends LatLng {
  precision: GeocodePrecision;
}

/** The place types a nearby search asks for (product spec, maps service). */
export const PLACE_TYPES = [
  "tourist_attraction",
  "point_of_interest",
  "museum",
  "art_gallery",
  "park",
  "landmark",
] as const;

export type PlaceType = (typeof PLACE_TYPES)[number];

/** A place near a point. */
export interface PlaceSuggestion {
  /** The provider's place id; unique within one result list. */
  id: string;
  name: string;
  /** Short address, e.g. "Federation Square, Melbourne". */
  vicinity: string;
  types: string[];
  location: LatLng;
  /** Great-circle distance from the search centre, rounded to whole metres. */
  distanceMetres: number;
}

/** One autocomplete suggestion, already resolved to an address: street, suburb, state, postcode, country and a point. */
export interface AddressSuggestion {
  /** The provider's id for this suggestion (Google place id, or `gazetteer:<n>`). */
  id: string;
  /** One line to show in a suggestion list. */
  label: string;
  /** Unit/number and street, e.g. "12 Degraves Street"; empty for a suburb-level suggestion. */
  streetAddress: string;
  suburb: string;
  /** Short state code: VIC, NSW … */
  state: string;
  postcode: string;
  /** Country long name: "Australia". */
  country: string;
  lat: number;
  lng: number;
  precision: GeocodePrecision;
}

/** What a "where" place is: suggestions show it, and it decides how search narrows (see modules/listings/location-filter.ts). */
export type WherePlaceKind = "suburb" | "postcode" | "campus" | "hospital" | "station";

/** A place a renter can search in or around: a suburb or postcode of Greater Melbourne, or a named destination. */
export interface WherePlace {
  /** Stable id for URLs: "rmit-city", "carlton-3053", "3053". */
  id: string;
  /** Short name: "RMIT City", "Carlton", "3053". */
  name: string;
  /** One line for a suggestion list: "RMIT University, City campus, 124 La Trobe St, Melbourne", "Carlton VIC 3053". */
  label: string;
  kind: WherePlaceKind;
  /** The place itself, or the middle of the suburb or postcode area. */
  location: LatLng;
  /** For a suburb: its name as listings spell it ("Carlton") and its postcode; for a postcode: the postcode. */
  suburb?: string;
  postcode?: string;
}

/** Finds "where" places from what a renter typed or a suggestion's id. */
export interface WherePlaces {
  /** Places whose names start with what was typed, best first, at most `limit`. */
  suggestWhere(query: string, limit?: number): Promise<WherePlace[]>;
  /** The place a suggestion's id or typed text names (the best suggestion); null when none. */
  findWhere(idOrText: string): Promise<WherePlace | null>;
}

export type MapsProvider = "google" | "offline";

export interface MapsAdapter {
  readonly provider: MapsProvider;
  /** The address's position, or null when the provider finds nothing. Throws MapsServiceError on failure. */
  geocode(address: string): Promise<GeocodeResult | null>;
  /** Places of the spec's types within `radiusMetres`, de-duplicated by id, nearest first. */
  nearbyPlaces(center: LatLng, radiusMetres: number): Promise<PlaceSuggestion[]>;
  /** Address suggestions in Australia for what the user has typed so far. */
  autocomplete(query: string): Promise<AddressSuggestion[]>;
}

/** A maps provider failed (network, timeout, refused key, quota): the message says which and why. */
export class MapsServiceError extends Error {
  constructor(
    message: string,
    readonly provider: MapsProvider,
    /** The provider's status, e.g. "REQUEST_DENIED", "HTTP 503", "TIMEOUT". */
    readonly status: string,
  ) {
    super(message);
    this.name = "MapsServiceError";
  }
}
