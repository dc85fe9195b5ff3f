import { describe, expect, it } from "vitest";
import {
  countryFlag,
  formatPhoneEdit,
  formatPhoneForDisplay,
  maxNationalDigits,
  normalisePhone,
  phoneCountryFieldName,
  phoneCountryOptions,
  phoneInputDefaults,
  searchPhoneCountries,
  toPhoneCountry,
} from "~/modules/profiles/phone-number";

describe("normalisePhone", () => {
  it("reads Australian mobiles in national and international form", () => {
    expect(normalisePhone("0412 345 678")).toBe("+61412345678");
    expect(normalisePhone("0412345678", "AU")).toBe("+61412345678");
    expect(normalisePhone("+61 412 345 678")).toBe("+61412345678");
    expect(normalisePhone("+61412345678", "US")).toBe("+61412345678");
    expect(normalisePhone("  (0412) 345-678 ")).toBe("+61412345678");
  });

  it("reads Australian landlines in national and international form", () => {
    expect(normalisePhone("(02) 9876 5432")).toBe("+61298765432");
    expect(normalisePhone("03 9000 1234", "AU")).toBe("+61390001234");
    expect(normalisePhone("+61 3 9000 1234")).toBe("+61390001234");
  });

  it("reads a US number with the US chosen, with or without the trunk prefix", () => {
    expect(normalisePhone("(702) 555-0123", "US")).toBe("+17025550123");
    expect(normalisePhone("1 (702) 555-0123", "US")).toBe("+17025550123");
    expect(normalisePhone("+1 702 555 0123", "AU")).toBe("+17025550123");
  });

  it("uses the country the form sent, falling back to Australia for anything unknown", () => {
    expect(normalisePhone("021 123 4567", "NZ")).toBe("+64211234567");
    expect(normalisePhone("0412 345 678", "nz")).toBeNull();
    expect(normalisePhone("0412 345 678", "ZZ")).toBe("+61412345678");
    expect(normalisePhone("0412 345 678", null)).toBe("+61412345678");
  });

  it("refuses more than 15 digits", () => {
    expect(normalisePhone("+61 412 345 678 901 234")).toBeNull();
    expect(normalisePhone("1234567890123456")).toBeNull();
    expect(normalisePhone("+1234567890123456", "US")).toBeNull();
  });

  it("refuses garbage, extensions, empty values and non-strings", () => {
    for (const raw of [
      "",
      "   ",
      "hello",
      "0412 345 67",
      "12",
      "call 0412345678",
      "0412 345 678 ext 5",
      "++61412345678",
    ]) {
      expect(normalisePhone(raw), raw).toBeNull();
    }
    expect(normalisePhone("0412-345-678-0412-345-678-0412-345-678-0412")).toBeNull();
    expect(normalisePhone("+61 412 345 678 <script>")).toBeNull();
    expect(normalisePhone(null)).toBeNull();
    expect(normalisePhone(undefined)).toBeNull();
    expect(normalisePhone(new File(["0412345678"], "phone.txt"))).toBeNull();
  });
});

describe("formatPhoneForDisplay", () => {
  it("shows Australian numbers in national form and others internationally", () => {
    expect(formatPhoneForDisplay("+61412345678")).toBe("0412 345 678");
    expect(formatPhoneForDisplay("+61298765432")).toBe("(02) 9876 5432");
    expect(formatPhoneForDisplay("+17025550123")).toBe("+1 702 555 0123");
    expect(formatPhoneForDisplay("+17025550123", "US")).toBe("(702) 555-0123");
  });

  it("keeps text it cannot read and shows nothing for nothing", () => {
    expect(formatPhoneForDisplay("not a number")).toBe("not a number");
    expect(formatPhoneForDisplay(null)).toBe("");
    expect(formatPhoneForDisplay("")).toBe("");
  });
});

describe("form fields", () => {
  it("names the country field after the phone field", () => {
    expect(phoneCountryFieldName("phone")).toBe("phone_country");
  });

  it("accepts only supported country codes", () => {
    expect(toPhoneCountry("US")).toBe("US");
    expect(toPhoneCountry(" nz ")).toBe("NZ");
    expect(toPhoneCountry("XX")).toBe("AU");
    expect(toPhoneCountry(undefined, "GB")).toBe("GB");
  });

  it("leaves room for the calling code within 15 digits", () => {
    expect(maxNationalDigits("AU")).toBe(13);
    expect(maxNationalDigits("US")).toBe(14);
    expect(maxNationalDigits("IE")).toBe(12);
  });

  it("starts the input from a stored E.164 number", () => {
    expect(phoneInputDefaults("+61412345678")).toEqual({ country: "AU", text: "0412 345 678" });
    expect(phoneInputDefaults("+17025550123")).toEqual({ country: "US", text: "(702) 555-0123" });
    expect(phoneInputDefaults(undefined, "NZ")).toEqual({ country: "NZ", text: "" });
    expect(phoneInputDefaults("0412 345 678")).toEqual({ country: "AU", text: "0412 345 678" });
    expect(phoneInputDefaults("whatever")).toEqual({ country: "AU", text: "whatever" });
  });
});

