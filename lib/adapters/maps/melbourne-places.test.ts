import { describe, expect, it } from "vitest";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import { PLACE_TYPES } from "~/lib/adapters/maps/maps-adapter";
import { MELBOURNE_DESTINATIONS, MELBOURNE_PLACES } from "~/lib/adapters/maps/melbourne-places";

// Inner Melbourne: Parkville/Fitzroy North to St Kilda, Docklands to Abbotsford.
const BOUNDS = { south: -37.885, north: -37.775, west: 144.925, east: 145.015 };

describe("curated Melbourne places", () => {
  it("has at least 80 places with unique ids and names", () => {
    expect(MELBOURNE_PLACES.length).toBeGreaterThanOrEqual(80);
    const ids = MELBOURNE_PLACES.map((place) => place.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = MELBOURNE_PLACES.map((place) => place.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const id of ids) expect(id).toMatch(/^mel:[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("uses only the spec's place types, at least one each", () => {
    for (const place of MELBOURNE_PLACES) {
      expect(place.types.length, place.name).toBeGreaterThan(0);
      for (const type of place.types) expect(PLACE_TYPES, `${place.name}: ${type}`).toContain(type);
      expect(new Set(place.types).size, place.name).toBe(place.types.length);
    }
    for (const type of PLACE_TYPES) {
      expect(
        MELBOURNE_PLACES.some((place) => place.types.includes(type)),
        type,
      ).toBe(true);
    }
  });

  it("places everything inside inner Melbourne with a name and a vicinity", () => {
    for (const { name, vicinity, location } of MELBOURNE_PLACES) {
      expect(name.trim(), name).toBe(name);
      expect(vicinity.length, name).toBeGreaterThan(3);
      expect(location.lat, name).toBeGreaterThan(BOUNDS.south);
      expect(location.lat, name).toBeLessThan(BOUNDS.north);
      expect(location.lng, name).toBeGreaterThan(BOUNDS.west);
      expect(location.lng, name).toBeLessThan(BOUNDS.east);
    }
  });

  it("has no two places on top of each other", () => {
    for (const [i, a] of MELBOURNE_PLACES.entries()) {
      for (const b of MELBOURNE_PLACES.slice(i + 1)) {
        expect(haversineMetres(a.location, b.location), `${a.name} / ${b.name}`).toBeGreaterThan(15);
      }
    }
  });

  it("includes the well-known sights, in the right order of distance from Flinders Street Station", () => {
    const byName = new Map(MELBOURNE_PLACES.map((place) => [place.name, place]));
    for (const name of [
      "Federation Square",
      "Flinders Street Station",
      "State Library Victoria",
      "NGV International",
      "ACMI",
      "Hosier Lane",
      "Degraves Street",
      "Queen Victoria Market",
      "Royal Botanic Gardens Victoria",
      "Fitzroy Gardens",
      "Carlton Gardens",
      "Royal Exhibition Building",
      "Melbourne Museum",
      "Shrine of Remembrance",
      "Southbank Promenade",
      "Arts Centre Melbourne",
      "Library at The Dock",
      "Marvel Stadium",
      "Melbourne Cricket Ground (MCG)",
      "Melbourne Zoo",
      "Lygon Street",
      "Brunswick Street",
      "Chapel Street",
      "St Kilda Pier",
      "Luna Park Melbourne",
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    const station = byName.get("Flinders Street Station")!.location;
    const distance = (name: string) => haversineMetres(station, byName.get(name)!.location);
    // Known walking-scale facts: Fed Square is across the road; the Shrine and the MCG are ~1.5–2 km away.
    expect(distance("Federation Square")).toBeLessThan(250);
    expect(distance("Degraves Street")).toBeLessThan(300);
    expect(distance("State Library Victoria")).toBeGreaterThan(800);
    expect(distance("State Library Victoria")).toBeLessThan(1100);
    expect(distance("Shrine of Remembrance")).toBeGreaterThan(1300);
    expect(distance("Luna Park Melbourne")).toBeGreaterThan(5000);
  });
});

describe("Melbourne destinations", () => {
  const bySlug = new Map(MELBOURNE_DESTINATIONS.map((place) => [place.slug, place]));
  const metres = (a: string, b: string) => haversineMetres(bySlug.get(a)!.location, bySlug.get(b)!.location);

  it("has every university campus, major hospital and CBD station, with unique slugs and names", () => {
    const kinds = (kind: string) =>
      MELBOURNE_DESTINATIONS.filter((place) => place.kind === kind).map((place) => place.slug);
    expect(kinds("campus")).toEqual(
      expect.arrayContaining([
        "unimelb-parkville",
        "unimelb-southbank",
        "rmit-city",
        "rmit-brunswick",
        "monash-clayton",
        "monash-caulfield",
        "monash-parkville",
        "deakin-burwood",
        "swinburne-hawthorn",
        "latrobe-bundoora",
        "vu-footscray-park",
        "acu-melbourne",
      ]),
    );
    expect(kinds("hospital")).toHaveLength(12);
    expect(kinds("station")).toEqual(
      expect.arrayContaining(["flinders-street-station", "southern-cross-station", "melbourne-central-station"]),
    );
    expect(kinds("station").length).toBeGreaterThanOrEqual(8);
    const slugs = MELBOURNE_DESTINATIONS.map((place) => place.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // A slug must never read as a suburb's "name-postcode" id.
    for (const slug of slugs) expect(slug).not.toMatch(/-\d{4}$/);
    const names = MELBOURNE_DESTINATIONS.map((place) => place.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("places each where it is: known neighbours are a short walk apart, far ones are far", () => {
    // Neighbours across a street or two.
    expect(metres("rmit-city", "melbourne-central-station")).toBeLessThan(400);
    expect(metres("royal-melbourne-hospital", "peter-mac")).toBeLessThan(250);
    expect(metres("royal-melbourne-hospital", "royal-womens-hospital")).toBeLessThan(300);
    expect(metres("st-vincents-melbourne", "acu-melbourne")).toBeLessThan(300);
    expect(metres("flinders-street-station", "southern-cross-station")).toBeGreaterThan(1100);
    expect(metres("flinders-street-station", "southern-cross-station")).toBeLessThan(1400);
    // Across town.
    expect(metres("monash-clayton", "monash-medical-centre")).toBeGreaterThan(1000);
    expect(metres("monash-clayton", "monash-medical-centre")).toBeLessThan(2500);
    expect(metres("rmit-city", "monash-clayton")).toBeGreaterThan(18_000);
    expect(metres("rmit-city", "monash-clayton")).toBeLessThan(22_000);
    expect(metres("rmit-city", "latrobe-bundoora")).toBeGreaterThan(12_000);
    expect(metres("rmit-city", "latrobe-bundoora")).toBeLessThan(15_000);
  });

  it("shares the stations that are also sights with the nearby-places list", () => {
    const sights = new Map(MELBOURNE_PLACES.map((place) => [place.id, place.location]));
    expect(bySlug.get("flinders-street-station")!.location).toEqual(sights.get("mel:flinders-street-station"));
    expect(bySlug.get("southern-cross-station")!.location).toEqual(sights.get("mel:southern-cross-station"));
  });
});
