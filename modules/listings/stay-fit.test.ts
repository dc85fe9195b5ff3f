import { describe, expect, it } from "vitest";
import { parseSearchParams } from "~/modules/listings/search-params";
import { fitsStay, type StayFitListing } from "~/modules/listings/stay-fit";

/** A 4–9 month ensuite from 1 March 2027, internet and water included (capped), $400 + $24 estimated bills. */
const listing: StayFitListing = {
  availableFrom: "2027-03-01",
  minLeaseMonths: 4,
  maxLeaseMonths: 9,
  billsIncluded: ["internet", "water"],
  roomType: "ensuite",
  allInWeeklyCost: 424,
};

const fits = (query: string, target: StayFitListing = listing) =>
  fitsStay(target, parseSearchParams(new URLSearchParams(query)));

describe("fitsStay", () => {
  it("matches every listing when no stay filter is set", () => {
    expect(fits("")).toBe(true);
    expect(fits("", { ...listing, availableFrom: null, allInWeeklyCost: null })).toBe(true);
  });

  it("move-in date: available on or before it, never a listing without a date", () => {
    expect(fits("moveIn=2027-03-01")).toBe(true);
    expect(fits("moveIn=2027-03-02")).toBe(true);
    expect(fits("moveIn=2027-02-28")).toBe(false);
    expect(fits("moveIn=2027-03-01", { ...listing, availableFrom: null })).toBe(false);
  });

  it("stay length: inside the lease range, both ends included", () => {
    expect(fits("stay=4")).toBe(true);
    expect(fits("stay=6")).toBe(true);
    expect(fits("stay=9")).toBe(true);
    expect(fits("stay=3")).toBe(false);
    expect(fits("stay=10")).toBe(false);
  });

  it("stay length: a fixed-length lease fits only that length", () => {
    const fixed = { ...listing, minLeaseMonths: 6, maxLeaseMonths: 6 };
    expect(fits("stay=6", fixed)).toBe(true);
    expect(fits("stay=5", fixed)).toBe(false);
    expect(fits("stay=7", fixed)).toBe(false);
  });

  it("stay lengths outside 3–12 months are ignored rather than matching nothing", () => {
    expect(parseSearchParams(new URLSearchParams("stay=2")).stay).toBeUndefined();
    expect(parseSearchParams(new URLSearchParams("stay=13")).stay).toBeUndefined();
    expect(parseSearchParams(new URLSearchParams("stay=6.5")).stay).toBeUndefined();
    expect(fits("stay=13")).toBe(true);
  });

  it("bills: every chosen bill must be included; a capped bill still counts as included", () => {
    expect(fits("bills=internet")).toBe(true);
    expect(fits("bills=internet&bills=water")).toBe(true);
    expect(fits("bills=water,internet")).toBe(true);
    expect(fits("bills=internet&bills=power")).toBe(false);
    expect(fits("bills=gas", { ...listing, billsIncluded: [] })).toBe(false);
  });

  it("room type: exactly that type", () => {
    expect(fits("roomType=ensuite")).toBe(true);
    expect(fits("roomType=studio")).toBe(false);
    expect(fits("roomType=penthouse")).toBe(true);
  });

  it("maximum all-in cost: rent plus estimated bills at most the maximum", () => {
    expect(fits("maxAllIn=424")).toBe(true);
    expect(fits("maxAllIn=425")).toBe(true);
    expect(fits("maxAllIn=423")).toBe(false);
    // The rent alone ($400) is under the maximum; the estimated bills take it over.
    expect(fits("maxAllIn=410")).toBe(false);
    expect(fits("maxAllIn=1000", { ...listing, allInWeeklyCost: null })).toBe(false);
  });

  it("combines the filters with and", () => {
    expect(fits("moveIn=2027-03-01&stay=9&bills=water&roomType=ensuite&maxAllIn=424")).toBe(true);
    expect(fits("moveIn=2027-03-01&stay=9&bills=water&roomType=ensuite&maxAllIn=423")).toBe(false);
  });
});
