import { describe, expect, it } from "vitest";
import { activeFilterCount, parseSearchParams, searchHref, toSearchParams } from "~/modules/listings/search-params";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("defaults to newest first, 12 per page, page 1, no filters", () => {
    expect(parse("")).toEqual({
      title: undefined,
      keyword: undefined,
      availableFrom: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: "newest",
      pageSize: 12,
      page: 1,
    });
  });

  it("reads every filter, trimming text", () => {
    expect(
      parse(
        "title=%20Southbank%20&keyword=balcony&availableFrom=2026-12-01&minPrice=300&maxPrice=500&sort=price-asc&pageSize=24&page=3",
      ),
    ).toEqual({
      title: "Southbank",
      keyword: "balcony",
      availableFrom: "2026-12-01",
      minPrice: 300,
      maxPrice: 500,
      sort: "price-asc",
      pageSize: 24,
      page: 3,
    });
  });

  it("parses prices as integers and ignores empty, zero, negative and junk prices", () => {
    expect(parse("minPrice=350.75&maxPrice=abc")).toMatchObject({ minPrice: 350, maxPrice: undefined });
    expect(parse("minPrice=0&maxPrice=")).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(parse("minPrice=-5")).toMatchObject({ minPrice: undefined });
  });

  it("swaps a minimum above the maximum rather than finding nothing", () => {
    expect(parse("minPrice=600&maxPrice=300")).toMatchObject({ minPrice: 300, maxPrice: 600 });
  });

  it("accepts an ISO date-time for availableFrom and keeps the date; rejects impossible dates", () => {
    expect(parse("availableFrom=2026-12-01T13:00:00.000Z")).toMatchObject({ availableFrom: "2026-12-01" });
    expect(parse("availableFrom=2026-02-30")).toMatchObject({ availableFrom: undefined });
    expect(parse("availableFrom=tomorrow")).toMatchObject({ availableFrom: undefined });
  });

  it("falls back to defaults for unknown sorts, page sizes and pages", () => {
    expect(parse("sort=random&pageSize=1000&page=-2")).toMatchObject({ sort: "newest", pageSize: 12, page: 1 });
    expect(parse("pageSize=6&page=2.5")).toMatchObject({ pageSize: 6, page: 1 });
  });
});

describe("toSearchParams / searchHref", () => {
  it("keeps only the filled fields and leaves defaults out", () => {
    expect(toSearchParams({ title: "room", keyword: "", sort: "newest", pageSize: 12, page: 1 }).toString()).toBe(
      "title=room",
    );
    expect(searchHref({})).toBe("/search");
    expect(searchHref({ minPrice: 300, sort: "title-desc", pageSize: 48, page: 2 })).toBe(
      "/search?minPrice=300&sort=title-desc&pageSize=48&page=2",
    );
  });

  it("round-trips through the parser", () => {
    const state = parse(
      "title=a&keyword=b&availableFrom=2027-01-15&minPrice=1&maxPrice=2&sort=title-asc&pageSize=6&page=4",
    );
    expect(parseSearchParams(toSearchParams(state))).toEqual(state);
  });
});

describe("stay-fit parameters", () => {
  it("reads move-in, stay, bills, room type and maximum all-in cost", () => {
    expect(parse("moveIn=2027-03-01&stay=6&bills=water&bills=power&roomType=studio&maxAllIn=450")).toMatchObject({
      moveIn: "2027-03-01",
      stay: 6,
      bills: ["power", "water"],
      roomType: "studio",
      maxAllIn: 450,
    });
  });

  it("ignores unknown bills and room types, impossible dates and empty or zero costs", () => {
    expect(parse("moveIn=2027-02-30&bills=cable&roomType=castle&maxAllIn=0")).toMatchObject({
      moveIn: undefined,
      bills: undefined,
      roomType: undefined,
      maxAllIn: undefined,
    });
    expect(parse("bills=gas&bills=cable&bills=gas")).toMatchObject({ bills: ["gas"] });
  });

  it("writes bills in one canonical order, so each search has one URL, and round-trips", () => {
    const state = parse("bills=water,internet&stay=12&moveIn=2027-01-31&roomType=whole_apartment&maxAllIn=700");
    expect(toSearchParams(state).toString()).toBe(
      "moveIn=2027-01-31&stay=12&bills=internet&bills=water&roomType=whole_apartment&maxAllIn=700",
    );
    expect(parseSearchParams(toSearchParams(state))).toEqual(state);
  });
});

describe("repeated parameters", () => {
  it("uses the last non-empty value (the no-JavaScript date field follows the picker's hidden input)", () => {
    expect(parse("availableFrom=&availableFrom=2026-12-24")).toMatchObject({ availableFrom: "2026-12-24" });
    expect(parse("title=first&title=second")).toMatchObject({ title: "second" });
  });
});

describe("activeFilterCount", () => {
  it("counts each chosen filter once, the bills together, and never the sort or page", () => {
    expect(activeFilterCount(parse("sort=price-asc&pageSize=24&page=2"))).toBe(0);
    expect(activeFilterCount(parse("title=loft&minPrice=300&maxPrice=500"))).toBe(3);
    expect(activeFilterCount(parse("moveIn=2027-01-31&availableFrom=2027-01-01&bills=gas&bills=water&stay=6"))).toBe(4);
    expect(activeFilterCount(parse("keyword=%20%20&roomType=castle&maxAllIn=0"))).toBe(0);
  });
});

describe("location in the search URL", () => {
  it("falls back to the default order for nearest first without a place", () => {
    expect(parse("sort=distance").sort).toBe("newest");
    expect(parse("sort=distance&bbox=-37.9,144.9,-37.8,145").sort).toBe("newest");
    expect(parse("sort=distance&where=rmit-city").sort).toBe("distance");
  });

  it("keeps the distance only with a place, and leaves the default (sent empty) out", () => {
    expect(parse("where=rmit-city&radius_km=5").radiusKm).toBe("5");
    expect(parse("radius_km=5").radiusKm).toBeUndefined();
    expect(searchHref(parse("where=rmit-city&radius_km="))).toBe("/search?where=rmit-city");
    // Unreadable distances stay, so the search refuses them with a message.
    expect(parse("where=rmit-city&radius_km=abc").radiusKm).toBe("abc");
  });
});

describe("the results' view", () => {
  it("is the list unless the URL asks for the map, and only the map is written back", () => {
    expect(parse("").view).toBeUndefined();
    expect(parse("view=list").view).toBeUndefined();
    expect(parse("view=globe").view).toBeUndefined();
    expect(parse("view=map&maxPrice=400").view).toBe("map");
    expect(searchHref(parse("view=map&maxPrice=400"))).toBe("/search?maxPrice=400&view=map");
    expect(searchHref(parse("view=list&maxPrice=400"))).toBe("/search?maxPrice=400");
  });

  it("is not a filter", () => {
    expect(activeFilterCount(parse("view=map"))).toBe(0);
  });
});
