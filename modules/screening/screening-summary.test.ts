import { describe, expect, it } from "vitest";
import { parseScreeningFilters } from "~/modules/screening/screening-filters";
import {
  previewFacts,
  SCREENING_FACT_KEYS,
  screeningSummary,
  type ScreeningFacts,
} from "~/modules/screening/screening-summary";

const facts = (overrides: Partial<ScreeningFacts> = {}): ScreeningFacts => ({
  idVerified: true,
  emailVerified: true,
  phoneGiven: true,
  profile: { exists: true, complete: true, referencesConfirmed: 1, weeklyBudget: 400 },
  enquiry: { moveInDate: "2027-02-01", leaseMonths: 6 },
  listing: { minLeaseMonths: 3, maxLeaseMonths: 12, availableFrom: "2027-01-15", allInWeeklyCost: 350 },
  ...overrides,
});

const byKey = (summary: ReturnType<typeof screeningSummary>) =>
  Object.fromEntries(summary.map((item) => [item.key, [item.status, item.text]]));

describe("screening summary", () => {
  it("states every fact in plain words, in a fixed order, with no score", () => {
    const summary = screeningSummary(facts());
    expect(summary.map((item) => item.key)).toEqual(SCREENING_FACT_KEYS);
    expect(byKey(summary)).toEqual({
      identity: ["met", "ID verified"],
      email: ["met", "E-mail address verified"],
      phone: ["not-met", "Phone number given, not verified"],
      profile: ["met", "Renter profile complete"],
      references: ["met", "1 reference confirmed"],
      stay: ["met", "6 months, within the 3–12 month lease"],
      moveIn: ["met", "1 February 2027; the room is available from 15 January 2027"],
      budget: ["met", "$400/week covers the all-in cost of $350/week"],
    });
    expect(JSON.stringify(summary)).not.toMatch(/score|rank|age|gender|nationality|religion|disab|family/i);
  });

  it("says what is not met, and never claims a phone number is verified", () => {
    const summary = screeningSummary(
      facts({
        idVerified: false,
        emailVerified: false,
        phoneGiven: false,
        profile: { exists: true, complete: false, referencesConfirmed: 0, weeklyBudget: 300 },
        enquiry: { moveInDate: "2027-01-01", leaseMonths: 2 },
        listing: { minLeaseMonths: 6, maxLeaseMonths: 6, availableFrom: "2027-01-15", allInWeeklyCost: 350 },
      }),
    );
    expect(byKey(summary)).toEqual({
      identity: ["not-met", "ID not verified"],
      email: ["not-met", "E-mail address not verified"],
      phone: ["not-stated", "No phone number given"],
      profile: ["not-met", "Renter profile not complete"],
      references: ["not-met", "No reference confirmed"],
      stay: ["not-met", "2 months, outside the 6-month lease"],
      moveIn: ["not-met", "1 January 2027, before the room is available (15 January 2027)"],
      budget: ["not-met", "$300/week is below the all-in cost of $350/week"],
    });
    expect(summary.some((item) => item.key === "phone" && item.status === "met")).toBe(false);
  });

  it("marks lease ends as fitting, a date-less listing as not available, and what nobody stated as not stated", () => {
    expect(byKey(screeningSummary(facts({ enquiry: { moveInDate: "2027-01-15", leaseMonths: 12 } })))).toMatchObject({
      stay: ["met", "12 months, within the 3–12 month lease"],
      moveIn: ["met", "15 January 2027; the room is available from 15 January 2027"],
    });
    const noDate = facts({
      listing: { minLeaseMonths: 3, maxLeaseMonths: 12, availableFrom: null, allInWeeklyCost: null },
    });
    expect(byKey(screeningSummary(noDate))).toMatchObject({
      moveIn: ["not-met", "1 February 2027; the room has no available date"],
      budget: ["not-stated", "The listing states no weekly cost"],
    });
    const nothing = facts({
      profile: { exists: false, complete: false, referencesConfirmed: 0, weeklyBudget: null },
      enquiry: { moveInDate: null, leaseMonths: null },
      listing: null,
    });
    expect(byKey(screeningSummary(nothing))).toMatchObject({
      profile: ["not-stated", "No renter profile"],
      stay: ["not-stated", "No lease length chosen"],
      moveIn: ["not-stated", "No move-in date chosen"],
      budget: ["not-stated", "No weekly budget stated"],
    });
    expect(byKey(screeningSummary(facts({ listing: null })))).toMatchObject({
      stay: ["not-stated", "The listing is no longer there to compare with"],
    });
  });

  it("previews with the enquiry form's choices, blank or malformed ones as not chosen", () => {
    const { enquiry: _enquiry, phoneGiven: _phone, ...base } = facts();
    expect(previewFacts(base, { moveInDate: "2027-02-01", leaseMonths: "6", phone: " " })).toEqual({
      ...facts(),
      phoneGiven: false,
    });
    expect(previewFacts(base, { moveInDate: "soon", leaseMonths: "six", phone: "0400 000 000" }).enquiry).toEqual({
      moveInDate: null,
      leaseMonths: null,
    });
  });
});

describe("screening filters", () => {
  it("keeps the known facts in a fixed order and ignores unknown or repeated values", () => {
    expect(parseScreeningFilters(new URLSearchParams("met=stay&met=identity&met=stay&met=phone&met=%00&met="))).toEqual(
      ["identity", "stay"],
    );
    expect(parseScreeningFilters(new URLSearchParams("met[]=identity&other=1"))).toEqual([]);
  });
});
