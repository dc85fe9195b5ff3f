import { describe, expect, it } from "vitest";
import { pinLine, streetWithoutUnit, type PinDraft } from "~/modules/listings/pin-line";

const draft = (fields: Partial<PinDraft> = {}): PinDraft => ({
  street: "12 Degraves Street",
  suburb: "Melbourne",
  postcode: "3000",
  latitude: -37.8171,
  longitude: 144.9654,
  precision: "address",
  ...fields,
});

describe("streetWithoutUnit", () => {
  it("drops the unit before the street number", () => {
    expect(streetWithoutUnit("5/14 Degraves Street")).toBe("14 Degraves Street");
    expect(streetWithoutUnit("2403/108 Little Lonsdale Street")).toBe("108 Little Lonsdale Street");
    expect(streetWithoutUnit("Unit 3, 45 Lygon St")).toBe("45 Lygon St");
    expect(streetWithoutUnit("Flat 2 10 Smith St")).toBe("10 Smith St");
    expect(streetWithoutUnit("12 Degraves Street")).toBe("12 Degraves Street");
  });
});

describe("pinLine", () => {
  it("says exact for a street address the search placed, without the unit", () => {
    expect(pinLine(draft({ street: "5/12 Degraves Street" }))).toBe("Your pin: 12 Degraves Street, Melbourne (exact)");
  });

  it("says approximate for a suburb-only location or a search that found only the suburb", () => {
    const approximate = "Your pin: Carlton, approximate — renters see the suburb, not your street";
    expect(pinLine(draft({ street: "", suburb: "Carlton", precision: "suburb" }))).toBe(approximate);
    expect(pinLine(draft({ street: "45 Lygon St", suburb: "Carlton", precision: "suburb" }))).toBe(approximate);
    expect(pinLine(draft({ street: "", suburb: "Carlton", latitude: null, longitude: null, precision: null }))).toBe(
      approximate,
    );
    expect(pinLine(draft({ street: "", suburb: "", postcode: "3053", precision: "suburb" }))).toBe(
      "Your pin: 3053, approximate — renters see the suburb, not your street",
    );
  });

  it("says a typed address is placed on save", () => {
    expect(pinLine(draft({ latitude: null, longitude: null, precision: null }))).toBe(
      "Your pin: found from 12 Degraves Street, Melbourne when you save",
    );
  });

  it("is empty without a location", () => {
    expect(pinLine(draft({ street: "", suburb: " ", postcode: "", latitude: null, longitude: null }))).toBeNull();
  });
});
