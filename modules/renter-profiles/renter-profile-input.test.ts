import { describe, expect, it } from "vitest";
import { parseReference, parseRenterProfile } from "~/modules/renter-profiles/renter-profile-input";

const TODAY = "2026-11-28";
const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
};

describe("parseRenterProfile", () => {
  it("accepts a full profile, trimming and de-duplicating", () => {
    const parsed = parseRenterProfile(
      form({
        about: "  Quiet nursing student. ",
        occupation: "studying",
        occupationPlace: "RMIT",
        moveInEarliest: "2027-01-10",
        moveInLatest: "2027-02-01",
        stayMonths: "6",
        weeklyBudget: "$1,200",
        areas: ["Carlton", " carlton ", "", "3000"],
        languages: "English, Vietnamese, english",
        pets: "no",
        smoking: "undisclosed",
        findable: "on",
      }),
      TODAY,
    );
    expect(parsed).toMatchObject({
      success: true,
      data: {
        about: "Quiet nursing student.",
        occupation: "studying",
        occupationPlace: "RMIT",
        moveInEarliest: "2027-01-10",
        moveInLatest: "2027-02-01",
        stayMonths: 6,
        weeklyBudget: 1200,
        areas: ["Carlton", "carlton", "3000"],
        languages: ["english", "Vietnamese"],
        pets: "no",
        smoking: "undisclosed",
        findable: true,
      },
    });
  });

  it("treats an empty form as nothing stated: prefer not to say, not findable", () => {
    expect(parseRenterProfile(form({}), TODAY)).toMatchObject({
      success: true,
      data: { occupation: null, stayMonths: null, weeklyBudget: null, areas: [], pets: "undisclosed", findable: false },
    });
  });

  it("refuses bad values with one clear message per field", () => {
    const parsed = parseRenterProfile(
      form({
        about: "x".repeat(2001),
        occupation: "astronaut",
        moveInEarliest: "2026-11-27",
        moveInLatest: "2026-02-30",
        stayMonths: "2",
        weeklyBudget: "12.50",
        areas: ["a", "b", "c", "d"],
        languages: "English; <script>",
        pets: "maybe",
        smoking: "sometimes",
      }),
      TODAY,
    );
    expect(parsed).toMatchObject({
      success: false,
      errors: {
        about: "Please keep this to 2,000 characters.",
        occupation: "Please choose studying, working or other.",
        moveInEarliest: "Please choose a date from today on.",
        moveInLatest: "Please enter a date.",
        stayMonths: "Please choose a stay of 3 to 12 months.",
        weeklyBudget: "Please enter whole dollars a week, from $50 to $10,000.",
        areas: "Please choose at most 3 areas.",
        languages: "Please list languages by name, separated by commas.",
        pets: "Please choose yes, no or prefer not to say.",
        smoking: "Please choose yes, no or prefer not to say.",
      },
    });
  });

  it("needs the latest move-in on or after the earliest, within two years", () => {
    expect(parseRenterProfile(form({ moveInEarliest: "2027-03-01", moveInLatest: "2027-02-01" }), TODAY)).toMatchObject(
      { errors: { moveInLatest: "The latest move-in date must be on or after the earliest." } },
    );
    expect(parseRenterProfile(form({ moveInEarliest: "2028-11-29" }), TODAY)).toMatchObject({
      errors: { moveInEarliest: "Please choose a date within 2 years." },
    });
    expect(parseRenterProfile(form({ stayMonths: "13" }), TODAY)).toMatchObject({ success: false });
    expect(parseRenterProfile(form({ stayMonths: "12" }), TODAY)).toMatchObject({ success: true });
  });
});

describe("parseReference", () => {
  it("accepts a referee and lower-cases the address", () => {
    expect(
      parseReference(form({ name: " Ann Lee ", relationship: "Previous landlord", email: " Ann@Example.COM " })),
    ).toEqual({
      success: true,
      data: { name: "Ann Lee", relationship: "Previous landlord", email: "ann@example.com" },
    });
  });

  it("refuses a missing name, a multi-line relationship and a bad address", () => {
    expect(
      parseReference(form({ name: "", relationship: "a\nBcc: x@example.com", email: "not-an-address" })),
    ).toMatchObject({
      success: false,
      errors: {
        name: "Please enter the referee's name.",
        relationship: "Please enter one line of at most 60 characters.",
        email: "Please enter a valid e-mail address.",
      },
    });
  });
});
