/**
 * Demo listings: furnished rooms on 3–12 month leases across Melbourne's CBD and inner
 * suburbs. Everything is deterministic: dates are derived from `now`, nothing is random, so two
 * calls with the same `now` give equal results. Photos are the bundled illustrations in
 * public/demo/rooms (drawn by tools/generate-demo-photos.ts).
 */
import type { ListingPhoto, listings } from "~/db/schema";
import type { DemoOwner } from "~/scripts/seed/demo-accounts";
import { DEMO_ROOM_PHOTO_FILES } from "~/scripts/seed/demo-photo-files";
import {
  BILL_KINDS,
  LEASE_MONTHS,
  sortBills,
  type BillKind,
  type ListingFacts,
} from "~/modules/listings/listing-facts";

/** A demo listing row: the schema's insert shape with the columns the seed fills, plus its owner. */
export type DemoListing = {
  [
    Column in
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
      | "createdAt"
      | "listedAt"
      | "minLeaseMonths"
      | "maxLeaseMonths"
      | "billsIncluded"
      | "furnished"
      | "roomType"
  ]-?: NonNullable<(typeof listings.$inferInsert)[Column]>;
} & {
  owner: DemoOwner;
  availableFrom: string | null;
  billsCap: number | null;
  billsEstimate: number | null;
  letAt: Date | null;
};

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

/** Alt text for each bundled room illustration, as drawn. */
const ROOM_ALTS: Record<string, string> = {
  "room-01": "Bedroom with a queen bed, teal feature wall, framed prints and a window onto city towers",
  "room-02": "Bedroom with a navy feature wall, queen bed and a window overlooking a laneway mural",
  "room-03": "Lounge with a lavender sofa, coffee table and a wide window with city views",
  "room-04": "Kitchen with mustard cabinets, an island bench with stools and a laneway view",
  "room-05": "Bedroom with a terracotta headboard, striped rug, reading lamp and a garden view",
  "room-06": "Bathroom with a timber vanity, arched mirror and walk-in shower",
  "room-07": "Bedroom with a blush pink bed, study desk and a city-view window",
  "room-08": "Balcony at dusk with a bistro table, potted plants and the city skyline",
  "room-09": "Lounge with a cream sofa, tall bookcase and a view over terrace-house roofs",
  "room-10": "Bedroom with a navy feature wall, timber slat headboard, study desk and laneway view",
  "room-11": "Kitchen with timber cabinets, an island with stools and the city skyline at dusk",
  "room-12": "Bedroom with a mustard headboard, grey pillows and a leafy window view",
  "room-13": "Bathroom with a terracotta freestanding bath, round mirror and walk-in shower",
  "room-14": "Bedroom with a tufted headboard, olive bedding and a city view",
  "room-15": "Lounge with a blush pink sofa, gallery wall of prints and a laneway view",
  "room-16": "Balcony with a bistro set, potted plants and the city skyline by day",
  "room-17": "Bedroom with a teal feature wall, upholstered bed and a treetop view",
  "room-18": "Kitchen with white cabinets, black stools at the island and a view of trees and terraces",
  "room-19": "Bedroom in lavender tones with a study desk and a city view",
  "room-20": "Lounge with a mustard sofa, floor lamp and floor-to-ceiling city views",
  "room-21": "Bedroom with a terracotta feature wall, teal headboard and a laneway mural view",
  "room-22": "Bathroom with a charcoal vanity, round mirror and glass shower screen",
  "room-23": "Balcony at sunset with pink chairs, a bistro table and the city skyline",
  "room-24": "Bedroom with a sage green headboard, study desk and a garden view",
};

type View = "city" | "lane" | "leafy";

const BEDROOMS: Record<View, string[]> = {
  city: ["room-01", "room-07", "room-14", "room-19"],
  lane: ["room-02", "room-10", "room-21"],
  leafy: ["room-05", "room-12", "room-17", "room-24"],
};
const LOUNGES: Record<View, string[]> = {
  city: ["room-03", "room-20"],
  lane: ["room-15", "room-03"],
  leafy: ["room-09", "room-15"],
};
const KITCHENS: Record<View, string[]> = {
  city: ["room-11", "room-04"],
  lane: ["room-04", "room-11"],
  leafy: ["room-18", "room-04"],
};
const BATHROOMS = ["room-06", "room-13", "room-22"];
const BALCONIES = ["room-08", "room-16", "room-23"];

/** A demo room photo: its content-named files (480, 800 and 1200 px wide WebP) as responsive variants. */
export function demoRoomPhoto(name: string, alt: string): ListingPhoto {
  const files = DEMO_ROOM_PHOTO_FILES[name];
  if (!files) throw new Error(`no demo photo named ${name} (run tools/generate-demo-photos.ts)`);
  const widths = Object.keys(files)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths[widths.length - 1] ?? 1200;
  return {
    url: files[largest]!,
    width: largest,
    height: Math.round((largest * 2) / 3),
    alt,
    variants: widths.map((width) => ({ url: files[width]!, width, format: "webp" as const })),
  };
}

function photo(name: string): ListingPhoto {
  return demoRoomPhoto(name, ROOM_ALTS[name] ?? "Furnished room");
}

/** A small integer hash, so photo choices for neighbouring listings don't move in lockstep. */
function mixIndex(i: number, salt: number): number {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 13)) >>> 0;
}

const at = (list: string[], i: number, salt: number) => list[mixIndex(i, salt) % list.length] ?? list[0] ?? "room-01";

/** 3–6 photos: the bedroom first (the card's hero image), then the shared spaces. */
function photosFor(index: number, view: View, balcony: boolean, hero: string): ListingPhoto[] {
  const lounge = at(LOUNGES[view], index, 2);
  const names = [
    hero,
    lounge,
    at(KITCHENS[view], index, 3),
    at(BATHROOMS, index, 4),
    ...LOUNGES[view].filter((name) => name !== lounge),
  ];
  if (balcony) names.splice(1, 0, at(BALCONIES, index, 5));
  const count = balcony ? 4 + (index % 3) : 3 + (index % 3);
  return names.slice(0, count).map(photo);
}

// ---------------------------------------------------------------------------------------------
// The listings
// ---------------------------------------------------------------------------------------------

const LENA = "landlord@example.com" satisfies DemoOwner;
const PAT = "landlord.pending@example.com" satisfies DemoOwner;
const PRIYA = "priya.nair@example.com" satisfies DemoOwner;
const TOM = "tom.nguyen@example.com" satisfies DemoOwner;

const SUBURBS = {
  melbourne: { suburb: "Melbourne", postcode: "3000", view: "city" },
  southbank: { suburb: "Southbank", postcode: "3006", view: "city" },
  docklands: { suburb: "Docklands", postcode: "3008", view: "city" },
  carlton: { suburb: "Carlton", postcode: "3053", view: "leafy" },
  fitzroy: { suburb: "Fitzroy", postcode: "3065", view: "lane" },
  collingwood: { suburb: "Collingwood", postcode: "3066", view: "lane" },
  richmond: { suburb: "Richmond", postcode: "3121", view: "lane" },
  cremorne: { suburb: "Cremorne", postcode: "3121", view: "lane" },
  southYarra: { suburb: "South Yarra", postcode: "3141", view: "city" },
  stKilda: { suburb: "St Kilda", postcode: "3182", view: "leafy" },
  northMelbourne: { suburb: "North Melbourne", postcode: "3051", view: "leafy" },
  westMelbourne: { suburb: "West Melbourne", postcode: "3003", view: "lane" },
  eastMelbourne: { suburb: "East Melbourne", postcode: "3002", view: "leafy" },
  parkville: { suburb: "Parkville", postcode: "3052", view: "leafy" },
  brunswick: { suburb: "Brunswick", postcode: "3056", view: "leafy" },
  abbotsford: { suburb: "Abbotsford", postcode: "3067", view: "leafy" },
  prahran: { suburb: "Prahran", postcode: "3181", view: "lane" },
} as const satisfies Record<string, { suburb: string; postcode: string; view: View }>;

