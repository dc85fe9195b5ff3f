import { describe, expect, it } from "vitest";
import { parseProfile } from "~/modules/profiles/profile-schema";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("parseProfile", () => {
  it("trims the fields and stores empty optional ones as null", () => {
    expect(parseProfile(form({ firstName: "  Mia ", lastName: "Nguyen ", phone: "  ", bio: "\n" }))).toEqual({
      success: true,
      data: { firstName: "Mia", lastName: "Nguyen", phone: null, bio: null },
    });
    expect(
      parseProfile(form({ firstName: "Mia", lastName: "Nguyen", phone: "0400 100 002", bio: "Line one\nLine two" })),
    ).toMatchObject({ success: true, data: { phone: "+61400100002", bio: "Line one\nLine two" } });
  });

  it("stores the phone as E.164, read for the submitted country (Australia when none or unknown)", () => {
    const phone = (number: string, country?: string) => {
      const result = parseProfile(
        form({
          firstName: "Mia",
          lastName: "N",
          phone: number,
          ...(country === undefined ? {} : { phone_country: country }),
        }),
      );
      return result.success ? result.data.phone : result.errors.phone;
    };
    expect(phone("0400 100 002", "AU")).toBe("+61400100002");
    expect(phone(" (03) 9000 1234 ")).toBe("+61390001234");
    expect(phone("+61 (3) 9000-1234", "")).toBe("+61390001234");
    expect(phone("0400 100 002", "XX")).toBe("+61400100002");
    expect(phone("021 123 4567", "NZ")).toBe("+64211234567");
    expect(phone("(702) 555-0123", "us")).toBe("+17025550123");
    // An international number wins over the chosen country.
    expect(phone("+44 20 7946 0958", "AU")).toBe("+442079460958");
    expect(phone("", "NZ")).toBeNull();
  });

  it("refuses a phone that is not a valid number for its country", () => {
    for (const [number, country] of [
      ["12", "AU"],
      ["call me", "AU"],
      ["0400 100 002 ext. 5", "AU"],
      ["0400 100 002", "US"],
      ["+61 400 100 002 0000000", "AU"],
      ["1".repeat(33), "AU"],
    ]) {
      expect(parseProfile(form({ firstName: "Mia", lastName: "N", phone: number!, phone_country: country! }))).toEqual({
        success: false,
        errors: { phone: "Please enter a valid phone number." },
        values: { firstName: "Mia", lastName: "N", phone: number, bio: "" },
      });
    }
  });

  it("requires first and last names of at most 100 characters on one line", () => {
    expect(parseProfile(form({ firstName: " ", lastName: "x".repeat(101), phone: "", bio: "" }))).toEqual({
      success: false,
      errors: {
        firstName: "Please enter your first name.",
        lastName: "Your last name must be at most 100 characters.",
      },
      values: { firstName: " ", lastName: "x".repeat(101), phone: "", bio: "" },
    });
    expect(parseProfile(form({ firstName: "Mia\nBcc: x", lastName: "N" }))).toMatchObject({
      success: false,
      errors: { firstName: "Your first name must be on one line." },
    });
  });

  it("refuses markup and web addresses in names, with a message naming the field", () => {
    for (const [firstName, message] of [
      ['<a href="https://evil.example">Verify your account</a>', "Your first name must not contain < or >."],
      ["Mia <b>", "Your first name must not contain < or >."],
      ["https://evil.example", "Your first name must not contain a web address (such as www.… or ….com)."],
      ["Verify at evil.example", "Your first name must not contain a web address (such as www.… or ….com)."],
      ["www.evil", "Your first name must not contain a web address (such as www.… or ….com)."],
      ["mia@evil.example", "Your first name must not contain a web address (such as www.… or ….com)."],
      ["mailto:mia", "Your first name must not contain a web address (such as www.… or ….com)."],
    ]) {
      expect(parseProfile(form({ firstName: firstName!, lastName: "N" })), firstName).toMatchObject({
        success: false,
        errors: { firstName: message },
      });
    }
    for (const [firstName, lastName] of [
      ["Mary-Jane", "O'Brien Jr."],
      ["J. R. R.", "Tolkien"],
      ["Zoë", "St. Clair"],
      ["Nguyễn", "Thị Minh"],
    ]) {
      expect(parseProfile(form({ firstName: firstName!, lastName: lastName! })), firstName).toMatchObject({
        success: true,
      });
    }
  });

  it("limits the bio to 1000 characters, reporting it with the other fields' problems", () => {
    const result = parseProfile(form({ firstName: "", lastName: "N", phone: "12", bio: "b".repeat(1001) }));
    expect(result).toMatchObject({
      success: false,
      errors: {
        firstName: "Please enter your first name.",
        phone: "Please enter a valid phone number.",
        bio: "Your bio must be at most 1,000 characters.",
      },
    });
  });

  it("reads a missing field or a file as empty", () => {
    const data = form({ lastName: "N" });
    data.set("firstName", new File(["x"], "x.txt"));
    expect(parseProfile(data)).toMatchObject({
      success: false,
      errors: { firstName: "Please enter your first name." },
    });
  });
});
