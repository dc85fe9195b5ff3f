/**
 * Synthetic but realistic listings for the search benchmark: varied titles and multi-line
 * descriptions built from Melbourne suburbs, streets and room features, rents from $200 to $900,
 * availability dates around today (about 8 % let, with no date) and creation dates spread over
 * two years. Deterministic for a given seed, so two runs search the same data.
 *
 * Some words are deliberately rare, so the benchmark has selective terms with a known share:
 * "loft" in about 0.3 % of titles, "piano" in about 0.2 % of descriptions.
 */
import type { ListingPhoto, listings } from "~/db/schema";
import { demoRoomPhoto } from "~/scripts/seed/demo-listings";
import { BILL_KINDS, type BillKind, type RoomType } from "~/modules/listings/listing-facts";

/** mulberry32: a small, fast, seedable PRNG (good enough for test data). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: Random, low: number, high: number) => low + Math.floor(rand() * (high - low + 1));

const SUBURBS = [
  { suburb: "Melbourne", postcode: "3000", lat: -37.8136, lng: 144.9631, premium: 1.15 },
  { suburb: "Southbank", postcode: "3006", lat: -37.8226, lng: 144.9646, premium: 1.1 },
  { suburb: "Docklands", postcode: "3008", lat: -37.8146, lng: 144.9447, premium: 1.1 },
  { suburb: "Carlton", postcode: "3053", lat: -37.8001, lng: 144.9671, premium: 1.0 },
  { suburb: "Carlton North", postcode: "3054", lat: -37.7847, lng: 144.9718, premium: 0.95 },
  { suburb: "Fitzroy", postcode: "3065", lat: -37.7984, lng: 144.9784, premium: 1.05 },
  { suburb: "Fitzroy North", postcode: "3068", lat: -37.7832, lng: 144.9847, premium: 0.95 },
  { suburb: "Collingwood", postcode: "3066", lat: -37.8022, lng: 144.9871, premium: 1.0 },
  { suburb: "Abbotsford", postcode: "3067", lat: -37.8046, lng: 144.9987, premium: 0.95 },
  { suburb: "Richmond", postcode: "3121", lat: -37.8183, lng: 144.9984, premium: 1.0 },
  { suburb: "Cremorne", postcode: "3121", lat: -37.8297, lng: 144.9929, premium: 1.05 },
  { suburb: "South Yarra", postcode: "3141", lat: -37.8384, lng: 144.9926, premium: 1.15 },
  { suburb: "Prahran", postcode: "3181", lat: -37.8497, lng: 144.9915, premium: 1.05 },
  { suburb: "Windsor", postcode: "3181", lat: -37.8557, lng: 144.9929, premium: 1.0 },
  { suburb: "St Kilda", postcode: "3182", lat: -37.8676, lng: 144.9809, premium: 1.0 },
  { suburb: "Elwood", postcode: "3184", lat: -37.8819, lng: 144.9871, premium: 1.0 },
  { suburb: "South Melbourne", postcode: "3205", lat: -37.8338, lng: 144.9569, premium: 1.05 },
  { suburb: "Port Melbourne", postcode: "3207", lat: -37.8393, lng: 144.9426, premium: 1.05 },
  { suburb: "Albert Park", postcode: "3206", lat: -37.8416, lng: 144.9556, premium: 1.1 },
  { suburb: "North Melbourne", postcode: "3051", lat: -37.7996, lng: 144.9469, premium: 0.95 },
  { suburb: "West Melbourne", postcode: "3003", lat: -37.8104, lng: 144.9426, premium: 0.95 },
  { suburb: "East Melbourne", postcode: "3002", lat: -37.8157, lng: 144.9857, premium: 1.1 },
  { suburb: "Parkville", postcode: "3052", lat: -37.7869, lng: 144.9516, premium: 1.0 },
  { suburb: "Kensington", postcode: "3031", lat: -37.7942, lng: 144.9297, premium: 0.9 },
  { suburb: "Flemington", postcode: "3031", lat: -37.7881, lng: 144.9303, premium: 0.85 },
  { suburb: "Brunswick", postcode: "3056", lat: -37.7667, lng: 144.9618, premium: 0.9 },
  { suburb: "Brunswick East", postcode: "3057", lat: -37.7724, lng: 144.9783, premium: 0.9 },
  { suburb: "Coburg", postcode: "3058", lat: -37.7443, lng: 144.9652, premium: 0.8 },
  { suburb: "Northcote", postcode: "3070", lat: -37.7698, lng: 144.9991, premium: 0.9 },
  { suburb: "Thornbury", postcode: "3071", lat: -37.7558, lng: 145.0056, premium: 0.85 },
  { suburb: "Footscray", postcode: "3011", lat: -37.8, lng: 144.9, premium: 0.8 },
  { suburb: "Yarraville", postcode: "3013", lat: -37.8158, lng: 144.8896, premium: 0.85 },
  { suburb: "Hawthorn", postcode: "3122", lat: -37.8226, lng: 145.0354, premium: 1.0 },
  { suburb: "Kew", postcode: "3101", lat: -37.8064, lng: 145.0309, premium: 1.0 },
  { suburb: "Clifton Hill", postcode: "3068", lat: -37.7886, lng: 144.9955, premium: 0.95 },
  { suburb: "Ascot Vale", postcode: "3032", lat: -37.7792, lng: 144.9217, premium: 0.85 },
] as const;

const STREETS = [
  "Lygon Street",
  "Brunswick Street",
  "Smith Street",
  "Gertrude Street",
  "Johnston Street",
  "Swan Street",
  "Bridge Road",
  "Chapel Street",
  "Toorak Road",
  "Fitzroy Street",
  "Acland Street",
  "Grey Street",
  "Errol Street",
  "Victoria Street",
  "Queensberry Street",
  "Rathdowne Street",
  "Nicholson Street",
  "Sydney Road",
  "High Street",
  "St Georges Road",
  "Racecourse Road",
  "Flinders Lane",
  "Little Collins Street",
  "Little Bourke Street",
  "La Trobe Street",
  "Elizabeth Street",
  "Spencer Street",
  "Clarendon Street",
  "Bay Street",
  "Glenferrie Road",
  "Barkers Road",
  "Wellington Street",
  "Hoddle Street",
  "Alexandra Parade",
  "Rae Street",
  "Canning Street",
  "Drummond Street",
  "Faraday Street",
  "Peel Street",
  "Dryburgh Street",
] as const;

const ADJECTIVES = [
  "Sunny",
  "Bright",
  "Quiet",
  "Spacious",
  "Cosy",
  "Modern",
  "Light-filled",
  "Renovated",
  "Stylish",
  "Airy",
  "Peaceful",
  "Charming",
  "Large",
  "Compact",
  "Newly furnished",
  "Leafy",
  "Warm",
  "Tidy",
  "Elegant",
  "Private",
] as const;

const ROOMS = [
  "furnished room",
  "double room",
  "queen room",
  "bedroom",
  "room with ensuite",
  "studio room",
  "master bedroom",
  "single room",
  "corner room",
  "room with balcony",
  "attic room",
  "garden room",
] as const;

const NEAR = [
  (street: string) => `on ${street}`,
  (street: string) => `off ${street}`,
  (street: string) => `near ${street}`,
  (_: string, suburb: string) => `in ${suburb}`,
  (_: string, suburb: string) => `in the heart of ${suburb}`,
  (_: string, suburb: string) => `close to trams in ${suburb}`,
  (street: string, suburb: string) => `on ${street}, ${suburb}`,
] as const;

const FEATURES = [
  "Furnished double room",
  "Furnished queen room",
  "Bills included",
  "Fast Wi-Fi",
  "Built-in wardrobe",
  "Study desk",
  "Ensuite bathroom",
  "Shared bathroom",
  "Private balcony",
  "Air conditioning",
  "Gas heating",
  "Off-street parking",
  "Bike storage",
  "Pets considered",
  "Couples welcome",
  "Laundry in the apartment",
  "Dishwasher",
  "Courtyard garden",
  "Building gym",
  "Free tram zone",
] as const;

const DETAILS = [
  (s: Context) =>
    `Bright room on the ${pick(s.rand, ["first", "second", "third", "top"])} floor of a ${pick(s.rand, ["converted warehouse", "Victorian terrace", "modern apartment block", "Edwardian house", "art deco building"])} in ${s.suburb}.`,
  (s: Context) =>
    `You'll share the home with ${pick(s.rand, ["one other tenant", "two professionals", "three postgraduate students", "a young couple", "two nurses"])} who keep things tidy and quiet on weeknights.`,
  (s: Context) =>
    `Leases from ${pick(s.rand, [3, 4, 6])} to ${pick(s.rand, [6, 9, 12])} months. ${pick(s.rand, ["Electricity, gas and internet are included in the rent.", "Wi-Fi is included; electricity is split evenly and billed quarterly.", "All bills and a fortnightly clean of the common areas are included."])}`,
  (s: Context) =>
    `${pick(s.rand, ["Queen bed", "Double bed", "King single bed"])}, wardrobe, desk and chair are in the room; linen and towels can be supplied on request.`,
  (s: Context) =>
    `The tram stop on ${s.street} is ${between(s.rand, 1, 9)} minutes' walk, and the city is ${between(s.rand, 8, 30)} minutes away.`,
  (s: Context) =>
    `${pick(s.rand, ["Cafés", "Bakeries", "Bars", "Grocers", "Bookshops"])} and ${pick(s.rand, ["parks", "the market", "the river trail", "the library", "the pool"])} are around the corner.`,
  (s: Context) =>
    `The kitchen has ${pick(s.rand, ["a gas cooktop", "an induction cooktop", "a big island bench", "a dishwasher and plenty of bench space"])}; the living room opens onto ${pick(s.rand, ["a sunny courtyard", "a small balcony", "a shared garden", "a rooftop terrace"])}.`,
  (s: Context) =>
    `Inspections on ${pick(s.rand, ["weekday evenings", "Saturday mornings", "Sunday afternoons", "request"])}; references from a previous landlord or employer are welcome.`,
  (s: Context) =>
    `Parking: ${pick(s.rand, ["a permit zone in the street", "one car space in the basement, extra", "none, but bike storage in the hallway", "unrestricted street parking"])}.`,
  (s: Context) =>
    `Close to ${pick(s.rand, ["the University of Melbourne", "RMIT", "the Royal Melbourne Hospital", "the Alfred", "Victoria Market", "the MCG"])}.`,
] as const;

interface Context {
  rand: Random;
  suburb: string;
  street: string;
}

const ROOM_PHOTOS = Array.from({ length: 24 }, (_, index) => `room-${String(index + 1).padStart(2, "0")}`);

function photo(name: string): ListingPhoto {
  return demoRoomPhoto(name, "Furnished room");
}

/** A generated listing row: the schema's insert shape, with every column the benchmark fills. */
export type SyntheticListing = {
  [
    Column in
      | "landlordId"
      | "listingTitle"
      | "address"
      | "suburb"
      | "state"
      | "postcode"
      | "country"
      | "description"
      | "weeklyRent"
      | "photos"
      | "latitude"
      | "longitude"
      | "locationPrecision"
      | "status"
      | "landlordEmail"
      | "landlordName"
      | "landlordPhone"
      | "createdAt"
      | "updatedAt"
      | "confirmedAt"
      | "minLeaseMonths"
      | "maxLeaseMonths"
      | "billsIncluded"
      | "furnished"
      | "roomType"
  ]-?: NonNullable<(typeof listings.$inferInsert)[Column]>;
} & { availableFrom: string | null; billsCap: number | null; billsEstimate: number | null };

