import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LatLng, MapsAdapter, PlaceSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { logger } from "~/lib/logger.server";
import {
  clearNearbyCache,
  LruCache,
  NEARBY_LIMIT,
  NEARBY_RADIUS_METRES,
  nearbyPlaces,
} from "~/modules/places/nearby-places.server";

const CENTER = { lat: -37.8168, lng: 144.9657 };

function place(id: string, distanceMetres: number): PlaceSuggestion {
  return { id, name: `Place ${id}`, vicinity: "Melbourne", types: ["park"], location: CENTER, distanceMetres };
}

function fakeAdapter(result: PlaceSuggestion[] | Error) {
  const calls: { center: LatLng; radius: number }[] = [];
  const adapter: MapsAdapter = {
    provider: "offline",
    geocode: async () => null,
    autocomplete: async () => [],
    async nearbyPlaces(center, radius) {
      calls.push({ center, radius });
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { adapter, calls };
}

beforeEach(() => clearNearbyCache());
afterEach(() => vi.restoreAllMocks());

describe("nearbyPlaces", () => {
  it("searches 1000 m around the centre and returns places nearest first", async () => {
    const { adapter, calls } = fakeAdapter([place("b", 400), place("a", 120), place("c", 999)]);
    const places = await nearbyPlaces(CENTER, { adapter });
    expect(NEARBY_RADIUS_METRES).toBe(1000);
    expect(calls).toEqual([{ center: CENTER, radius: 1000 }]);
    expect(places.map((p) => p.id)).toEqual(["a", "b", "c"]);
  });

  it("drops duplicates and anything past the radius, and keeps at most 20", async () => {
    const many = Array.from({ length: 30 }, (_, i) => place(`p${i}`, 10 + i * 10));
    const { adapter } = fakeAdapter([...many, place("p0", 5), place("far", 1001)]);
    const places = await nearbyPlaces(CENTER, { adapter });
    expect(places).toHaveLength(NEARBY_LIMIT);
    expect(places.filter((p) => p.id === "p0")).toHaveLength(1);
    expect(places.some((p) => p.id === "far")).toBe(false);
  });

  it("answers a repeated search from the cache", async () => {
    const { adapter, calls } = fakeAdapter([place("a", 100)]);
    await nearbyPlaces(CENTER, { adapter });
    await nearbyPlaces({ lat: CENTER.lat + 0.000001, lng: CENTER.lng }, { adapter });
    expect(calls).toHaveLength(1);
    await nearbyPlaces({ lat: CENTER.lat + 0.001, lng: CENTER.lng }, { adapter });
    expect(calls).toHaveLength(2);
  });

  it("logs a provider failure and shows no places rather than failing the page", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { adapter, calls } = fakeAdapter(new Error("REQUEST_DENIED"));
    expect(await nearbyPlaces(CENTER, { adapter })).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    // Failures are not cached: the next view tries again.
    await nearbyPlaces(CENTER, { adapter });
    expect(calls).toHaveLength(2);
  });
});

describe("LruCache", () => {
  it("evicts the least recently used entry beyond capacity", () => {
    const cache = new LruCache<number>(2, 1000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    expect(cache.get("a", 1)).toBe(1);
    cache.set("c", 3, 2);
    expect(cache.get("b", 3)).toBeUndefined();
    expect(cache.get("a", 3)).toBe(1);
    expect(cache.get("c", 3)).toBe(3);
  });

  it("expires entries after the time to live", () => {
    const cache = new LruCache<string>(10, 100);
    cache.set("k", "v", 0);
    expect(cache.get("k", 99)).toBe("v");
    expect(cache.get("k", 100)).toBeUndefined();
  });
});
