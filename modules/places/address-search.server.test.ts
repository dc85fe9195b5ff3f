import { afterEach, describe, expect, it, vi } from "vitest";
import { MapsServiceError, type AddressSuggestion, type MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { normaliseAddressQuery } from "~/modules/places/address-search";
import { ADDRESS_SEARCH_RATE_LIMIT, addressSuggestionsResponse } from "~/modules/places/address-search.server";

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

describe("addressSuggestionsResponse", () => {
  it("searches the trimmed query and answers JSON cached privately for a day", async () => {
    const { adapter, queries } = fakeAdapter([suggestion("12 Lygon St")]);
    const response = await addressSuggestionsResponse("  12 Lygon   St, Carlt ", "user:1", {
      adapter,
      limiter: freshLimiter(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ suggestions: [suggestion("12 Lygon St")] });
    expect(queries).toEqual(["12 Lygon St, Carlt"]);
  });

  it("returns at most 8 suggestions, de-duplicated by id", async () => {
    const many = ["a", "b", "a", "c", "d", "e", "f", "g", "h", "i"].map(suggestion);
    const response = await addressSuggestionsResponse("Carlton", "user:1", {
      adapter: fakeAdapter(many).adapter,
      limiter: freshLimiter(),
    });
    const body = (await response.json()) as { suggestions: AddressSuggestion[] };
    expect(body.suggestions.map((s) => s.id)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("answers an empty list without asking the provider below 3 characters", async () => {
    const { adapter, queries } = fakeAdapter([suggestion("x")]);
    for (const q of [null, "", "  ab  "]) {
      const response = await addressSuggestionsResponse(q, "user:1", { adapter, limiter: freshLimiter() });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ suggestions: [] });
    }
    expect(queries).toEqual([]);
  });

  it("refuses a query over 200 characters with 400", async () => {
    const { adapter, queries } = fakeAdapter([]);
    const ok = await addressSuggestionsResponse(`  ${"a".repeat(200)}  `, "user:1", {
      adapter,
      limiter: freshLimiter(),
    });
    expect(ok.status).toBe(200);
    const response = await addressSuggestionsResponse("a".repeat(201), "user:1", { adapter, limiter: freshLimiter() });
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Type at most 200 characters." });
    expect(queries).toHaveLength(1);
  });

  it("answers 502 with the spec's wording when the provider fails, and logs why", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const failure = new MapsServiceError("quota", "google", "OVER_QUERY_LIMIT");
    const response = await addressSuggestionsResponse("Carlton", "user:1", {
      adapter: fakeAdapter(failure).adapter,
      limiter: freshLimiter(),
    });
    expect(response.status).toBe(502);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Address search is not available right now." });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: failure }), "address autocomplete failed");
  });

  it("limits each caller to 120 searches a minute, answering 429 with Retry-After", async () => {
    const limiter = freshLimiter();
    const { adapter } = fakeAdapter([]);
    for (let i = 0; i < 120; i++) {
      expect((await addressSuggestionsResponse("Carlton", "user:1", { adapter, limiter })).status).toBe(200);
    }
    const refused = await addressSuggestionsResponse("Carlton", "user:1", { adapter, limiter });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({ error: "Too many address searches. Wait a moment and try again." });
    // Another caller is counted separately.
    expect((await addressSuggestionsResponse("Carlton", "user:2", { adapter, limiter })).status).toBe(200);
  });
});

describe("with the offline gazetteer", () => {
  it("keeps a typed street with the suburb it recognises, honestly marked suburb-level", async () => {
    const response = await addressSuggestionsResponse("12 Degraves St, Melbourne", "user:1", {
      adapter: new OfflineMapsAdapter(),
      limiter: freshLimiter(),
    });
    const { suggestions } = (await response.json()) as { suggestions: AddressSuggestion[] };
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