export interface SyntheticLandlord {
  id: string;
  name: string;
  email: string;
  phone: string;
}

const FIRST_NAMES = ["Lena", "Priya", "Tom", "Mia", "Jack", "Aisha", "Wei", "Sofia", "Liam", "Zara", "Noah", "Grace"];
const LAST_NAMES = ["Nguyen", "Smith", "Nair", "Chen", "Brown", "Papadopoulos", "Wilson", "Rossi", "Kaur", "Murphy"];

export function syntheticLandlords(count: number): SyntheticLandlord[] {
  const rand = random(7);
  return Array.from({ length: count }, (_, index) => {
    const first = pick(rand, FIRST_NAMES);
    const last = pick(rand, LAST_NAMES);
    const number = String(index + 1).padStart(4, "0");
    return {
      id: `bench-landlord-${number}`,
      name: `${first} ${last}`,
      email: `landlord.${number}@bench.example.com`,
      phone: `04${String(between(rand, 10, 99))} ${String(between(rand, 100, 999))} ${String(between(rand, 100, 999))}`,
    };
  });
}

const DAY = 86_400_000;

const MIN_LEASES = [3, 3, 3, 4, 6, 6] as const;
const MAX_LEASES = [6, 9, 12, 12, 12] as const;

/**
 * Stay facts from their own random stream (so the other columns stay as before): leases mostly
 * 3–12 or 6–12 months; 35 % all bills, 30 % internet only, 15 % internet and water, 20 % none;
 * 55 % private rooms, 25 % ensuites, 12 % studios, 8 % whole apartments; 90 % furnished.
 */
