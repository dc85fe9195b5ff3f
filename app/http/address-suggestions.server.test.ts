import { describe, expect, it } from "vitest";
import { addressSuggestionsResponse } from "~/app/http/address-suggestions.server";

const suggestion = {
  id: "a",
  label: "12 Lygon St, Carlton VIC 3053",
  streetAddress: "12 Lygon St",
  suburb: "Carlton",
  state: "VIC",
  postcode: "3053",
  country: "Australia",
  lat: -37.8,
  lng: 144.97,
  precision: "suburb" as const,
};

describe("addressSuggestionsResponse", () => {
  it("answers suggestions as JSON cached privately for a day", async () => {
    const response = addressSuggestionsResponse({ ok: true, suggestions: [suggestion] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ suggestions: [suggestion] });
  });

  it.each([
    [{ ok: false, reason: "too-long" } as const, 400, "Type at most 200 characters."],
    [{ ok: false, reason: "unavailable" } as const, 502, "Address search is not available right now."],
    [
      { ok: false, reason: "rate-limited", retryAfterSeconds: 60 } as const,
      429,
      "Too many address searches. Wait a moment and try again.",
    ],
  ])("answers %o with %i, the message, and no caching", async (result, status, error) => {
    const response = addressSuggestionsResponse(result);
    expect(response.status).toBe(status);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error });
    if (result.reason === "rate-limited") expect(response.headers.get("Retry-After")).toBe("60");
  });
});
