import { describe, expect, it } from "vitest";
import { dedupePlaces, haversineMetres, isValidLatLng, placesWithin } from "~/lib/adapters/maps/geo";

const GPO = { lat: -37.8136, lng: 144.9631 };

describe("haversineMetres", () => {
  it("is zero for the same point and symmetric", () => {
    expect(haversineMetres(GPO, GPO)).toBe(0);
    const library = { lat: -37.8098, lng: 144.9652 };
    expect(haversineMetres(GPO, library)).toBeCloseTo(haversineMetres(library, GPO), 6);
  });

  it("measures one degree of latitude as 111.195 km (mean Earth radius)", () => {
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195.08, 0);
  });

  it("measures a degree of longitude shorter away from the equator", () => {
    const atMelbourne = haversineMetres({ lat: -37.8, lng: 144.9 }, { lat: -37.8, lng: 145.9 });
    expect(atMelbourne).toBeGreaterThan(87_800);
    expect(atMelbourne).toBeLessThan(88_000);
  });

  it("gives known city distances", () => {
    // Melbourne GPO to Sydney GPO: about 713 km as the crow flies.
    const sydney = { lat: -33.8675, lng: 151.2071 };
    expect(haversineMetres(GPO, sydney) / 1000).toBeGreaterThan(711);
    expect(haversineMetres(GPO, sydney) / 1000).toBeLessThan(715);
    // Flinders Street Station to State Library Victoria: a little under a kilometre up Swanston Street.
    const walk = haversineMetres({ lat: -37.8183, lng: 144.9671 }, { lat: -37.8098, lng: 144.9652 });
    expect(walk).toBeGreaterThan(930);
    expect(walk).toBeLessThan(990);
  });

  it("handles antipodes without NaN", () => {
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });
});

describe("isValidLatLng", () => {
  it("accepts finite coordinates in range only", () => {
    expect(isValidLatLng(GPO)).toBe(true);
    expect(isValidLatLng({ lat: 91, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: 0, lng: -181 })).toBe(false);
    expect(isValidLatLng({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: "1", lng: 2 })).toBe(false);
    expect(isValidLatLng({ lat: null, lng: null })).toBe(false);
  });
});

describe("dedupePlaces", () => {
  it("keeps the first of each id, in order", () => {
    const places = [
      { id: "a", name: "first a" },
      { id: "b", name: "b" },
      { id: "a", name: "second a" },
      { id: "c", name: "c" },
      { id: "b", name: "second b" },
    ];
    expect(dedupePlaces(places)).toEqual([
      { id: "a", name: "first a" },
      { id: "b", name: "b" },
      { id: "c", name: "c" },
    ]);
  });
});

describe("placesWithin", () => {
  const place = (id: string, name: string, lat: number, lng: number) => ({
    id,
    name,
    vicinity: "",
    types: ["park"],
    location: { lat, lng },
  });

  it("keeps places within the radius, nearest first, with rounded distances", () => {
    const far = place("far", "Far", GPO.lat + 0.02, GPO.lng); // ~2.2 km
    const near = place("near", "Near", GPO.lat + 0.001, GPO.lng); // ~111 m
    const mid = place("mid", "Mid", GPO.lat, GPO.lng + 0.005); // ~440 m
    const found = placesWithin(GPO, 1000, [far, mid, near]);
    expect(found.map((p) => p.id)).toEqual(["near", "mid"]);
    expect(found[0]?.distanceMetres).toBe(111);
    expect(Number.isInteger(found[1]?.distanceMetres)).toBe(true);
  });

  it("includes a place exactly on the radius and orders ties by name", () => {
    const edge = place("edge", "Edge", GPO.lat, GPO.lng);
    const north = place("b", "Bravo", GPO.lat + 0.001, GPO.lng);
    const south = place("a", "Alpha", GPO.lat - 0.001, GPO.lng);
    const found = placesWithin(GPO, 0, [edge]);
    expect(found.map((p) => p.id)).toEqual(["edge"]);
    expect(placesWithin(GPO, 1000, [north, south, edge]).map((p) => p.name)).toEqual(["Edge", "Alpha", "Bravo"]);
  });

  it("de-duplicates by id", () => {
    const a = place("x", "X", GPO.lat + 0.001, GPO.lng);
    expect(placesWithin(GPO, 1000, [a, { ...a, name: "X again" }])).toHaveLength(1);
  });
});
