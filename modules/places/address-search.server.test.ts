import { afterEach, describe, expect, it, vi } from "vitest";
import { MapsServiceError, type AddressSuggestion, type MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { normaliseAddressQuery } from "~/modules/places/address-search";
import { ADDRESS_SEARCH_RATE_LIMIT, searchAddresses } from "~/modules/places/address-search.server";

function suggestion(id: string): AddressSuggestion {
  return {
    id,
    label: `${id}, Carlton VIC 3053`,
    streetAddress: id,
    suburb: "Carlton",
    state: "VIC",
    postcode: "3053",
    country: "Australia",
    lat: -37.8,
    lng: 144.97,
    precision: "suburb",
  };
}

function fakeAdapter(result: AddressSuggestion[] | Error) {
  const queries: string[] = [];
  const adapter: MapsAdapter = {
    provider: "offline",
    geocode: async () => null,
    nearbyPlaces: async () => [],
    async autocomplete(query) {
      queries.push(query);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { adapter, queries };
}

const freshLimiter = () =>
  createRateLimiter({ name: "address-search-test", ...ADDRESS_SEARCH_RATE_LIMIT }, { kind: "memory" });

afterEach(() => vi.restoreAllMocks());

describe("searchAddresses", () => {
  it("searches the trimmed query with white space collapsed", async () => {
    const { adapter, queries } = fakeAdapter([suggestion("12 Lygon St")]);
    const result = await searchAddresses("  12 Lygon   St, Carlt ", "user:1", { adapter, limiter: freshLimiter() });
    expect(result).toEqual({ ok: true, suggestions: [suggestion("12 Lygon St")] });
    expect(queries).toEqual(["12 Lygon St, Carlt"]);
  });

  it("returns at most 8 suggestions, de-duplicated by id", async () => {
    const many = ["a", "b", "a", "c", "d", "e", "f", "g", "h", "i"].map(suggestion);
    const result = await searchAddresses("Carlton", "user:1", {
      adapter: fakeAdapter(many).adapter,
      limiter: freshLimiter(),
    });
    expect(result.ok && result.suggestions.map((s) => s.id)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("answers an empty list without asking the provider below 3 characters", async () => {
    const { adapter, queries } = fakeAdapter([suggestion("x")]);
    for (const q of [null, "", "  ab  "]) {
      expect(await searchAddresses(q, "user:1", { adapter, limiter: freshLimiter() })).toEqual({
        ok: true,
        suggestions: [],
      });
    }
    expect(queries).toEqual([]);
  });

  it("refuses a query over 200 characters without asking the provider", async () => {
    const { adapter, queries } = fakeAdapter([]);
    const ok = await searchAddresses(`  ${"a".repeat(200)}  `, "user:1", { adapter, limiter: freshLimiter() });
    expect(ok.ok).toBe(true);
    const refused = await searchAddresses("a".repeat(201), "user:1", { adapter, limiter: freshLimiter() });
    expect(refused).toEqual({ ok: false, reason: "too-long" });
    expect(queries).toHaveLength(1);
  });

  it("reports the provider unavailable when it fails, and logs why", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const failure = new MapsServiceError("quota", "google", "OVER_QUERY_LIMIT");
    const result = await searchAddresses("Carlton", "user:1", {
      adapter: fakeAdapter(failure).adapter,
      limiter: freshLimiter(),
    });
    expect(result).toEqual({ ok: false, reason: "unavailable" });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: failure }), "address autocomplete failed");
  });

  it("limits each caller to 120 searches a minute, saying when to retry", async () => {
    const limiter = freshLimiter();
    const { adapter } = fakeAdapter([]);
    for (let i = 0; i < 120; i++) {
      expect((await searchAddresses("Carlton", "user:1", { adapter, limiter })).ok).toBe(true);
    }
    expect(await searchAddresses("Carlton", "user:1", { adapter, limiter })).toEqual({
      ok: false,
      reason: "rate-limited",
      retryAfterSeconds: 60,
    });
    // Another caller is counted separately.
    expect((await searchAddresses("Carlton", "user:2", { adapter, limiter })).ok).toBe(true);
  });
});

describe("with the offline gazetteer", () => {
  it("keeps a typed street with the suburb it recognises, honestly marked suburb-level", async () => {
    const result = await searchAddresses("12 Degraves St, Melbourne", "user:1", {
      adapter: new OfflineMapsAdapter(),
      limiter: freshLimiter(),
    });
    const suggestions = result.ok ? result.suggestions : [];
    expect(suggestions.length).toBeGreaterThan(1);
    expect(suggestions[0]).toMatchObject({
      label: "12 Degraves St, Melbourne VIC 3000",
      streetAddress: "12 Degraves St",
      suburb: "Melbourne",
      state: "VIC",
      postcode: "3000",
      country: "Australia",
      precision: "suburb",
    });
  });
});

describe("normaliseAddressQuery", () => {
  it("trims and collapses white space, keeping case", () => {
    expect(normaliseAddressQuery("  12  Degraves\tSt,\n Melbourne ")).toBe("12 Degraves St, Melbourne");
  });
});