interface Entry {
  owner: DemoOwner;
  title: string;
  address: string;
  area: keyof typeof SUBURBS;
  lat: number;
  lng: number;
  rent: number;
  features: string;
  details: string[];
  /** Overrides the suburb's window view when picking the hero photo. */
  view?: View;
  /** The room is let: no availability date. */
  let?: boolean;
  /** No photos uploaded yet (the UI shows a placeholder). */
  noPhotos?: boolean;
}

const ENTRIES: Entry[] = [
  // --- Melbourne CBD (3000) ---
  {
    owner: LENA,
    title: "Sunny furnished room off Degraves Street",
    address: "5/14 Degraves Street",
    area: "melbourne",
    lat: -37.8171,
    lng: 144.9654,
    rent: 455,
    view: "lane",
    features: "Furnished double room · Bills included · Fast Wi-Fi · 3 min to Flinders Street Station",
    details: [
      "Bright north-facing room on the second floor of a converted warehouse, right above the cafés of Degraves Street.",
      "You'll share the apartment with two professionals in their late twenties (a nurse and a software tester) who keep things tidy and quiet on weeknights.",
      "Leases from 3 to 6 months. Electricity, gas, internet and a fortnightly clean of the common areas are included in the rent.",
      "Queen bed, wardrobe, desk and chair are in the room; linen and towels can be supplied on request.",
      "Flinders Street Station and the free tram zone are at the end of the lane.",
    ],
  },
  {
    owner: PRIYA,
    title: "Top-floor room with skyline views on Little Lonsdale Street",
    address: "2403/108 Little Lonsdale Street",
    area: "melbourne",
    lat: -37.8112,
    lng: 144.966,
    rent: 520,
    features: "Furnished queen room · Floor-to-ceiling windows · Building gym and pool · Free tram zone",
    details: [
      "Corner room on level 24 with views south across the city to the bay on a clear day.",
      "Two-bedroom apartment shared with one other tenant, a postgraduate student at RMIT.",
      "Minimum stay 4 months, maximum 12. Wi-Fi included; electricity is split evenly and billed quarterly.",
      "Residents' gym, indoor pool and rooftop terrace on level 40. Melbourne Central Station is a 4-minute walk.",
    ],
  },
  {
    owner: TOM,
    title: "Quiet room above Hardware Lane",
    address: "3/28 Hardware Lane",
    area: "melbourne",
    lat: -37.813,
    lng: 144.9596,
    rent: 398,
    view: "lane",
    features: "Furnished double room · Shared bathroom · Bills included · 5 min to Flagstaff Station",
    details: [
      "Heritage building with exposed brick and timber floors, set back from the lane so it's quieter than you'd expect.",
      "Three-bedroom apartment; your housemates are a law graduate and a chef who works evenings.",
      "Lease terms of 3, 6 or 9 months. Rent covers all bills including unlimited NBN.",
      "Flagstaff Station is 5 minutes away and the Queen Victoria Market is a short walk up Elizabeth Street.",
    ],
  },
  {
    owner: PRIYA,
    title: "Light-filled room with study nook near the State Library",
    address: "1408/296 Swanston Street",
    area: "melbourne",
    lat: -37.8099,
    lng: 144.964,
    rent: 485,
    features: "Furnished double room · Private ensuite · Study nook · Opposite Melbourne Central",
    details: [
      "Large room with its own ensuite and a built-in study nook by the window, ideal if you work from home a few days a week.",
      "You'll share the kitchen and lounge with one other person, a graduate engineer who travels for work most weeks.",
      "6 to 12 month leases preferred. Internet and water included; electricity averages about $15 a week.",
      "The State Library, RMIT and Melbourne Central are all across the road, and trams run along Swanston Street day and night.",
    ],
  },
  {
    owner: TOM,
    title: "Compact room in a Flinders Lane art deco building",
    address: "5/234 Flinders Lane",
    area: "melbourne",
    lat: -37.8164,
    lng: 144.9655,
    rent: 372.5,
    view: "lane",
    features: "Furnished single room · Shared bathroom · All bills included · Free tram zone",
    details: [
      "Small but well-planned room with a king single bed, hanging rail and plenty of under-bed storage.",
      "Shared with two others in a lovingly kept 1930s building with a lift.",
      "Short leases of 3 to 5 months are welcome, which suits students between semesters or anyone new to Melbourne.",
      "Everything is included: electricity, gas, Wi-Fi and a monthly cleaner for the kitchen and bathroom.",
    ],
  },
  {
    owner: LENA,
    title: "Furnished room with balcony near Queen Victoria Market",
    address: "907/480 Elizabeth Street",
    area: "melbourne",
    lat: -37.8074,
    lng: 144.9598,
    rent: 430,
    features: "Furnished double room · Balcony · Bills included · 2 min to Queen Victoria Market",
    details: [
      "Your own small balcony looks over the market sheds, which is lovely for a morning coffee.",
      "Shared with one other tenant in a two-bedroom, two-bathroom apartment; the second bathroom is yours alone.",
      "Leases from 4 to 12 months. Wi-Fi, electricity and water are included up to a fair-use cap.",
      "Trams along Elizabeth Street stop at the door, and Melbourne Central is a 7-minute walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Executive room at the Paris end of Collins Street",
    address: "904/20 Collins Street",
    area: "melbourne",
    lat: -37.8141,
    lng: 144.9718,
    rent: 640,
    let: true,
    features: "Furnished queen room · Private ensuite · Concierge building · 3 min to Parliament Station",
    details: [
      "Elegant room in a boutique residential building with a 24-hour concierge, finished with oak floors and linen curtains.",
      "The apartment is shared with the owner, a semi-retired architect who spends a lot of time interstate.",
      "Leases of 6 to 12 months for working professionals. All bills and a weekly clean are included.",
      "Parliament Station, the Treasury Gardens and the theatre district are all a few minutes' walk away.",
      "Currently let until the end of the year; register your interest and we'll be in touch.",
    ],
  },
  {
    owner: TOM,
    title: "Budget-friendly room near Southern Cross Station",
    address: "1712/639 Lonsdale Street",
    area: "melbourne",
    lat: -37.8153,
    lng: 144.9545,
    rent: 339,
    features: "Furnished double room · Shared bathroom · Gym and sauna · 4 min to Southern Cross",
    details: [
      "Simple, clean room with a double bed, desk and mirrored wardrobe.",
      "Three-bedroom apartment shared with two international students who are friendly but busy.",
      "3 to 12 month leases. Wi-Fi included; other bills are split three ways and usually come to about $20 a week each.",
      "Residents can use the building gym and sauna. Southern Cross Station and the SkyBus to the airport are around the corner.",
    ],
  },
  {
    owner: PRIYA,
    title: "Room overlooking the Hosier Lane street art",
    address: "4/17 Hosier Lane",
    area: "melbourne",
    lat: -37.8166,
    lng: 144.9692,
    rent: 445,
    view: "lane",
    features: "Furnished double room · Shared bathroom · Bills included · Opposite Federation Square",
    details: [
      "The bedroom window looks straight onto Melbourne's most photographed laneway, with new murals every few weeks.",
      "Loft-style apartment with polished concrete floors, shared with a photographer and a hospitality manager.",
      "Leases of 3 to 8 months. All bills included, and there's a washer and dryer in the apartment.",
      "Federation Square, Flinders Street Station and the river are a two-minute walk.",
    ],
  },
  {
    owner: TOM,
    title: "Modern room on A'Beckett Street with rooftop terrace",
    address: "2205/135 A'Beckett Street",
    area: "melbourne",
    lat: -37.8086,
    lng: 144.9612,
    rent: 410,
    features: "Furnished double room · Rooftop terrace · Wi-Fi included · Near RMIT and Melbourne Central",
    details: [
      "Newer building with a shared rooftop terrace and barbecues that get plenty of use in summer.",
      "The room has a double bed, built-in robe, blackout blinds and a desk facing the window.",
      "You'll live with two other tenants, both working in the city. 3 to 9 month leases available.",
      "Wi-Fi included; electricity and water split evenly. Flagstaff and Melbourne Central stations are both within 6 minutes.",
    ],
  },
  {
    owner: PAT,
    title: "Cosy room near Chinatown on Little Bourke Street",
    address: "9/190 Little Bourke Street",
    area: "melbourne",
    lat: -37.8116,
    lng: 144.9668,
    rent: 395,
    view: "lane",
    features: "Furnished double room · Shared bathroom · Bills included · Heart of the theatre district",
    details: [
      "Warm, carpeted room in a small walk-up building with just six apartments.",
      "Shared with one other person, a hospitality worker who keeps late hours but is considerate and quiet.",
      "Leases from 3 to 6 months, with the option to extend.",
      "Some of the city's best dumplings are downstairs, and Parliament Station is a short walk up the hill.",
    ],
  },
  {
    owner: PRIYA,
    title: "Bright corner room near Flagstaff Gardens",
    address: "1503/280 King Street",
    area: "melbourne",
    lat: -37.8118,
    lng: 144.9545,
    rent: 420,
    features: "Furnished queen room · Two walls of windows · Bills included · Opposite Flagstaff Gardens",
    details: [
      "Corner room with windows on two sides looking over the treetops of Flagstaff Gardens.",
      "Two-bedroom apartment shared with a paramedic who often works night shifts.",
      "6 to 12 month leases. All bills included, plus a secure bike cage in the basement.",
      "Flagstaff Station is across the road and trams on William Street run to the river.",
    ],
  },
  // --- Southbank (3006) ---
  {
    owner: TOM,
    title: "Top-floor room with skyline views in Southbank tower",
    address: "5102/70 Southbank Boulevard",
    area: "southbank",
    lat: -37.8245,
    lng: 144.9652,
    rent: 780,
    features: "Furnished king room · Private ensuite · Balcony · Pool, gym and concierge",
    details: [
      "Level 51 room with a king bed, walk-in robe, private ensuite and access to a wraparound balcony.",
      "Sunsets over the bay and night views of the city lights from bed.",
      "The apartment is shared with one other professional. Leases of 6 to 12 months.",
      "Residents' pool, gym, cinema room and 24-hour concierge. All bills and a fortnightly clean included.",
      "Five minutes' walk to the Arts Centre and the St Kilda Road trams.",
    ],
  },
  {
    owner: PRIYA,
    title: "Riverside room near Southgate with balcony",
    address: "1803/1 Riverside Quay",
    area: "southbank",
    lat: -37.8212,
    lng: 144.9622,
    rent: 565,
    features: "Furnished queen room · Shared balcony · River views · 5 min to Flinders Street",
    details: [
      "Large room overlooking the Yarra, with sliding doors onto a shared balcony.",
      "You'll be sharing with a couple in their thirties who both work in the city and are away most weekends.",
      "Leases of 4 to 10 months. Wi-Fi and water included; electricity split three ways.",
      "Cross the footbridge to Flinders Street Station, or walk along the river to the Botanic Gardens.",
    ],
  },
  {
    owner: LENA,
    title: "Furnished room a block from the Arts Centre",
    address: "2104/180 City Road",
    area: "southbank",
    lat: -37.8235,
    lng: 144.9625,
    rent: 470,
    features: "Furnished double room · Shared bathroom · Bills included · Walk to the Arts Centre",
    details: [
      "A calm, neutral room with a double bed, bedside tables, wardrobe and a comfortable reading chair.",
      "Shared with one housemate, a violinist with a local orchestra who practises with a mute.",
      "Leases from 3 to 12 months. All utilities and internet included.",
      "The Arts Centre, NGV and Southbank Promenade are all within a 5-minute walk; trams on St Kilda Road go straight to the city.",
    ],
  },
  {
    owner: TOM,
    title: "Room with study desk near Crown and the Southbank Promenade",
    address: "1209/50 Haig Street",
    area: "southbank",
    lat: -37.8266,
    lng: 144.9602,
    rent: 399,
    features: "Furnished double room · Study desk · Wi-Fi included · Near Crown and Southbank Promenade",
    details: [
      "Practical room with a large desk and ergonomic chair, set up for someone who studies or works from home.",
      "Three-bedroom apartment shared with two postgraduate students.",
      "Leases of 3 to 6 months suit a semester or an internship.",
      "Wi-Fi included; electricity and gas split three ways. The 96 and 12 trams are close by.",
    ],
  },
  {
    owner: PRIYA,
    title: "Sunlit room on Kavanagh Street with gym access",
    address: "3010/35 Kavanagh Street",
    area: "southbank",
    lat: -37.8256,
    lng: 144.9641,
    rent: 455,
    features: "Furnished queen room · Building gym · Bills included · City views",
    details: [
      "North-facing room on level 30 that's full of light in winter, with a queen bed and a full-height wardrobe.",
      "The building has a residents' gym, pool and a lounge that's good for working from.",
      "Shared with one other tenant, a nurse at the Alfred. Leases from 6 months.",
      "All bills included. Ten minutes' walk to Flinders Street, or hop on a St Kilda Road tram.",
    ],
  },
  {
    owner: TOM,
    title: "Spacious room in a Sturt Street apartment near ACCA",
    address: "804/148 Sturt Street",
    area: "southbank",
    lat: -37.8262,
    lng: 144.9676,
    rent: 430,
    features: "Furnished double room · Spacious layout · Bills included · Arts precinct",
    details: [
      "One of the larger rooms we have: space for a desk, an armchair and a clothes rack as well as the double bed.",
      "Housemates are an architect and a set designer, both friendly and easy-going.",
      "Leases from 3 to 12 months. Electricity, gas and internet are included.",
      "The Malthouse Theatre and ACCA are next door, and the Botanic Gardens are 15 minutes' walk.",
    ],
  },
  // --- Docklands (3008) ---
  {
    owner: PRIYA,
    title: "Docklands room with harbour views 🚢",
    address: "1502/8 Waterview Walk",
    area: "docklands",
    lat: -37.8136,
    lng: 144.9381,
    rent: 510,
    features: "Furnished queen room · Harbour views · Balcony · Free tram zone",
    details: [
      "Watch the boats come and go from your window; the room opens onto the apartment's balcony.",
      "Shared with one other tenant, a civil engineer who works on the West Gate Tunnel project.",
      "6 to 12 month leases. Wi-Fi and water included.",
      "Free trams into the city along La Trobe Street, and the Library at The Dock is a short walk away.",
    ],
  },
  {
    owner: TOM,
    title: "Furnished room on the NewQuay Promenade",
    address: "1104/20 NewQuay Promenade",
    area: "docklands",
    lat: -37.8142,
    lng: 144.9412,
    rent: 455,
    features: "Furnished double room · Shared bathroom · Bills included · Waterfront dining",
    details: [
      "Freshly painted room with a double bed and a window seat facing the water.",
      "The apartment is shared with two professionals who work in the Docklands offices.",
      "Leases of 3 to 9 months. All bills and internet included.",
      "Restaurants and cafés line the promenade below, and the free tram zone starts at the door.",
    ],
  },
  {
    owner: LENA,
    title: "Harbour-side room with car parking near Marvel Stadium",
    address: "2304/100 Harbour Esplanade",
    area: "docklands",
    lat: -37.817,
    lng: 144.946,
    rent: 495,
    features: "Furnished queen room · Parking included · Bills included · 5 min to Southern Cross",
    details: [
      "Comfortable room with a queen bed, a built-in robe and views across Victoria Harbour.",
      "Parking: one secure basement space is included in the rent.",
      "Shared with one other tenant in a quiet two-bedroom apartment.",
      "Leases of 6 to 12 months. Electricity, water and Wi-Fi included.",
      "Marvel Stadium is next door (handy for the footy) and Southern Cross Station is a 5-minute walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Quiet Docklands room near Victoria Harbour",
    address: "1201/15 Victoria Harbour Promenade",
    area: "docklands",
    lat: -37.8205,
    lng: 144.9435,
    rent: 420,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · Waterfront walks",
    details: [
      "A peaceful room at the back of the building, away from the events on the harbour.",
      "Shared with a retired couple who rent out their spare room; they are warm, quiet and happy to share tips about the city.",
      "Leases from 3 to 6 months.",
      "Wi-Fi included; other bills split. Trams along Collins Street take 10 minutes to the city centre.",
    ],
  },
  // --- Carlton (3053) ---
  {
    owner: PRIYA,
    title: "🌿 Leafy Carlton room near Lygon Street",
    address: "2/145 Drummond Street",
    area: "carlton",
    lat: -37.7991,
    lng: 144.9691,
    rent: 360,
    features: "Furnished double room · Shared bathroom · Garden outlook · 2 min to Lygon Street",
    details: [
      "Upstairs room in a Victorian terrace, looking into the plane trees along Drummond Street.",
      "Three housemates: two PhD students and a high-school teacher. Shared dinners happen most Sundays.",
      "Leases of 4 to 12 months. Internet included; bills are split and come to about $25 a week.",
      "Lygon Street's cafés are around the corner and the University of Melbourne is a 10-minute walk.",
    ],
  },
  {
    owner: TOM,
    title: "Terrace house room near Argyle Square",
    address: "72 Cardigan Street",
    area: "carlton",
    lat: -37.8015,
    lng: 144.9643,
    rent: 335,
    features: "Furnished single room · Shared bathroom · Bills included · Near RMIT and Melbourne Uni",
    details: [
      "Compact ground-floor room with a king single bed, desk and built-in shelving.",
      "The house is shared with three students; it's friendly and quiet during the week.",
      "Leases of 3 to 6 months work well around semesters.",
      "All bills included. Argyle Square, Lygon Street and the free tram zone are all within a few minutes.",
    ],
  },
  {
    owner: LENA,
    title: "Furnished room near the University of Melbourne",
    address: "3/88 Faraday Street",
    area: "carlton",
    lat: -37.7999,
    lng: 144.9672,
    rent: 349,
    let: true,
    features: "Furnished double room · Shared bathroom · Bills included · 8 min walk to campus",
    details: [
      "Spacious first-floor room with a double bed, large desk and plenty of shelf space for textbooks.",
      "Shared with two postgraduate students in a well-kept 1970s apartment block.",
      "Leases from 6 to 12 months.",
      "All bills included. Campus is an 8-minute walk, and the trams on Swanston Street are close by.",
      "Let until the new academic year.",
    ],
  },
  {
    owner: PRIYA,
    title: "Heritage room with ensuite on Rathdowne Street",
    address: "401 Rathdowne Street",
    area: "carlton",
    lat: -37.7955,
    lng: 144.9713,
    rent: 425,
    let: true,
    features: "Furnished queen room · Private ensuite · Period features · Near Rathdowne Village",
    details: [
      "High ceilings, a marble fireplace and bay windows, with a modern private ensuite added in the renovation.",
      "Shared with the owner, a semi-retired doctor, and a visiting academic.",
      "6 to 12 month leases preferred.",
      "Bills included. Rathdowne Village shops and the Carlton Gardens are both close by.",
    ],
  },
  {
    owner: TOM,
    title: "Student-friendly room off Elgin Street",
    address: "6/55 Elgin Street",
    area: "carlton",
    lat: -37.7984,
    lng: 144.9655,
    rent: 310,
    features: "Furnished single room · Shared bathroom · Wi-Fi included · 5 min to campus",
    details: [
      "Affordable room with a single bed, desk, lamp and hanging space in a quiet apartment block.",
      "Your three housemates are all students at the University of Melbourne.",
      "Leases of 3 to 12 months.",
      "Wi-Fi included; electricity and gas are split and are usually low. Trams on Lygon Street and Swanston Street reach the city in about 10 minutes.",
    ],
  },
  // --- Fitzroy (3065) ---
  {
    owner: TOM,
    title: "Sunny Fitzroy room with courtyard ☀️",
    address: "41 Rose Street",
    area: "fitzroy",
    lat: -37.7962,
    lng: 144.9793,
    rent: 375,
    view: "leafy",
    features: "Furnished double room · Shared courtyard · Bills included · Walk to Brunswick Street",
    details: [
      "Ground-floor room opening onto a sunny paved courtyard with a lemon tree and a barbecue.",
      "Shared with two creatives: a graphic designer and a musician who practises at a studio, not at home.",
      "Leases from 3 to 9 months.",
      "All bills included. The Rose Street Artists' Market is on the weekend, and Brunswick Street is two minutes away.",
    ],
  },
  {
    owner: PRIYA,
    title: "Warehouse conversion room on Brunswick Street",
    address: "3/312 Brunswick Street",
    area: "fitzroy",
    lat: -37.798,
    lng: 144.9783,
    rent: 420,
    features: "Furnished queen room · Exposed brick · Bills included · Trams at the door",
    details: [
      "Big room with exposed brick walls, original timber beams and a queen bed.",
      "You'll share the open-plan living area with two others who work in hospitality and design.",
      "Leases of 4 to 12 months.",
      "All bills and Wi-Fi included. The 11 tram runs down Brunswick Street to the city in about 15 minutes.",
    ],
  },
  {
    owner: LENA,
    title: "Pet-friendly room in a Victorian terrace near Gertrude Street",
    address: "27 King William Street",
    area: "fitzroy",
    lat: -37.8036,
    lng: 144.979,
    rent: 398,
    view: "leafy",
    features: "Furnished double room · Pet-friendly · Bills included · 3 min to Gertrude Street",
    details: [
      "Pet-friendly house: small dogs and cats are welcome by arrangement, and there's a fenced back garden.",
      "Shared with one other tenant and her very relaxed greyhound.",
      "Leases of 6 to 12 months.",
      "All bills included. Gertrude Street's restaurants and the 86 tram are a few minutes' walk away.",
    ],
  },
  {
    owner: TOM,
    title: "Upstairs room in a Napier Street terrace",
    address: "164 Napier Street",
    area: "fitzroy",
    lat: -37.8005,
    lng: 144.981,
    rent: 365,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · Quiet street",
    details: [
      "Upstairs front room with a small iron-lace balcony over the street.",
      "The house is shared with three working professionals who keep a cleaning roster.",
      "Leases from 3 to 12 months.",
      "Wi-Fi included; bills split four ways. Smith Street and Brunswick Street are each a 5-minute walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Room with garden outlook on Johnston Street",
    address: "2/160 Johnston Street",
    area: "fitzroy",
    lat: -37.7985,
    lng: 144.981,
    rent: 340,
    view: "leafy",
    features: "Furnished double room · Garden outlook · Wi-Fi included · Trams at the corner",
    details: [
      "Rear room overlooking a shared garden, so it stays quiet despite being on Johnston Street.",
      "You'll share with two graduate nurses from St Vincent's Hospital.",
      "Leases of 3 to 6 months.",
      "Wi-Fi included; other bills split three ways. The 86 and 11 trams are both nearby.",
    ],
  },
  // --- Collingwood (3066) ---
  {
    owner: PRIYA,
    title: "Industrial-style room off Smith Street",
    address: "7/48 Cambridge Street",
    area: "collingwood",
    lat: -37.8024,
    lng: 144.9855,
    rent: 385.5,
    features: "Furnished double room · Polished concrete floors · Bills included · Smith Street at the corner",
    details: [
      "Loft-style room with high ceilings, steel-framed windows and a double bed on a platform.",
      "Shared with two people who work in tech and a very quiet cat.",
      "Leases of 3 to 12 months.",
      "All bills and internet included. Smith Street's bars and restaurants are right there, and the 86 tram runs to the city.",
    ],
  },
  {
    owner: TOM,
    title: "Furnished room in a Collingwood warehouse share",
    address: "18 Peel Street",
    area: "collingwood",
    lat: -37.8045,
    lng: 144.988,
    rent: 355,
    features: "Furnished double room · Shared bathroom · Rooftop deck · Wi-Fi included",
    details: [
      "Converted warehouse with a shared rooftop deck that looks back over the city skyline.",
      "Four housemates in their twenties and thirties; it's a sociable house but weeknights are quiet.",
      "Leases from 4 to 9 months.",
      "Wi-Fi included; bills split. Collingwood Station and the Smith Street trams are 5 minutes' walk.",
    ],
  },
  {
    owner: LENA,
    title: "Ensuite room near Wellington Street cafés",
    address: "4/210 Wellington Street",
    area: "collingwood",
    lat: -37.8005,
    lng: 144.987,
    rent: 410,
    features: "Furnished queen room · Ensuite · Bills included · Near Wellington Street cafés",
    details: [
      "Modern room with its own ensuite bathroom, queen bed and built-in robes.",
      "Shared with one other tenant, a physiotherapist who works in the city.",
      "Leases of 6 to 12 months.",
      "All bills and Wi-Fi included. Some of Melbourne's best coffee is on Wellington Street, and the trams on Smith Street are close by.",
    ],
  },
  {
    owner: PRIYA,
    title: "Compact room with bike storage near Hoddle Street",
    address: "9/31 Hoddle Street",
    area: "collingwood",
    lat: -37.803,
    lng: 144.9925,
    rent: 305,
    noPhotos: true,
    features: "Furnished single room · Bike storage · Wi-Fi included · 3 min to Collingwood Station",
    details: [
      "Small, practical room with a king single bed and a secure bike storage room downstairs.",
      "Shared with two young professionals who both cycle to work.",
      "Leases of 3 to 6 months.",
      "Wi-Fi included; other bills split. Collingwood Station is a 3-minute walk and the Capital City Trail is nearby.",
    ],
  },
  // --- Richmond (3121) ---
  {
    owner: TOM,
    title: "Room a short walk from Swan Street and the MCG",
    address: "15 Rowena Parade",
    area: "richmond",
    lat: -37.8228,
    lng: 144.995,
    rent: 365,
    view: "leafy",
    features: "Furnished double room · Shared bathroom · Bills included · 10 min walk to the MCG",
    details: [
      "Double room in a renovated Victorian cottage on a leafy, quiet street.",
      "Shared with two footy-mad professionals who are friendly and tidy.",
      "Leases from 3 to 12 months.",
      "All bills included. Swan Street's pubs and the 70 tram are a few minutes away, and Richmond Station is a 10-minute walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Modern townhouse room near Bridge Road",
    address: "3/58 Lennox Street",
    area: "richmond",
    lat: -37.82,
    lng: 144.9943,
    rent: 378,
    features: "Furnished queen room · Shared bathroom · Wi-Fi included · Near Bridge Road trams",
    details: [
      "Top-floor bedroom in a three-level townhouse, with a skylight and built-in robes.",
      "Shared with a young couple who both work from home a couple of days a week.",
      "Leases of 4 to 12 months.",
      "Wi-Fi included; bills split three ways. The 48 and 75 trams on Bridge Road take you to the city.",
    ],
  },
  {
    owner: LENA,
    title: "Furnished room with off-street parking near Church Street",
    address: "2/410 Church Street",
    area: "richmond",
    lat: -37.8195,
    lng: 145.0002,
    rent: 395,
    features: "Furnished double room · Off-street parking · Bills included · Church Street trams",
    details: [
      "Comfortable room with a double bed and an off-street parking space, which is rare this close to the city.",
      "You'll share the unit with one other tenant who works in retail.",
      "Leases of 3 to 12 months.",
      "All bills included. The 78 tram on Church Street and the shops on Bridge Road are nearby.",
    ],
  },
  {
    owner: TOM,
    title: "Richmond room near East Richmond Station",
    address: "6/340 Church Street",
    area: "richmond",
    lat: -37.824,
    lng: 145.0002,
    rent: 345,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · 3 min to East Richmond Station",
    details: [
      "Well-lit room with a double bed, dresser and a small desk.",
      "Shared with two housemates who work in hospitality and healthcare.",
      "Leases from 3 to 6 months.",
      "Wi-Fi included; bills split. East Richmond Station is 3 minutes away, with trains to Flinders Street in under 10 minutes.",
    ],
  },
  // --- Cremorne (3121) ---
  {
    owner: PRIYA,
    title: "Designer room in the Cremorne tech precinct",
    address: "5/18 Balmain Street",
    area: "cremorne",
    lat: -37.8282,
    lng: 144.9946,
    rent: 455,
    features: "Furnished queen room · Designer fit-out · Bills included · Walk to Richmond Station",
    details: [
      "Architect-designed apartment with concrete benchtops, oak joinery and a queen room with built-in desk.",
      "Shared with one other professional who works at one of the tech companies nearby.",
      "Leases of 6 to 12 months.",
      "All bills included. Richmond Station and the Yarra River trail are both a 5-minute walk.",
    ],
  },
  {
    owner: TOM,
    title: "Quiet Cremorne cottage room near the Yarra trail",
    address: "12 Stephenson Street",
    area: "cremorne",
    lat: -37.8291,
    lng: 144.9931,
    rent: 392,
    view: "leafy",
    features: "Furnished double room · Shared bathroom · Courtyard · Near the Yarra trail",
    details: [
      "Charming workers' cottage with a rear courtyard and a double bedroom at the front.",
      "Shared with the owner, a landscape designer who grows most of the herbs you'll cook with.",
      "Leases of 3 to 9 months.",
      "Bills included. The river trail, Swan Street and Richmond Station are all close by.",
    ],
  },
  // --- South Yarra (3141) ---
  {
    owner: TOM,
    title: "Stylish South Yarra room with building gym",
    address: "1406/610 Chapel Street",
    area: "southYarra",
    lat: -37.8385,
    lng: 144.9957,
    rent: 520,
    features: "Furnished queen room · Building gym · Bills included · 2 min to South Yarra Station",
    details: [
      "Contemporary room with a queen bed, built-in robe and floor-to-ceiling windows.",
      "The building has a gym, pool and a rooftop garden with barbecues.",
      "Shared with one other professional. Leases of 6 to 12 months.",
      "All bills included. South Yarra Station is 2 minutes away and Chapel Street is at your doorstep.",
    ],
  },
  {
    owner: PRIYA,
    title: "Garden-view room near the Royal Botanic Gardens",
    address: "4/72 Domain Road",
    area: "southYarra",
    lat: -37.8343,
    lng: 144.9855,
    rent: 480,
    view: "leafy",
    let: true,
    features: "Furnished queen room · Private ensuite · Garden views · Opposite the Botanic Gardens",
    details: [
      "Elegant room in a 1930s apartment building with views over the Botanic Gardens.",
      "The room has its own ensuite. The apartment is shared with a retired teacher who loves a chat about books.",
      "Leases of 6 to 12 months.",
      "Bills included. Trams along St Kilda Road take you to the city in about 15 minutes.",
    ],
  },
  {
    owner: LENA,
    title: "Furnished room near South Yarra Station",
    address: "2/18 Davis Avenue",
    area: "southYarra",
    lat: -37.8372,
    lng: 144.9903,
    rent: 435,
    features: "Furnished double room · Shared bathroom · Bills included · 4 min to South Yarra Station",
    details: [
      "Quiet room at the back of a small block of flats on a leafy avenue.",
      "Shared with two others: a barista and a junior lawyer.",
      "Leases of 3 to 12 months.",
      "All bills included. South Yarra Station and the Toorak Road shops are a short walk.",
    ],
  },
  {
    owner: TOM,
    title: "Light-filled room on Toorak Road",
    address: "8/155 Toorak Road",
    area: "southYarra",
    lat: -37.8393,
    lng: 144.9925,
    rent: 455,
    features: "Furnished double room · North-facing · Wi-Fi included · Toorak Road trams",
    details: [
      "North-facing room with large windows, a double bed and a linen armchair.",
      "Shared with a medical registrar and a graduate accountant.",
      "Leases from 4 to 12 months.",
      "Wi-Fi included; bills split three ways. The 58 tram on Toorak Road and South Yarra Station are both close by.",
    ],
  },
  // --- St Kilda (3182) ---
  {
    owner: PRIYA,
    title: "Seaside room a block from Acland Street",
    address: "3/21 Barkly Street",
    area: "stKilda",
    lat: -37.8665,
    lng: 144.9822,
    rent: 345,
    features: "Furnished double room · Shared bathroom · Bills included · 5 min to the beach",
    details: [
      "Bright room in an art deco block, a short stroll from the beach and Acland Street's cake shops.",
      "You'll share with two housemates who work in hospitality and events.",
      "Leases of 3 to 9 months.",
      "All bills included. The 96 tram runs to the city in about 25 minutes.",
    ],
  },
  {
    owner: TOM,
    title: "Art deco flat room near the Esplanade",
    address: "5/9 Robe Street",
    area: "stKilda",
    lat: -37.8632,
    lng: 144.9775,
    rent: 360,
    features: "Furnished double room · Period features · Wi-Fi included · 2 min to the Esplanade",
    details: [
      "Original 1930s features, including a curved window and pressed-metal ceilings.",
      "Shared with one other tenant, a yoga teacher who's out early most mornings.",
      "Leases of 3 to 12 months.",
      "Wi-Fi included; bills split. The Esplanade, the Palais Theatre and Luna Park are all just down the street.",
    ],
  },
  {
    owner: LENA,
    title: "Pet-friendly St Kilda room with courtyard",
    address: "11 Dalgety Street",
    area: "stKilda",
    lat: -37.8626,
    lng: 144.9792,
    rent: 330,
    features: "Furnished double room · Pets considered · Courtyard · Bills included",
    details: [
      "A pet-friendly home: your cat or small dog is welcome, and the courtyard is fully fenced.",
      "Shared with one other tenant and a friendly kelpie.",
      "Leases from 6 to 12 months.",
      "All bills included. Fitzroy Street trams and the foreshore are 5 minutes' walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Room on Fitzroy Street near the beach and trams",
    address: "7/80 Fitzroy Street",
    area: "stKilda",
    lat: -37.8598,
    lng: 144.979,
    rent: 315,
    features: "Furnished single room · Shared bathroom · Wi-Fi included · Trams at the door",
    details: [
      "Affordable single room in a lively part of St Kilda, with double-glazed windows to keep the street noise out.",
      "Shared with three housemates from around the world.",
      "Leases of 3 to 6 months.",
      "Wi-Fi included; bills split. The 12 and 16 trams stop outside and the beach is a 5-minute walk.",
    ],
  },
  // --- North Melbourne (3051) ---
  {
    owner: TOM,
    title: "Victorian terrace room near Errol Street",
    address: "66 Chetwynd Street",
    area: "northMelbourne",
    lat: -37.8041,
    lng: 144.9521,
    rent: 330,
    features: "Furnished double room · Shared bathroom · Bills included · Near Errol Street village",
    details: [
      "Front room in a single-fronted terrace with a fireplace and a bay window.",
      "Shared with two others: a PhD student and a nurse at the Royal Melbourne Hospital.",
      "Leases of 3 to 12 months.",
      "All bills included. Errol Street's shops and cafés are around the corner, and the 57 tram runs to the city.",
    ],
  },
  {
    owner: PRIYA,
    title: "Furnished room near North Melbourne town hall",
    address: "3/120 Queensberry Street",
    area: "northMelbourne",
    lat: -37.8031,
    lng: 144.9512,
    rent: 318,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · Walk to the CBD",
    details: [
      "Neat and simple room in a quiet block, with a double bed, wardrobe and desk.",
      "Shared with one other tenant who works in the city.",
      "Leases of 3 to 9 months.",
      "Wi-Fi included; other bills split. It's a 15-minute walk into the city or a short tram ride.",
    ],
  },
  {
    owner: TOM,
    title: "Bright room between the University and Queen Vic Market",
    address: "12/88 Courtney Street",
    area: "northMelbourne",
    lat: -37.8016,
    lng: 144.953,
    rent: 355,
    features: "Furnished double room · Shared bathroom · Bills included · Walk to Melbourne Uni",
    details: [
      "Bright top-floor room with a skylight and a view over the rooftops.",
      "Shared with two university students and a graduate teacher.",
      "Leases of 3 to 12 months.",
      "All bills included. The Queen Victoria Market is 10 minutes' walk and the university is 15.",
    ],
  },
  // --- West Melbourne (3003) ---
  {
    owner: TOM,
    title: "Room in a converted West Melbourne warehouse",
    address: "5/76 Rosslyn Street",
    area: "westMelbourne",
    lat: -37.8096,
    lng: 144.9492,
    rent: 342,
    features: "Furnished double room · Exposed brick · Wi-Fi included · Walk to the CBD",
    details: [
      "Character room with exposed brick, timber floors and a big arched window.",
      "You'll share with two creative professionals who work in film and advertising.",
      "Leases of 3 to 9 months.",
      "Wi-Fi included; bills split. Flagstaff Station and North Melbourne Station are both about 10 minutes' walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Budget room within walking distance of Flagstaff Station",
    address: "9/38 Stanley Street",
    area: "westMelbourne",
    lat: -37.8072,
    lng: 144.9481,
    rent: 290,
    noPhotos: true,
    features: "Furnished single room · Shared bathroom · Wi-Fi included · 10 min walk to Flagstaff",
    details: [
      "A budget option close to the city: single bed, desk, wardrobe and a good-sized window.",
      "Shared with three housemates, all students.",
      "Leases of 3 to 6 months.",
      "Wi-Fi included; bills split four ways. Flagstaff Station and the Queen Victoria Market are both within a 10-minute walk.",
    ],
  },
  // --- East Melbourne (3002) ---
  {
    owner: PRIYA,
    title: "Elegant room overlooking the Fitzroy Gardens",
    address: "2/180 Albert Street",
    area: "eastMelbourne",
    lat: -37.8103,
    lng: 144.9795,
    rent: 560,
    features: "Furnished queen room · Garden views · Bills included · 5 min to Parliament Station",
    details: [
      "Gracious room in a heritage apartment, with tall windows facing the elms of the Fitzroy Gardens.",
      "Shared with the owner, a retired diplomat, who is quiet and travels often.",
      "Leases of 6 to 12 months for professionals.",
      "All bills and a fortnightly cleaner included. Parliament Station and the city are a pleasant 10-minute walk through the gardens.",
    ],
  },
  {
    owner: TOM,
    title: "Quiet Hotham Street room near the MCG",
    address: "4/99 Hotham Street",
    area: "eastMelbourne",
    lat: -37.8118,
    lng: 144.9832,
    rent: 470,
    features: "Furnished double room · Shared bathroom · Bills included · Walk to the MCG",
    details: [
      "Peaceful room in a tree-lined street, just a short walk from the MCG and Yarra Park.",
      "Shared with one other tenant, a registrar at St Vincent's Hospital.",
      "Leases from 3 to 12 months.",
      "All bills included. Jolimont Station is 5 minutes away, and Parliament is 10.",
    ],
  },
  {
    owner: TOM,
    title: "Period apartment room near Jolimont Station",
    address: "1/34 Powlett Street",
    area: "eastMelbourne",
    lat: -37.8124,
    lng: 144.9862,
    rent: 455,
    features: "Furnished queen room · Period features · Wi-Fi included · 3 min to Jolimont Station",
    details: [
      "Large room in a converted Victorian mansion, with ornate cornices and a marble fireplace.",
      "Shared with two professionals who work in the health sector.",
      "Leases of 4 to 12 months.",
      "Wi-Fi included; bills split. Jolimont Station is 3 minutes' walk and the Fitzroy Gardens are nearby.",
    ],
  },
  // --- Parkville (3052) ---
  {
    owner: PRIYA,
    title: "Room near the Royal Melbourne Hospital",
    address: "5/380 Royal Parade",
    area: "parkville",
    lat: -37.7895,
    lng: 144.959,
    rent: 375,
    features: "Furnished double room · Shared bathroom · Bills included · Opposite Royal Park",
    details: [
      "Ideal for hospital staff or researchers: a 10-minute walk to the Royal Melbourne Hospital and the Peter Mac.",
      "Shared with two medical researchers who work at the Doherty Institute.",
      "Leases of 3 to 12 months.",
      "All bills included. Trams on Royal Parade go to the city in 15 minutes.",
    ],
  },
  {
    owner: TOM,
    title: "Leafy Parkville room close to the university",
    address: "21 Story Street",
    area: "parkville",
    lat: -37.7903,
    lng: 144.9546,
    rent: 365,
    features: "Furnished double room · Shared bathroom · Garden · 10 min walk to Melbourne Uni",
    details: [
      "Sunny room in a Victorian terrace with a large rear garden.",
      "Shared with two academics and a postgraduate student.",
      "Leases of 6 to 12 months.",
      "Bills included. Royal Park is across the road and the university is a 10-minute walk.",
    ],
  },
  // --- Brunswick (3056) ---
  {
    owner: TOM,
    title: "Sunny Brunswick room near Sydney Road",
    address: "34 Union Street",
    area: "brunswick",
    lat: -37.7742,
    lng: 144.9628,
    rent: 285,
    features: "Furnished double room · Shared bathroom · Pets welcome · Wi-Fi included",
    details: [
      "PET-FRIENDLY share house: a relaxed home with a big backyard and a vegetable patch.",
      "Shared with three housemates: two students and a carpenter.",
      "Leases of 3 to 12 months.",
      "Wi-Fi included; bills split. Sydney Road trams and Brunswick Station are both 5 minutes' walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Share house room near Barkly Square",
    address: "17 Weston Street",
    area: "brunswick",
    lat: -37.7733,
    lng: 144.9645,
    rent: 270,
    features: "Furnished single room · Shared bathroom · Bills included · Walk to Barkly Square",
    details: [
      "Single room in a friendly share house with a sunny north-facing kitchen.",
      "Shared with four housemates who do a shared shop for basics every fortnight.",
      "Leases of 3 to 6 months.",
      "All bills included. Barkly Square, Sydney Road and the 19 tram are a few minutes away.",
    ],
  },
  {
    owner: PAT,
    title: "Brunswick room with bike shed and veggie garden",
    address: "9 Hope Street",
    area: "brunswick",
    lat: -37.7625,
    lng: 144.957,
    rent: 265,
    features: "Furnished double room · Bike shed · Veggie garden · Near the Upfield bike path",
    details: [
      "Double room in a weatherboard house with a veggie garden, chickens and a big bike shed.",
      "Shared with two others who work at a local primary school.",
      "Leases from 3 to 12 months.",
      "Bills split three ways; Wi-Fi included. The Upfield bike path gets you to the city in 20 minutes.",
    ],
  },
  {
    owner: TOM,
    title: "Brunswick apartment room close to Jewell Station",
    address: "203/2 Edward Street",
    area: "brunswick",
    lat: -37.7692,
    lng: 144.963,
    rent: 299.95,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · 5 min to Jewell Station",
    details: [
      "Modern apartment room with a double bed, built-in robe and a small desk.",
      "Shared with one other tenant, a graphic designer who works from home.",
      "Leases of 3 to 9 months.",
      "Wi-Fi included; bills split. Jewell Station and Sydney Road trams are close by.",
    ],
  },
  // --- Abbotsford (3067) ---
  {
    owner: PRIYA,
    title: "Abbotsford room near the Convent and the river",
    address: "5 Lulie Street",
    area: "abbotsford",
    lat: -37.8031,
    lng: 145.0031,
    rent: 345,
    features: "Furnished double room · Shared bathroom · Bills included · Walk to the Abbotsford Convent",
    details: [
      "Comfortable double room in a renovated worker's cottage, a short walk from the Yarra.",
      "Shared with one other tenant, a nurse at St Vincent's.",
      "Leases of 4 to 12 months.",
      "All bills included. The Abbotsford Convent, Collingwood Children's Farm and Victoria Park Station are all nearby.",
    ],
  },
  {
    owner: TOM,
    title: "Furnished room off Victoria Street with parking",
    address: "2/66 Nicholson Street",
    area: "abbotsford",
    lat: -37.8062,
    lng: 144.9987,
    rent: 330,
    noPhotos: true,
    features: "Furnished double room · Car parking · Wi-Fi included · Near Victoria Street",
    details: [
      "Quiet double room. Parking for one car is available in the secure garage.",
      "Shared with two others who work in the city.",
      "Leases of 3 to 12 months.",
      "Wi-Fi included; bills split. The 109 tram on Victoria Street takes 15 minutes to the city.",
    ],
  },
  // --- Prahran (3181) ---
  {
    owner: TOM,
    title: "Chapel Street room near the Prahran Market",
    address: "7/163 Commercial Road",
    area: "prahran",
    lat: -37.8461,
    lng: 144.9905,
    rent: 410,
    features: "Furnished double room · Shared bathroom · Bills included · Opposite the Prahran Market",
    details: [
      "Light-filled room with a double bed and a window seat overlooking Commercial Road.",
      "Shared with a chef and a personal trainer who both keep the kitchen spotless.",
      "Leases of 3 to 9 months.",
      "All bills included. The Prahran Market is across the road, and Prahran Station is 5 minutes' walk.",
    ],
  },
  {
    owner: PRIYA,
    title: "Greville Street room with private balcony",
    address: "6/40 Greville Street",
    area: "prahran",
    lat: -37.8486,
    lng: 144.9895,
    rent: 440,
    features: "Furnished queen room · Private balcony · Bills included · 2 min to Prahran Station",
    details: [
      "Queen room opening onto a private balcony with a small outdoor setting.",
      "Shared with one other tenant who works in fashion retail.",
      "Leases of 6 to 12 months.",
      "All bills included. Greville Street's bars and the Chapel Street shops are right outside.",
    ],
  },
  {
    owner: PRIYA,
    title: "Furnished room near High Street Prahran",
    address: "9/310 High Street",
    area: "prahran",
    lat: -37.852,
    lng: 144.992,
    rent: 380,
    features: "Furnished double room · Shared bathroom · Wi-Fi included · High Street trams",
    details: [
      "Bright double room in a quiet block set back from High Street.",
      "Shared with two young professionals who like a tidy home.",
      "Leases of 3 to 12 months.",
      "Wi-Fi included; bills split. The 6 tram on High Street goes to the city, and Chapel Street is a 5-minute walk.",
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------------

const DAY = 24 * 60 * 60 * 1000;

/** The date `days` after `now` as 'yyyy-MM-dd' (UTC). */
function isoDate(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** The first number from `from` that is coprime with `n`: stepping by it visits every slot once. */
function stride(n: number, from: number): number {
  let m = from;
  while (gcd(m, n) !== 1) m += 1;
  return m;
}

const BILL_WORDS: [RegExp, BillKind][] = [
  [/electricity|power/i, "power"],
  [/\bgas\b/i, "gas"],
  [/wi-?fi|internet|nbn/i, "internet"],
  [/water/i, "water"],
];

/**
 * A demo listing's stay facts, read from its own words so page and text agree: the lease range
 * ("Leases of 3 to 9 months", "Minimum stay 4 months, maximum 12", "Leases from 6 months"), the
 * bills its sentences say are included, ensuite rooms; estimates and caps vary by position.
 */
function factsFor(entry: Entry, i: number): ListingFacts {
  const text = [entry.features, ...entry.details].join(" ");
  const range =
    /(\d+)(?:, \d+)* (?:to|or) (\d+)[ -]month/i.exec(text) ?? /minimum stay (\d+) months, maximum (\d+)/i.exec(text);
  const from = /leases from (\d+) months/i.exec(text);
  const clamp = (months: number) => Math.min(LEASE_MONTHS.max, Math.max(LEASE_MONTHS.min, months));
  const minLeaseMonths = clamp(Number(range?.[1] ?? from?.[1] ?? LEASE_MONTHS.min));
  const maxLeaseMonths = Math.max(minLeaseMonths, clamp(Number(range?.[2] ?? LEASE_MONTHS.max)));
  const all = /bills included|all bills|everything is included/i.test(text);
  const included = all
    ? [...BILL_KINDS]
    : sortBills(
        text
          .split(/(?<=[.;])\s/)
          .filter((sentence) => /\bincluded\b/i.test(sentence) && !/not included/i.test(sentence))
          .flatMap((sentence) => BILL_WORDS.filter(([word]) => word.test(sentence)).map(([, kind]) => kind)),
      );
  const missing = BILL_KINDS.length - included.length;
  return {
    minLeaseMonths,
    maxLeaseMonths,
    billsIncluded: included,
    // Some all-bills rooms cap the bills; the others estimate what the tenant pays on top.
    billsCap: included.length > 0 && i % 3 === 0 ? 30 + (i % 4) * 5 : null,
    billsEstimate: missing === 0 ? null : missing * 9 + (i % 5) * 2,
    furnished: !/unfurnished/i.test(text),
    roomType: /ensuite/i.test(entry.features) ? "ensuite" : "private_room",
  };
}

export function demoListings(now: Date): DemoListing[] {
  const n = ENTRIES.length;
  // Spread creation over the last 120 days and availability from 2 weeks ago to 5 months
  // ahead, using strides coprime with the count so neighbours in the list land far apart.
  const ageDays = ENTRIES.map((_, i) => 1 + (((i * stride(n, 37)) % n) * 118) / n);
  // Hero photos go round-robin per window view in newest-first order, so the newest listings
  // (the home page's featured grid) never repeat a picture side by side.
  const heroes = new Map<number, string>();
  const turns: Record<View, number> = { city: 0, lane: 0, leafy: 0 };
  for (const i of ENTRIES.map((_, i) => i).sort((a, b) => (ageDays[a] ?? 0) - (ageDays[b] ?? 0))) {
    const entry = ENTRIES[i];
    if (!entry || entry.noPhotos) continue;
    const view = entry.view ?? SUBURBS[entry.area].view;
    const bedrooms = BEDROOMS[view];
    heroes.set(i, bedrooms[turns[view] % bedrooms.length] ?? "room-01");
    turns[view] += 1;
  }
  return ENTRIES.map((entry, i) => {
    const area = SUBURBS[entry.area];
    const view = entry.view ?? area.view;
    const description = [entry.features, ...entry.details].join("\n");
    const balcony = /balcony/i.test(description);
    const createdAt = new Date(now.getTime() - (ageDays[i] ?? 1) * DAY - ((i * 97) % 600) * 60_000);
    const availableIn = -14 + Math.round((((i * stride(n, 23)) % n) * 164) / (n - 1));
    return {
      owner: entry.owner,
      listingTitle: entry.title,
      address: entry.address,
      suburb: area.suburb,
      state: "VIC",
      postcode: area.postcode,
      country: "Australia",
      description,
      weeklyRent: entry.rent,
      availableFrom: entry.let ? null : isoDate(now, availableIn),
      photos: entry.noPhotos ? [] : photosFor(i, view, balcony, heroes.get(i) ?? "room-01"),
      latitude: entry.lat,
      longitude: entry.lng,
      // Every demo room is placed at its street address.
      locationPrecision: "address",
      status: entry.let ? "let" : "available",
      createdAt,
      listedAt: createdAt,
      // A let room was let some days after it was listed (never after now).
      letAt: entry.let ? new Date(Math.min(now.getTime(), createdAt.getTime() + (4 + ((i * 5) % 21)) * DAY)) : null,
      ...factsFor(entry, i),
    };
  });
}
