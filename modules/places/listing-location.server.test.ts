import { describe, expect, it } from "vitest";
import { listingAddressLine, normaliseAddressKey } from "~/modules/places/listing-location.server";

describe("listingAddressLine", () => {
  it("joins street, suburb, state and postcode in the Australian order", () => {
    expect(
      listingAddressLine({ address: "12 Degraves Street", suburb: "Melbourne", state: "VIC", postcode: "3000" }),
    ).toBe("12 Degraves Street, Melbourne VIC 3000");
  });

  it("does not repeat what the street line already says after a comma", () => {
    expect(
      listingAddressLine({
        address: "12 Degraves Street, Melbourne VIC 3000",
        suburb: "Melbourne",
        state: "VIC",
        postcode: "3000",
      }),
    ).toBe("12 Degraves Street, Melbourne VIC 3000");
    expect(
      listingAddressLine({ address: "Unit 4, 9 Rose St, Fitzroy", suburb: "Fitzroy", state: "VIC", postcode: "3065" }),
    ).toBe("Unit 4, 9 Rose St, Fitzroy, VIC 3065");
  });

  it("keeps parts that only look alike inside the street name", () => {
    expect(
      listingAddressLine({ address: "12 Victoria Street", suburb: "Carlton", state: "VIC", postcode: "3053" }),
    ).toBe("12 Victoria Street, Carlton VIC 3053");
    expect(listingAddressLine({ address: "8 Richmond Tce", suburb: "Richmond", state: "VIC", postcode: null })).toBe(
      "8 Richmond Tce, Richmond VIC",
    );
  });

  it("works with missing parts and is empty without any", () => {
    expect(listingAddressLine({ address: null, suburb: "Carlton", state: "VIC", postcode: "3053" })).toBe(
      "Carlton VIC 3053",
    );
    expect(listingAddressLine({ address: "  ", suburb: null, state: " ", postcode: null })).toBe("");
  });
});

describe("normaliseAddressKey", () => {
  it("ignores case, spacing and comma spacing", () => {
    expect(normaliseAddressKey("  12 Degraves   St ,Melbourne  VIC 3000, ")).toBe("12 degraves st, melbourne vic 3000");
    expect(normaliseAddressKey("12 DEGRAVES ST, MELBOURNE VIC 3000")).toBe(
      normaliseAddressKey("12 degraves st,melbourne vic 3000"),
    );
  });
});