/** Types `keys` one at a time at the end of the input, as a person would. */
function type(keys: string, country: Parameters<typeof formatPhoneEdit>[1], start = "") {
  let value = start;
  for (const key of keys) {
    const text = value + key;
    value = formatPhoneEdit({ text, caret: text.length, previous: value, inputType: "insertText" }, country).text;
  }
  return value;
}

describe("formatPhoneEdit", () => {
  it("formats as the person types", () => {
    expect(type("0412345678", "AU")).toBe("0412 345 678");
    expect(type("0390001234", "AU")).toBe("(03) 9000 1234");
    expect(type("7021234567", "US")).toBe("(702) 123-4567");
    expect(type("+17025550123", "AU")).toBe("+1 702 555 0123");
  });

  it("drops letters and stray plus signs", () => {
    expect(formatPhoneEdit({ text: "04a12+", caret: 6, previous: "" }, "AU").text).toBe("0412");
  });

  it("refuses digits beyond 15 in total", () => {
    const au = type("12345678901234567890", "AU");
    expect(au.replace(/\D/g, "")).toBe("1234567890123");
    expect(type("9", "AU", au)).toBe(au);
    const international = type("+12345678901234567890", "AU");
    expect(international.replace(/\D/g, "")).toHaveLength(15);
  });

  it("keeps the digits before the caret when a paste in the middle is too long", () => {
    // "0412|678" with "3459999999" pasted at the caret: the tail of the paste is refused.
    const text = "04123459999999999678";
    const result = formatPhoneEdit({ text, caret: 14, previous: "0412 678", inputType: "insertFromPaste" }, "AU");
    expect(result.text.replace(/\D/g, "")).toBe("0412345999678");
  });

  it("keeps the caret after the same digit when editing in the middle", () => {
    // "0412 3|45": typing 9 after the 3.
    const result = formatPhoneEdit({ text: "0412 3945", caret: 7, previous: "0412 345" }, "AU");
    expect(result.text).toBe("0412 394 5");
    expect(result.text.slice(0, result.caret)).toBe("0412 39");
  });

  it("deletes a digit when Backspace would only remove a formatting character", () => {
    const result = formatPhoneEdit(
      { text: "(702", caret: 4, previous: "(702)", inputType: "deleteContentBackward" },
      "US",
    );
    expect(result).toEqual({ text: "70", caret: 2 });
    const space = formatPhoneEdit(
      { text: "0412345 678", caret: 4, previous: "0412 345 678", inputType: "deleteContentBackward" },
      "AU",
    );
    expect(space.text.replace(/\D/g, "")).toBe("041345678");
    const forward = formatPhoneEdit(
      { text: "0412345 678", caret: 4, previous: "0412 345 678", inputType: "deleteContentForward" },
      "AU",
    );
    expect(forward.text.replace(/\D/g, "")).toBe("041245678");
  });

  it("empties cleanly", () => {
    expect(formatPhoneEdit({ text: "", caret: 0, previous: "0" }, "AU")).toEqual({ text: "", caret: 0 });
    expect(formatPhoneEdit({ text: "+", caret: 1, previous: "" }, "AU")).toEqual({ text: "+", caret: 1 });
  });
});

describe("country search", () => {
  const options = phoneCountryOptions();
  const codes = (query: string) => searchPhoneCountries(options, query).map((option) => option.code);

  it("lists Australia first, then every other country by name", () => {
    expect(options[0]).toEqual({ code: "AU", callingCode: "61", name: "Australia", flag: "🇦🇺" });
    expect(options.length).toBeGreaterThan(200);
    expect(codes("")).toEqual(options.map((option) => option.code));
  });

  it("finds countries by name, ISO code, other names and dialling code", () => {
    expect(codes("united states")[0]).toBe("US");
    expect(codes("zealand")).toEqual(["NZ"]);
    expect(codes("nz")[0]).toBe("NZ");
    expect(codes("uk")[0]).toBe("GB");
    expect(codes("cote")).toContain("CI");
    expect(codes("+61")).toEqual(["AU", "CX", "CC"]);
    expect(codes("1")[0]).toBe("US");
    expect(codes("+44")[0]).toBe("GB");
    expect(codes("qqq")).toEqual([]);
  });

  it("makes flags from regional indicators", () => {
    expect(countryFlag("us")).toBe("🇺🇸");
  });
});
