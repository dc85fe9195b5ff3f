import { describe, expect, it } from "vitest";
import { parseSearchParams } from "~/modules/listings/search-params";
import { describeSearch } from "~/modules/listings/search-summary";

const describeQuery = (query: string) => describeSearch(parseSearchParams(new URLSearchParams(query)));

describe("describeSearch", () => {
  it("says a search as a renter would write it", () => {
    expect(describeQuery("maxPrice=400&stay=6&roomType=ensuite")).toBe("Up to $400 a week · 6-month stay · Ensuite");
  });

  it("puts a price range, a floor and the all-in cap in words", () => {
    expect(describeQuery("minPrice=300&maxPrice=1200")).toBe("$300–$1,200 a week");
    expect(describeQuery("minPrice=300")).toBe("From $300 a week");
    expect(describeQuery("maxAllIn=450")).toBe("Up to $450 a week with bills");
  });

  it("names the words looked for, the dates and the bills", () => {
    expect(
      describeQuery(
        "title=studio&keyword=balcony&moveIn=2027-03-01&availableFrom=2027-02-01&bills=internet&bills=power",
      ),
    ).toBe(
      "“studio” in the title · Mentions “balcony” · Move in by 1 March 2027 · Available from 1 February 2027 or later · Power and internet included",
    );
  });

  it("leaves out sorting and paging, and calls an empty search all rooms", () => {
    expect(describeQuery("sort=price-asc&pageSize=24&page=3")).toBe("All rooms");
  });

  it("never shows raw parameter names or unreadable values", () => {
    const text = describeQuery("maxPrice=abc&stay=99&roomType=castle&utm_source=mail");
    expect(text).toBe("All rooms");
  });
});

describe("describeSearch with a place", () => {
  const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

  it("names the place and the distance around it", () => {
    expect(describeSearch(parse("where=rmit-city"), { name: "RMIT City", kind: "campus" })).toBe(
      "Within 2 km of RMIT City",
    );
    expect(
      describeSearch(parse("where=monash-clayton&radius_km=5&maxPrice=400"), {
        name: "Monash Clayton",
        kind: "campus",
      }),
    ).toBe("Within 5 km of Monash Clayton · Up to $400 a week");
  });

  it("keeps a suburb or postcode to the rooms in it", () => {
    expect(describeSearch(parse("where=carlton-3053"), { name: "Carlton", kind: "suburb" })).toBe("In Carlton");
    expect(describeSearch(parse("where=3053"), { name: "3053", kind: "postcode" })).toBe("In postcode 3053");
  });

  it("says what was typed when the place is not found, and a map area", () => {
    expect(describeSearch(parse("where=Atlantis"), null)).toBe("Near “Atlantis”");
    expect(describeSearch(parse("bbox=-37.9,144.9,-37.8,145"))).toBe("In an area of the map");
  });
});
