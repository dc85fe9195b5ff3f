import { describe, expect, it } from "vitest";
import { Gazetteer, localitiesFromSource } from "~/lib/adapters/maps/gazetteer.server";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";

const FLINDERS_STREET = { lat: -37.8183, lng: 144.9671 };

const gazetteer = new Gazetteer(
  localitiesFromSource([
    {
      id: 1,
      postcode: "3000",
      locality: "MELBOURNE",
      state: "VIC",
      Lat_precise: -37.8152,
      Long_precise: 144.9639,
      type: "Delivery Area",
    },
    {
      id: 3,
      postcode: "3053",
      locality: "CARLTON",
      state: "VIC",
      Lat_precise: -37.7984,
      Long_precise: 144.9694,
      type: "Delivery Area",
    },
    {
      id: 4,
      postcode: "3053",
      locality: "CARLTON SOUTH",
      state: "VIC",
      Lat_precise: -37.8042,
      Long_precise: 144.966,
      type: "Delivery Area",
    },
  ]),
);
const adapter = new OfflineMapsAdapter({ gazetteer: async () => gazetteer });
// The same rows, marked as Greater Melbourne (as the real data marks them).
const melbourne = new OfflineMapsAdapter({
  gazetteer: async () =>
    new Gazetteer(
      localitiesFromSource(
        [
          ["MELBOURNE", "3000", -37.8152, 144.9639],
          ["CARLTON", "3053", -37.7984, 144.9694],
          ["CARLTON SOUTH", "3053", -37.8042, 144.966],
          ["CLAYTON", "3168", -37.9212, 145.1321],
          ["RICHMOND", "3121", -37.8182, 144.9984],
        ].map(([locality, postcode, lat, lng], id) => ({
          id,
          locality: String(locality),
          postcode: String(postcode),
          state: "VIC",
          Lat_precise: Number(lat),
          Long_precise: Number(lng),
          type: "Delivery Area",
          sa4name: "Melbourne - Inner",
        })),
      ),
    ),
});

describe("OfflineMapsAdapter", () => {
  it("geocodes to suburb precision, or null", async () => {
    expect(await adapter.geocode("12 Degraves Street, Melbourne VIC 3000")).toEqual({
      lat: -37.8152,
      lng: 144.9639,
      precision: "suburb",
    });
    expect(await adapter.geocode("Nowhere at all")).toBeNull();
    expect(await adapter.geocode("  ")).toBeNull();
  });

  it("finds curated places within the radius, nearest first, without duplicates", async () => {
    const places = await adapter.nearbyPlaces(FLINDERS_STREET, 1000);
    expect(places.length).toBeGreaterThan(20);
    expect(places.every((place) => place.distanceMetres <= 1000)).toBe(true);
    const distances = places.map((place) => place.distanceMetres);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(places.map((place) => place.id)).size).toBe(places.length);
    expect(places[0]?.name).toBe("Flinders Street Station");
    expect(places.map((place) => place.name)).toContain("Federation Square");
    expect(places.map((place) => place.name)).not.toContain("Luna Park Melbourne");
  });

  it("honours a smaller radius", async () => {
    const near = await adapter.nearbyPlaces(FLINDERS_STREET, 200);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((place) => place.distanceMetres <= 200)).toBe(true);
    expect(await adapter.nearbyPlaces({ lat: -33.8675, lng: 151.2071 }, 1000)).toEqual([]);
  });

  it("autocompletes to the spec's address selection result", async () => {
    const [first] = await adapter.autocomplete("12 Lygon St, Carl");
    expect(first).toEqual({
      id: "gazetteer:3",
      label: "12 Lygon St, Carlton VIC 3053",
      streetAddress: "12 Lygon St",
      suburb: "Carlton",
      state: "VIC",
      postcode: "3053",
      country: "Australia",
      lat: -37.7984,
      lng: 144.9694,
      precision: "suburb",
    });
    expect(await adapter.autocomplete("c")).toEqual([]);
  });

  it("suggests where to search: destinations by name, suburbs (exact first), then postcodes, each with its kind", async () => {
    const ids = async (query: string) => (await melbourne.suggestWhere(query)).map((p) => `${p.kind}:${p.id}`);
    expect(await ids("RMIT")).toEqual(["campus:rmit-city", "campus:rmit-brunswick"]);
    expect(await ids("carlton")).toEqual(["suburb:carlton-3053", "suburb:carlton-south-3053"]);
    expect(await ids("clayton")).toEqual([
      "suburb:clayton-3168",
      "campus:monash-clayton",
      "hospital:monash-medical-centre",
    ]);
    // The suburb named exactly what was typed comes before the station whose name starts with it.
    expect(await ids("richmond")).toEqual(["suburb:richmond-3121", "station:richmond-station"]);
    expect(await ids("richmond st")).toEqual(["station:richmond-station"]);
    expect(await ids("3053")).toEqual(["postcode:3053"]);
    expect(await ids("30")).toEqual(["postcode:3000", "postcode:3053"]);
    expect(await ids("c")).toEqual([]);
    expect(await ids("zzz")).toEqual([]);
    expect(await melbourne.suggestWhere("carlton", 1)).toHaveLength(1);
  });

  it("finds a place from a suggestion's id or from typed text, and nothing outside Greater Melbourne", async () => {
    expect(await melbourne.findWhere("rmit-city")).toMatchObject({
      kind: "campus",
      name: "RMIT City",
      location: { lat: -37.808, lng: 144.9635 },
    });
    expect(await melbourne.findWhere("carlton-south-3053")).toMatchObject({
      kind: "suburb",
      name: "Carlton South",
      label: "Carlton South VIC 3053",
      suburb: "Carlton South",
      postcode: "3053",
    });
    expect(await melbourne.findWhere("3053")).toMatchObject({ kind: "postcode", postcode: "3053" });
    expect((await melbourne.findWhere("  Carlton "))?.id).toBe("carlton-3053");
    expect((await melbourne.findWhere("monash clay"))?.id).toBe("monash-clayton");
    expect((await melbourne.findWhere("Richmond"))?.id).toBe("richmond-3121");
    expect(await melbourne.findWhere("carlton-2218")).toBeNull();
    expect(await melbourne.findWhere("9999")).toBeNull();
    // Not marked Greater Melbourne: no suburb, no postcode.
    expect(await adapter.findWhere("carlton-3053")).toBeNull();
    expect(await adapter.findWhere("3053")).toBeNull();
  });
});
