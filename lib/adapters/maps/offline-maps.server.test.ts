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
});
