import { describe, expect, it } from "vitest";
import {
  addressCacheKey,
  readCachedSuggestions,
  writeCachedSuggestions,
} from "~/app/components/listing-form/address-search-cache";
import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";

const CARLTON: AddressSuggestion = {
  id: "gazetteer:1",
  label: "Carlton VIC 3053",
  streetAddress: "",
  suburb: "Carlton",
  state: "VIC",
  postcode: "3053",
  country: "Australia",
  lat: -37.8,
  lng: 144.97,
  precision: "suburb",
};

const DAY_MS = 86_400_000;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("address suggestion cache", () => {
  it("keys entries by the normalised query", () => {
    expect(addressCacheKey("  CARLTON   North ")).toBe("address-suggestions:carlton north");
    expect(addressCacheKey("Carlton North")).toBe(addressCacheKey("carlton  north"));
  });

  it("stores the suggestions with the time they were saved", () => {
    const storage = memoryStorage();
    writeCachedSuggestions(storage, "Carlton", [CARLTON], 1_000);
    expect(JSON.parse(storage.items.get("address-suggestions:carlton") ?? "")).toEqual({
      savedAt: 1_000,
      suggestions: [CARLTON],
    });
    expect(readCachedSuggestions(storage, " carlton ", 1_000 + DAY_MS - 1)).toEqual([CARLTON]);
  });

  it("keeps an empty answer (no matches is an answer too)", () => {
    const storage = memoryStorage();
    writeCachedSuggestions(storage, "Nowhere", [], 0);
    expect(readCachedSuggestions(storage, "Nowhere", 10)).toEqual([]);
  });

  it("expires an entry after 86400 s and removes it", () => {
    const storage = memoryStorage();
    writeCachedSuggestions(storage, "Carlton", [CARLTON], 1_000);
    expect(readCachedSuggestions(storage, "Carlton", 1_000 + DAY_MS)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("ignores entries from the future (a changed clock) and unreadable entries", () => {
    const storage = memoryStorage();
    writeCachedSuggestions(storage, "Carlton", [CARLTON], 5_000);
    expect(readCachedSuggestions(storage, "Carlton", 4_000)).toBeNull();
    storage.items.set(addressCacheKey("Fitzroy"), "{not json");
    expect(readCachedSuggestions(storage, "Fitzroy", 0)).toBeNull();
    storage.items.set(addressCacheKey("Kew"), JSON.stringify({ savedAt: 0, suggestions: "nope" }));
    expect(readCachedSuggestions(storage, "Kew", 1)).toBeNull();
    expect(storage.items.has(addressCacheKey("Kew"))).toBe(false);
  });

  it("works without storage, and with storage that refuses", () => {
    expect(readCachedSuggestions(undefined, "Carlton")).toBeNull();
    expect(() => writeCachedSuggestions(undefined, "Carlton", [CARLTON])).not.toThrow();
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => writeCachedSuggestions(refusing, "Carlton", [CARLTON])).not.toThrow();
    expect(readCachedSuggestions(refusing, "Carlton")).toBeNull();
  });
});
