import { describe, expect, it } from "vitest";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import type { LatLng, WherePlace, WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import {
  boxAround,
  compareByDistance,
  distanceMetres,
  matchesLocation,
  parseBox,
  parsePoint,
  parseRadius,
  resolveLocation,
  type LocatedListing,
  type LocationParams,
  type LocationSearch,
} from "~/modules/listings/location-filter";

const RMIT: WherePlace = {
  id: "rmit-city",
  name: "RMIT City",
  label: "RMIT University, City campus",
  kind: "campus",
  location: { lat: -37.808, lng: 144.9635 },
};
const CARLTON: WherePlace = {
  id: "carlton-3053",
  name: "Carlton",
  label: "Carlton VIC 3053",
  kind: "suburb",
  location: { lat: -37.7984, lng: 144.9694 },
  suburb: "Carlton",
  postcode: "3053",
};
const POSTCODE: WherePlace = {
  id: "3053",
  name: "3053",
  label: "3053",
  kind: "postcode",
  location: CARLTON.location,
  postcode: "3053",
};
const places: WherePlaces = {
  suggestWhere: async () => [],
  findWhere: async (text) => [RMIT, CARLTON, POSTCODE].find((place) => place.id === text) ?? null,
};

async function resolved(params: LocationParams): Promise<LocationSearch> {
  const result = await resolveLocation(params, places);
  if (!result.ok) throw new Error(result.reason);
  if (!result.search) throw new Error("no search");
  return result.search;
}

async function refusal(params: LocationParams): Promise<string> {
  const result = await resolveLocation(params, places);
  if (result.ok) throw new Error("not refused");
  expect(result.message.length).toBeGreaterThan(10);
  return result.reason;
}

/** The point `metres` due north of `from` (a degree of latitude is the same length everywhere on a sphere). */
const north = (from: LatLng, metres: number): LatLng => ({
  lat: from.lat + (metres / 6_371_008.8) * (180 / Math.PI),
  lng: from.lng,
});

let next = 0;
const listing = (
  point: LatLng | null,
  suburb: string | null = null,
  postcode: string | null = null,
): LocatedListing => ({
  id: `00000000-0000-4000-8000-${String(next++).padStart(12, "0")}`,
  latitude: point?.lat ?? null,
  longitude: point?.lng ?? null,
  suburb,
  postcode,
});

describe("reading the location parameters", () => {
  it("reads points in Australia and refuses others", () => {
    expect(parsePoint("-37.81, 144.96")).toEqual({ lat: -37.81, lng: 144.96 });
    expect(parsePoint("Carlton")).toBeNull();
    expect(parsePoint("3053")).toBeNull();
    expect(parsePoint("51.5,-0.12")).toBe("outside-australia");
    expect(parsePoint("-37.8,1e308")).toBe("invalid-coordinates");
    expect(parsePoint("NaN,144.9")).toBe("invalid-coordinates");
    expect(parsePoint("-137.8,144.9")).toBe("invalid-coordinates");
    expect(parsePoint("-37.8,")).toBe("invalid-coordinates");
    expect(parsePoint("-37.8,144.9,1")).toBe("invalid-coordinates");
  });

  it("reads boxes inside Australia at most 100 km across and refuses the rest", () => {
    expect(parseBox("-37.85,144.9,-37.75,145.0")).toEqual({ south: -37.85, west: 144.9, north: -37.75, east: 145.0 });
    expect(parseBox("-37.75,144.9,-37.85,145.0")).toBe("box-reversed");
    expect(parseBox("-37.85,145.0,-37.75,144.9")).toBe("box-reversed");
    expect(parseBox("NaN,144.9,-37.75,145.0")).toBe("invalid-coordinates");
    expect(parseBox("-37.85,144.9,-37.75")).toBe("invalid-coordinates");
    expect(parseBox("-37.85,144.9,-37.75,Infinity")).toBe("invalid-coordinates");
    expect(parseBox("-95,144.9,-37.75,145.0")).toBe("invalid-coordinates");
    expect(parseBox("51.4,-0.2,51.6,0.1")).toBe("outside-australia");
    // 1.2 degrees of longitude at Melbourne is about 105 km; 0.8 about 70 km.
    expect(parseBox("-37.9,144.4,-37.7,145.6")).toBe("box-too-large");
    expect(parseBox("-37.9,144.6,-37.7,145.4")).toMatchObject({ south: -37.9 });
    expect(parseBox("-38.5,144.9,-37.5,145.0")).toBe("box-too-large");
  });

  it("takes the radius options and clamps other distances to the next one up, at most 10 km", () => {
    expect(parseRadius("1")).toBe(1);
    expect(parseRadius("2")).toBe(2);
    expect(parseRadius("3")).toBe(5);
    expect(parseRadius("0.5")).toBe(1);
    expect(parseRadius("10")).toBe(10);
    expect(parseRadius("5000")).toBe(10);
    for (const bad of ["0", "-2", "NaN", "two", "Infinity", " "]) expect(parseRadius(bad), bad).toBe("invalid-radius");
  });
});

describe("resolving a location search", () => {
  it("keeps rooms in a suburb or a postcode, and within a radius of a named place (2 km by default)", async () => {
    expect(await resolved({ where: "carlton-3053" })).toMatchObject({
      place: CARLTON,
      area: { suburb: "Carlton", postcode: "3053" },
      radius: null,
      origin: CARLTON.location,
    });
    expect(await resolved({ where: "3053" })).toMatchObject({ area: { suburb: null, postcode: "3053" }, radius: null });
    expect(await resolved({ where: "rmit-city" })).toMatchObject({
      place: RMIT,
      area: null,
      radius: { center: RMIT.location, km: 2 },
    });
    expect(await resolved({ where: "rmit-city", radiusKm: "10" })).toMatchObject({ radius: { km: 10 } });
    expect(await resolved({ where: "-37.8,144.96", radiusKm: "1" })).toMatchObject({
      place: null,
      radius: { center: { lat: -37.8, lng: 144.96 }, km: 1 },
    });
  });

  it("asks for nothing without a place or a box, and refuses what it cannot honour", async () => {
    expect(await resolveLocation({}, places)).toEqual({ ok: true, search: null });
    expect(await resolveLocation({ where: "  ", radiusKm: "5" }, places)).toEqual({ ok: true, search: null });
    expect(await resolved({ bbox: "-37.85,144.9,-37.75,145.0" })).toMatchObject({ place: null, origin: null });
    expect(await refusal({ where: "Atlantis" })).toBe("unknown-place");
    expect(await refusal({ where: "40.7,-74.0" })).toBe("outside-australia");
    expect(await refusal({ where: "rmit-city", radiusKm: "NaN" })).toBe("invalid-radius");
    expect(await refusal({ bbox: "-37.75,144.9,-37.85,145.0" })).toBe("box-reversed");
    expect(await refusal({ bbox: "-37.85,144.9,-37.75,145.0", sortByDistance: true })).toBe("distance-needs-place");
    expect(await refusal({ sortByDistance: true })).toBe("distance-needs-place");
  });
});

describe("which listings a location search keeps", () => {
  it("keeps a listing exactly at the radius and drops one a metre beyond", async () => {
    const search = await resolved({ where: "rmit-city", radiusKm: "2" });
    const at = listing(north(RMIT.location, 1999.99));
    const beyond = listing(north(RMIT.location, 2001));
    expect(haversineMetres(RMIT.location, north(RMIT.location, 2000))).toBeCloseTo(2000, 6);
    expect(matchesLocation(search, at)).toBe(true);
    expect(matchesLocation(search, beyond)).toBe(false);
    expect(matchesLocation(await resolved({ where: "rmit-city", radiusKm: "5" }), beyond)).toBe(true);
  });

  it("keeps listings on a box's edges and corners, not a hair outside", async () => {
    const search = await resolved({ bbox: "-37.85,144.9,-37.75,145.0" });
    for (const [lat, lng] of [
      [-37.85, 144.9],
      [-37.75, 145.0],
      [-37.8, 144.9],
      [-37.85, 144.95],
    ] as const)
      expect(matchesLocation(search, listing({ lat, lng })), `${lat},${lng}`).toBe(true);
    for (const [lat, lng] of [
      [-37.8500001, 144.95],
      [-37.8, 145.0000001],
      [-37.7499999, 144.95],
      [-37.8, 144.8999999],
    ] as const)
      expect(matchesLocation(search, listing({ lat, lng })), `${lat},${lng}`).toBe(false);
  });

  it("keeps a suburb's listings by name and postcode, wherever their pin is, and a radius only by distance", async () => {
    const suburb = await resolved({ where: "carlton-3053" });
    const inCarltonFar = listing(north(CARLTON.location, 5000), "carlton", "3053");
    const suburbOnly = listing(null, "Carlton", null);
    const nextDoor = listing(north(CARLTON.location, 100), "Carlton North", "3054");
    const otherCarlton = listing(null, "Carlton", "2218");
    expect(matchesLocation(suburb, inCarltonFar)).toBe(true);
    expect(matchesLocation(suburb, suburbOnly)).toBe(true);
    expect(matchesLocation(suburb, nextDoor)).toBe(false);
    expect(matchesLocation(suburb, otherCarlton)).toBe(false);
    const postcode = await resolved({ where: "3053" });
    expect(matchesLocation(postcode, inCarltonFar)).toBe(true);
    expect(matchesLocation(postcode, suburbOnly)).toBe(false);
    // Around a place, only a position counts: a suburb-level listing has none to measure.
    const around = await resolved({ where: `${CARLTON.location.lat},${CARLTON.location.lng}` });
    expect(matchesLocation(around, nextDoor)).toBe(true);
    expect(matchesLocation(around, inCarltonFar)).toBe(false);
    expect(matchesLocation(around, suburbOnly)).toBe(false);
  });

  it("narrows by every part: a radius and a box together keep only what both keep", async () => {
    const search = await resolved({ where: "rmit-city", radiusKm: "5", bbox: "-37.808,144.9,-37.7,145.0" });
    expect(matchesLocation(search, listing(north(RMIT.location, 1000)))).toBe(true);
    expect(matchesLocation(search, listing(north(RMIT.location, -1000)))).toBe(false);
  });
});

describe("nearest first", () => {
  it("orders by distance, equal distances by id, and listings without a position last", async () => {
    const search = await resolved({ where: "carlton-3053", sortByDistance: true });
    const far = listing(north(CARLTON.location, 900), "Carlton", "3053");
    const tieB = listing(north(CARLTON.location, 300), "Carlton", "3053");
    const tieA = listing(north(CARLTON.location, 300), "Carlton", "3053");
    const near = listing(north(CARLTON.location, 50), "Carlton", "3053");
    const unplaced = listing(null, "Carlton", null);
    // Ids count up: tieB's id sorts before tieA's.
    const sorted = [unplaced, far, tieA, near, tieB].sort(compareByDistance(search));
    expect(sorted).toEqual([near, tieB, tieA, far, unplaced]);
    expect(distanceMetres(search, near)).toBeCloseTo(50, 6);
    expect(distanceMetres(search, unplaced)).toBeNull();
  });
});

describe("the index's box around a radius", () => {
  it("holds every point of the circle, in every direction", () => {
    for (const center of [RMIT.location, { lat: -43.5, lng: 147 }, { lat: -10.5, lng: 142.2 }]) {
      for (const km of [1, 2, 5, 10]) {
        const box = boxAround(center, km);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          const rad = (bearing * Math.PI) / 180;
          const angular = (km * 1000) / 6_371_008.8;
          const lat1 = (center.lat * Math.PI) / 180;
          const lat2 = Math.asin(
            Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(rad),
          );
          const lng2 =
            (center.lng * Math.PI) / 180 +
            Math.atan2(
              Math.sin(rad) * Math.sin(angular) * Math.cos(lat1),
              Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
            );
          const point = { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
          expect(point.lat).toBeGreaterThanOrEqual(box.south);
          expect(point.lat).toBeLessThanOrEqual(box.north);
          expect(point.lng).toBeGreaterThanOrEqual(box.west);
          expect(point.lng).toBeLessThanOrEqual(box.east);
        }
        // And not much more: at most 1% larger than the circle's extent north to south.
        expect((box.north - box.south) * 111.195).toBeLessThan(2 * km * 1.01);
      }
    }
  });
});
