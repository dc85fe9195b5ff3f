import { describe, expect, it } from "vitest";
import {
  canonicalSearchQuery,
  MAX_SAVED_SEARCH_NAME,
  parseSavedSearchInput,
} from "~/modules/saved-searches/saved-search-input";

const fields = (values: Record<string, string>) => new Map(Object.entries(values));

describe("saved-search input", () => {
  it("accepts a trimmed name and a known frequency", () => {
    expect(parseSavedSearchInput(fields({ name: "  Carlton   rooms ", frequency: "instant" }))).toEqual({
      success: true,
      data: { name: "Carlton rooms", frequency: "instant" },
    });
  });

  it("refuses an empty or over-long name and an unknown frequency", () => {
    expect(parseSavedSearchInput(fields({ name: " ", frequency: "hourly" }))).toEqual({
      success: false,
      errors: { name: "Give this search a name.", frequency: "Choose how often to hear about new rooms." },
    });
    expect(parseSavedSearchInput(fields({ name: "x".repeat(MAX_SAVED_SEARCH_NAME + 1), frequency: "daily" }))).toEqual({
      success: false,
      errors: { name: `Use at most ${MAX_SAVED_SEARCH_NAME} characters.` },
    });
  });

  it("stores the canonical search query: parsed, defaults and paging dropped, junk ignored", () => {
    expect(canonicalSearchQuery("page=4&pageSize=48&title=%20loft%20&maxPrice=300&minPrice=500&bogus=1")).toBe(
      "title=loft&minPrice=300&maxPrice=500",
    );
    expect(canonicalSearchQuery("sort=price-asc&availableFrom=2027-02-30")).toBe("sort=price-asc");
    expect(canonicalSearchQuery("")).toBe("");
  });
});
