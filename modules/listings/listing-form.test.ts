import { describe, expect, it } from "vitest";
import { availableFromHint, parseListingForm } from "~/modules/listings/listing-form";

/** A browser form submission: repeated checkboxes arrive as repeated fields. */
function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  data.set("title", "Room");
  data.set("photos", "[]");
  for (const [name, value] of Object.entries(fields)) {
    data.delete(name);
    for (const item of [value].flat()) data.append(name, item);
  }
  return parseListingForm(data);
}

const errors = (fields: Record<string, string | string[]>) => {
  const result = form(fields);
  return result.success ? {} : result.errors;
};

describe("listing facts in the listing form", () => {
  it("defaults to a 3–12 month lease, a furnished-unless-unticked private room and no bills", () => {
    const result = form({ furnished: "true" });
    expect(result.success && result.data).toMatchObject({
      minLeaseMonths: 3,
      maxLeaseMonths: 12,
      billsIncluded: [],
      billsCap: null,
      billsEstimate: null,
      furnished: true,
      roomType: "private_room",
    });
    const unticked = form({});
    expect(unticked.success && unticked.data).toMatchObject({ furnished: false });
  });

  it("reads the ticked bills in canonical order, the cap, the estimate and the room type", () => {
    const result = form({
      minLeaseMonths: "4",
      maxLeaseMonths: "9",
      billsIncluded: ["water", "internet"],
      billsCap: "40",
      billsEstimate: "24.5",
      roomType: "ensuite",
    });
    expect(result.success && result.data).toMatchObject({
      minLeaseMonths: 4,
      maxLeaseMonths: 9,
      billsIncluded: ["internet", "water"],
      billsCap: 40,
      billsEstimate: 24.5,
      roomType: "ensuite",
    });
  });

  it("accepts a one-length lease at both ends of the range", () => {
    expect(form({ minLeaseMonths: "3", maxLeaseMonths: "3" }).success).toBe(true);
    expect(form({ minLeaseMonths: "12", maxLeaseMonths: "12" }).success).toBe(true);
  });

  it("refuses leases outside 3–12 months, fractions and a minimum above the maximum", () => {
    expect(errors({ minLeaseMonths: "2" })).toHaveProperty("minLeaseMonths", "Choose a lease between 3 and 12 months.");
    expect(errors({ maxLeaseMonths: "13" })).toHaveProperty("maxLeaseMonths");
    expect(errors({ minLeaseMonths: "4.5" })).toHaveProperty("minLeaseMonths");
    expect(errors({ minLeaseMonths: "9", maxLeaseMonths: "6" })).toEqual({
      maxLeaseMonths: "The maximum lease can't be shorter than the minimum.",
    });
  });

  it("refuses unknown bills, negative or huge amounts, a cap without included bills and an estimate when all are included", () => {
    expect(errors({ billsIncluded: ["internet", "cable"] })).toHaveProperty("billsIncluded");
    expect(errors({ billsEstimate: "-5" })).toHaveProperty("billsEstimate");
    expect(errors({ billsCap: "abc", billsIncluded: "gas" })).toHaveProperty("billsCap");
    expect(errors({ billsEstimate: "1000000" })).toHaveProperty("billsEstimate");
    expect(errors({ billsCap: "40" })).toEqual({ billsCap: "A cap applies only when some bills are included." });
    expect(errors({ billsIncluded: ["power", "gas", "internet", "water"], billsEstimate: "20" })).toEqual({
      billsEstimate: "Every bill is included: leave the estimate empty.",
    });
  });

  it("refuses an unknown room type and a furnished value other than a tick", () => {
    expect(errors({ roomType: "penthouse" })).toHaveProperty("roomType", "Choose a room type.");
    expect(errors({ furnished: "maybe" })).toHaveProperty("furnished");
  });
});

describe("the address search's precision in the listing form", () => {
  it("reads address or suburb, and nothing as unknown", () => {
    const precision = (value: string | undefined) => {
      const result = form(value === undefined ? {} : { locationPrecision: value });
      return result.success ? result.data.locationPrecision : "refused";
    };
    expect(precision("address")).toBe("address");
    expect(precision("suburb")).toBe("suburb");
    expect(precision("")).toBeNull();
    expect(precision(undefined)).toBeNull();
  });

  it("refuses any other value", () => {
    expect(errors({ locationPrecision: "rooftop" })).toHaveProperty("locationPrecision", "Choose the address again.");
  });
});

describe("Available From hint", () => {
  it("tells the landlord what the Available From date does", () => {
    expect(availableFromHint(null, "2026-11-28")).toBe(
      "Required to appear in search: without a date the listing is saved but not listed.",
    );
    expect(availableFromHint("2026-11-13", "2026-11-28")).toBe(
      "Listed as “Available now”: a date today or earlier means the room is free now.",
    );
    expect(availableFromHint("2026-12-13", "2026-11-28")).toBe(
      "Listed as “Available from: 13 December 2026”, and as “Available now” from that day.",
    );
  });
});
