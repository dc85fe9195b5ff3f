import { randomUUID } from "node:crypto";
import { dedupePlaces, haversineMetres, isValidLatLng } from "~/lib/adapters/maps/geo";
import {
  MapsServiceError,
  PLACE_TYPES,
  type AddressSuggestion,
  type GeocodeResult,
  type LatLng,
  type MapsAdapter,
  type PlaceSuggestion,
} from "~/lib/adapters/maps/maps-adapter";

/**
 * Google Maps Platform (Geocoding API, Places API Nearby Search, Place Autocomplete and Place
 * Details), called from the server only: the key never reaches the browser.
 */
export interface GoogleMapsOptions {
  apiKey: string;
  /** Scheme and host of the API; tests point it at a local server. */
  baseUrl?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
  /** At most this many autocomplete predictions are resolved to full addresses (one Place Details call each). */
  autocompleteLimit?: number;
  fetch?: typeof fetch;
}

export const GOOGLE_MAPS_BASE_URL = "https://maps.googleapis.com";
const DEFAULT_TIMEOUT_MS = 4000;

interface GoogleLatLng {
  lat: number;
  lng: number;
}

interface GoogleAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GoogleGeocodeResponse {
  status: string;
  error_message?: string;
  results?: {
    types?: string[];
    partial_match?: boolean;
    geometry?: { location?: GoogleLatLng; location_type?: string };
  }[];
}

interface GoogleNearbyResponse {
  status: string;
  error_message?: string;
  results?: {
    place_id?: string;
    name?: string;
    vicinity?: string;
    formatted_address?: string;
    types?: string[];
    geometry?: { location?: GoogleLatLng };
  }[];
}

interface GoogleAutocompleteResponse {
  status: string;
  error_message?: string;
  predictions?: { place_id?: string; description?: string }[];
}

interface GoogleDetailsResponse {
  status: string;
  error_message?: string;
  result?: {
    place_id?: string;
    formatted_address?: string;
    address_components?: GoogleAddressComponent[];
    geometry?: { location?: GoogleLatLng };
  };
}

/** Result types that mean a street-level match. */
const STREET_LEVEL_TYPES = new Set(["street_address", "premise", "subpremise", "establishment", "point_of_interest"]);

export class GoogleMapsAdapter implements MapsAdapter {
  readonly provider = "google" as const;
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #autocompleteLimit: number;
  readonly #fetch: typeof fetch;