function stayFacts(index: number) {
  const rand = random(7_000_003 * (index + 1));
  const minLeaseMonths = pick(rand, MIN_LEASES);
  const maxLeaseMonths = Math.max(minLeaseMonths, pick(rand, MAX_LEASES));
  const bills = rand();
  const billsIncluded: BillKind[] =
    bills < 0.35 ? [...BILL_KINDS] : bills < 0.65 ? ["internet"] : bills < 0.8 ? ["internet", "water"] : [];
  const type = rand();
  return {
    minLeaseMonths,
    maxLeaseMonths,
    billsIncluded,
    billsCap: billsIncluded.length > 0 && rand() < 0.3 ? between(rand, 25, 60) : null,
    billsEstimate: billsIncluded.length === BILL_KINDS.length ? null : between(rand, 10, 60),
    furnished: rand() < 0.9,
    roomType: (type < 0.55
      ? "private_room"
      : type < 0.8
        ? "ensuite"
        : type < 0.92
          ? "studio"
          : "whole_apartment") as RoomType,
  };
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Listings `from` (inclusive) to `to` (exclusive) of the synthetic set: generated in slices, so
 * 200,000 of them never sit in memory at once. Listing `i` is the same whatever the slice.
 */
export function syntheticListings(
  from: number,
  to: number,
  { landlords, now }: { landlords: readonly SyntheticLandlord[]; now: number },
): SyntheticListing[] {
  const rows: SyntheticListing[] = [];
  const today = Math.floor(now / DAY) * DAY;
  for (let index = from; index < to; index++) {
    const rand = random(1_000_003 * (index + 1));
    const place = pick(rand, SUBURBS);
    const street = pick(rand, STREETS);
    const context: Context = { rand, suburb: place.suburb, street };
    const loft = rand() < 0.003;
    const room = loft ? "loft room" : pick(rand, ROOMS);
    const title = `${pick(rand, ADJECTIVES)} ${room} ${pick(rand, NEAR)(street, place.suburb)}`;

    const features = [...FEATURES].sort(() => rand() - 0.5).slice(0, between(rand, 3, 5));
    const details = [...DETAILS]
      .sort(() => rand() - 0.5)
      .slice(0, between(rand, 3, 6))
      .map((line) => line(context));
    if (rand() < 0.002) details.push("There is an upright piano in the lounge that housemates are welcome to play.");
    const description = [features.join(" · "), ...details].join("\n");

    // $200–$900 a week: mostly $280–$650, scaled by the suburb, a few with cents.
    const base = 200 + 700 * Math.pow(rand(), 1.6);
    const rent = Math.min(900, Math.max(200, base * place.premium));
    const weeklyRent = rand() < 0.1 ? Math.round(rent * 2) / 2 : Math.round(rent / 5) * 5;

    const let_ = rand() < 0.08;
    const availableFrom = let_ ? null : isoDate(today + between(rand, -30, 180) * DAY);
    const createdAt = new Date(now - Math.floor(rand() * 730 * DAY));
    const photoCount = rand() < 0.05 ? 0 : between(rand, 3, 6);
    const landlord = pick(rand, landlords);

    rows.push({
      landlordId: landlord.id,
      listingTitle: title,
      address: `${between(rand, 1, 40)}/${between(rand, 1, 400)} ${street}`,
      suburb: place.suburb,
      state: "VIC",
      postcode: place.postcode,
      country: "Australia",
      description,
      weeklyRent,
      availableFrom,
      photos: Array.from({ length: photoCount }, () => photo(pick(rand, ROOM_PHOTOS))),
      latitude: place.lat + (rand() - 0.5) * 0.02,
      longitude: place.lng + (rand() - 0.5) * 0.02,
      locationPrecision: "address",
      status: let_ ? "let" : rand() < 0.03 ? "under_review" : "available",
      landlordEmail: landlord.email,
      landlordName: landlord.name,
      landlordPhone: landlord.phone,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + Math.floor(rand() * 30 * DAY)),
      // Landlords of an active site confirm their rooms every fortnight: none is asked or paused while
      // a benchmark runs (that would e-mail landlords and take most rooms out of search mid-run).
      // Spread over the last 10 days by index, so the random stream of the other columns is unchanged.
      confirmedAt: new Date(now - (index % 240) * (DAY / 24)),
      ...stayFacts(index),
    });
  }
  return rows;
}
