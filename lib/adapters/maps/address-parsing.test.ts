import { describe, expect, it } from "vitest";
import {
  localityCandidates,
  normalisePlaceText,
  parseAustralianAddress,
  titleCasePlace,
} from "~/lib/adapters/maps/address-parsing";

describe("normalisePlaceText", () => {
  it("upper-cases, drops punctuation and unifies Saint/St and Mt/Mount", () => {
    expect(normalisePlaceText("St. Kilda")).toBe("ST KILDA");
    expect(normalisePlaceText("Saint Kilda West")).toBe("ST KILDA WEST");
    expect(normalisePlaceText("Mt Waverley")).toBe("MOUNT WAVERLEY");
    expect(normalisePlaceText("O'Connor")).toBe("OCONNOR");
    expect(normalisePlaceText("  Carlton ,  VIC , 3053 ")).toBe("CARLTON,VIC,3053");
    expect(normalisePlaceText("Brighton-Le-Sands")).toBe("BRIGHTON LE SANDS");
  });
});

describe("parseAustralianAddress", () => {
  it("parses the usual one-line form", () => {
    expect(parseAustralianAddress("12 Degraves Street, Melbourne VIC 3000")).toEqual({
      street: "12 Degraves Street",
      localityText: "MELBOURNE",
      localityDelimited: true,
      state: "VIC",
      postcode: "3000",
    });
  });

  it("parses a street-only line with the suburb after a comma", () => {
    expect(parseAustralianAddress("Degraves Street, Melbourne")).toMatchObject({
      street: "Degraves Street",
      localityText: "MELBOURNE",
      state: null,
      postcode: null,
    });
  });

  it("parses state and postcode in their own parts, and a trailing country", () => {
    expect(parseAustralianAddress("Flat 3, 45 Lygon St, Carlton, VIC, 3053, Australia")).toEqual({
      street: "Flat 3, 45 Lygon St",
      localityText: "CARLTON",
      localityDelimited: true,
      state: "VIC",
      postcode: "3053",
    });
  });

  it("accepts full state names and the postcode before the state", () => {
    expect(parseAustralianAddress("5 Smith St, Fitzroy Victoria 3065, Australia")).toMatchObject({
      localityText: "FITZROY",
      state: "VIC",
      postcode: "3065",
    });
    expect(parseAustralianAddress("Melbourne 3000 VIC")).toMatchObject({
      localityText: "MELBOURNE",
      state: "VIC",
      postcode: "3000",
    });
    expect(parseAustralianAddress("1 King William St, Adelaide South Australia 5000")).toMatchObject({
      localityText: "ADELAIDE",
      state: "SA",
      postcode: "5000",
    });
  });

  it("leaves the locality undelimited when there are no commas", () => {
    expect(parseAustralianAddress("45 Lygon St Carlton VIC 3053")).toEqual({
      street: "",
      localityText: "45 LYGON ST CARLTON",
      localityDelimited: false,
      state: "VIC",
      postcode: "3053",
    });
  });

  it("handles a postcode or nothing at all", () => {
    expect(parseAustralianAddress("3000")).toMatchObject({ localityText: "", postcode: "3000", state: null });
    expect(parseAustralianAddress("   ")).toMatchObject({ localityText: "", postcode: null, state: null, street: "" });
  });

  it("does not take a street number for a postcode", () => {
    expect(parseAustralianAddress("1234 Sydney Rd, Fawkner")).toMatchObject({
      postcode: null,
      localityText: "FAWKNER",
    });
  });
});

describe("localityCandidates", () => {
  it("lists word suffixes, longest first, never starting with a number", () => {
    expect(localityCandidates("12 DEGRAVES STREET MELBOURNE")).toEqual([
      "DEGRAVES STREET MELBOURNE",
      "STREET MELBOURNE",
      "MELBOURNE",
    ]);
    expect(localityCandidates("ST KILDA WEST")).toEqual(["ST KILDA WEST", "KILDA WEST", "WEST"]);
    expect(localityCandidates("")).toEqual([]);
  });
});

describe("titleCasePlace", () => {
  it("title-cases gazetteer names", () => {
    expect(titleCasePlace("ST KILDA WEST")).toBe("St Kilda West");
    expect(titleCasePlace("MCKINNON")).toBe("McKinnon");
    expect(titleCasePlace("O'CONNOR")).toBe("O'Connor");
    expect(titleCasePlace("BRIGHTON-LE-SANDS")).toBe("Brighton-Le-Sands");
    expect(titleCasePlace("ISLE OF WIGHT")).toBe("Isle of Wight");
  });
});