  constructor(options: GoogleMapsOptions) {
    if (!options.apiKey) throw new Error("GoogleMapsAdapter needs an API key");
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? GOOGLE_MAPS_BASE_URL).replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#autocompleteLimit = options.autocompleteLimit ?? 5;
    this.#fetch = options.fetch ?? fetch;
  }

  async geocode(address: string): Promise<GeocodeResult | null> {
    const trimmed = address.trim();
    if (!trimmed) return null;
    const body = await this.#get<GoogleGeocodeResponse>("geocode", "/maps/api/geocode/json", {
      address: trimmed,
      region: "au",
      components: "country:AU",
    });
    const result = body.results?.[0];
    const location = result?.geometry?.location;
    if (!result || !location || !isValidLatLng(location)) return null;
    const locationType = result.geometry?.location_type;
    const streetLevel =
      locationType === "ROOFTOP" ||
      locationType === "RANGE_INTERPOLATED" ||
      (result.types ?? []).some((type) => STREET_LEVEL_TYPES.has(type));
    return { lat: location.lat, lng: location.lng, precision: streetLevel ? "address" : "suburb" };
  }

  async nearbyPlaces(center: LatLng, radiusMetres: number): Promise<PlaceSuggestion[]> {
    // Nearby Search takes one type per request: ask for each and merge.
    const settled = await Promise.allSettled(
      PLACE_TYPES.map((type) =>
        this.#get<GoogleNearbyResponse>("nearby search", "/maps/api/place/nearbysearch/json", {
          location: `${center.lat},${center.lng}`,
          radius: String(Math.round(radiusMetres)),
          type,
        }),
      ),
    );
    const failures = settled.filter((outcome) => outcome.status === "rejected");
    // One refused type (an unsupported type, say) should not hide the others; all failing is an error.
    if (failures.length === settled.length) throw (failures[0] as PromiseRejectedResult).reason;

    const places: PlaceSuggestion[] = [];
    for (const outcome of settled) {
      if (outcome.status !== "fulfilled") continue;
      for (const result of outcome.value.results ?? []) {
        const location = result.geometry?.location;
        if (!result.place_id || !result.name || !location || !isValidLatLng(location)) continue;
        const distance = haversineMetres(center, location);
        // Nearby Search ranks by prominence and may reach slightly past the radius.
        if (distance > radiusMetres) continue;
        places.push({
          id: result.place_id,
          name: result.name,
          vicinity: result.vicinity ?? result.formatted_address ?? "",
          types: result.types ?? [],
          location: { lat: location.lat, lng: location.lng },
          distanceMetres: Math.round(distance),
        });
      }
    }
    return dedupePlaces(places).sort((a, b) => a.distanceMetres - b.distanceMetres || a.name.localeCompare(b.name));
  }

  async autocomplete(query: string): Promise<AddressSuggestion[]> {
    const input = query.trim();
    if (input.length < 2) return [];
    // One session token groups the predictions and the details lookups for billing.
    const sessiontoken = randomUUID();
    const body = await this.#get<GoogleAutocompleteResponse>("autocomplete", "/maps/api/place/autocomplete/json", {
      input,
      components: "country:au",
      types: "address",
      sessiontoken,
    });
    const predictions = (body.predictions ?? [])
      .filter((prediction) => prediction.place_id)
      .slice(0, this.#autocompleteLimit);
    const details = await Promise.all(
      predictions.map((prediction) =>
        this.#get<GoogleDetailsResponse>("place details", "/maps/api/place/details/json", {
          place_id: prediction.place_id ?? "",
          fields: "place_id,formatted_address,address_component,geometry",
          sessiontoken,
        }).then((response) => toAddressSuggestion(prediction.place_id ?? "", prediction.description, response)),
      ),
    );
    return details.filter((suggestion): suggestion is AddressSuggestion => suggestion !== null);
  }

  /** GETs a Google JSON endpoint; throws MapsServiceError on network errors, timeouts, HTTP and API errors. */
  async #get<T extends { status: string; error_message?: string }>(
    operation: string,
    path: string,
    params: Record<string, string>,
  ): Promise<T> {
    const url = new URL(path, `${this.#baseUrl}/`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", this.#apiKey);
    let response: Response;
    try {
      response = await this.#fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      // Never put the URL in an error: it carries the key.
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new MapsServiceError(
          `Google Maps ${operation} timed out after ${this.#timeoutMs} ms`,
          "google",
          "TIMEOUT",
        );
      }
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new MapsServiceError(`Google Maps ${operation} could not be reached: ${reason}`, "google", "NETWORK");
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new MapsServiceError(
        `Google Maps ${operation} failed with HTTP ${response.status}`,
        "google",
        `HTTP ${response.status}`,
      );
    }
    let body: T;
    try {
      body = (await response.json()) as T;
    } catch {
      throw new MapsServiceError(
        `Google Maps ${operation} returned a response that is not JSON`,
        "google",
        "BAD_RESPONSE",
      );
    }
    if (typeof body?.status !== "string") {
      throw new MapsServiceError(
        `Google Maps ${operation} returned a response without a status`,
        "google",
        "BAD_RESPONSE",
      );
    }
    if (body.status === "OK" || body.status === "ZERO_RESULTS") return body;
    const explanation = STATUS_EXPLANATIONS[body.status] ?? "unexpected status";
    const detail = body.error_message ? `: ${redactKey(body.error_message, this.#apiKey)}` : "";
    throw new MapsServiceError(
      `Google Maps ${operation} failed: ${body.status} (${explanation})${detail}`,
      "google",
      body.status,
    );
  }
}

const STATUS_EXPLANATIONS: Record<string, string> = {
  REQUEST_DENIED: "the API key was refused; check GOOGLE_MAPS_API_KEY and that the API is enabled for it",
  OVER_QUERY_LIMIT: "quota exceeded or billing not enabled",
  OVER_DAILY_LIMIT: "daily quota exceeded or billing not enabled",
  INVALID_REQUEST: "the request was malformed",
  NOT_FOUND: "the place no longer exists",
  UNKNOWN_ERROR: "a server error at Google; a retry may succeed",
};

function redactKey(text: string, key: string): string {
  return text.split(key).join("[key]");
}

function component(components: GoogleAddressComponent[], type: string): GoogleAddressComponent | undefined {
  return components.find((entry) => entry.types.includes(type));
}

/** Maps a Place Details result to the spec's "Address selection result". */
function toAddressSuggestion(
  placeId: string,
  description: string | undefined,
  response: GoogleDetailsResponse,
): AddressSuggestion | null {
  const result = response.result;
  const location = result?.geometry?.location;
  if (!result || !location || !isValidLatLng(location)) return null;
  const parts = result.address_components ?? [];
  const subpremise = component(parts, "subpremise")?.long_name;
  const number = component(parts, "street_number")?.long_name;
  const route = component(parts, "route")?.long_name;
  const numbered = [number, route].filter(Boolean).join(" ");
  const streetAddress = subpremise && numbered ? `${subpremise}/${numbered}` : numbered;
  const suburb = component(parts, "locality")?.long_name ?? component(parts, "sublocality")?.long_name ?? "";
  const state = component(parts, "administrative_area_level_1")?.short_name ?? "";
  const postcode = component(parts, "postal_code")?.long_name ?? "";
  const country = component(parts, "country")?.long_name ?? "Australia";
  return {
    id: result.place_id ?? placeId,
    label:
      description ?? result.formatted_address ?? [streetAddress, suburb, state, postcode].filter(Boolean).join(" "),
    streetAddress,
    suburb,
    state,
    postcode,
    country,
    lat: location.lat,
    lng: location.lng,
    precision: number && route ? "address" : "suburb",
  };
}
