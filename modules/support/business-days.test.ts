import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDaysText, isOverdue } from "~/modules/support/business-days";

// Melbourne is UTC+11 in summer (AEDT) and UTC+10 in winter (AEST).
describe("addBusinessDays", () => {
  it("adds weekdays at the same local time", () => {
    // Tuesday 2026-12-01 10:00 AEDT
    const start = new Date("2026-11-30T23:00:00Z");
    expect(addBusinessDays(start, 1).toISOString()).toBe("2026-12-01T23:00:00.000Z");
    expect(addBusinessDays(start, 3).toISOString()).toBe("2026-12-03T23:00:00.000Z");
  });

  it("skips the weekend", () => {
    // Friday 2026-12-04 16:30 AEDT → Monday 16:30
    const friday = new Date("2026-12-04T05:30:00Z");
    expect(addBusinessDays(friday, 1).toISOString()).toBe("2026-12-07T05:30:00.000Z");
    // Five business days from a Friday is the next Friday.
    expect(addBusinessDays(friday, 5).toISOString()).toBe("2026-12-11T05:30:00.000Z");
  });

  it("counts a weekend request from the start of Monday", () => {
    // Saturday 2026-12-05 11:00 AEDT → end of Monday = Tuesday 00:00 AEDT
    const saturday = new Date("2026-12-05T00:00:00Z");
    expect(addBusinessDays(saturday, 1).toISOString()).toBe("2026-12-07T13:00:00.000Z");
    // Sunday late at night, local: the same.
    const sunday = new Date("2026-12-06T12:59:00Z");
    expect(addBusinessDays(sunday, 1).toISOString()).toBe("2026-12-07T13:00:00.000Z");
  });

  it("uses the local day, not the UTC one", () => {
    // Monday 2026-12-07 08:00 AEDT is still Sunday in UTC.
    const mondayMorning = new Date("2026-12-06T21:00:00Z");
    expect(addBusinessDays(mondayMorning, 1).toISOString()).toBe("2026-12-07T21:00:00.000Z");
  });

  it("keeps the local time across the end of daylight saving", () => {
    // Friday 2027-04-02 10:00 AEDT (UTC+11); daylight saving ends on Sunday 4 April, so Monday 10:00 is AEST (UTC+10).
    const friday = new Date("2027-04-01T23:00:00Z");
    expect(addBusinessDays(friday, 1).toISOString()).toBe("2027-04-05T00:00:00.000Z");
  });

  it("returns the start itself on a weekday for zero days", () => {
    const start = new Date("2026-12-01T01:02:03.456Z");
    expect(addBusinessDays(start, 0).toISOString()).toBe(start.toISOString());
  });
});

describe("businessDaysText", () => {
  it("says one day or several", () => {
    expect(businessDaysText(1)).toBe("1 business day");
    expect(businessDaysText(3)).toBe("3 business days");
  });
});

describe("isOverdue", () => {
  const due = "2026-12-01T23:00:00.000Z";
  it("is overdue only when unanswered after the promised time", () => {
    expect(isOverdue({ answerDueAt: due, answeredAt: null }, new Date("2026-12-01T23:00:01Z"))).toBe(true);
    expect(isOverdue({ answerDueAt: due, answeredAt: null }, new Date("2026-12-01T22:59:59Z"))).toBe(false);
    expect(isOverdue({ answerDueAt: due, answeredAt: "2026-12-02T00:00:00Z" }, new Date("2026-12-03T00:00:00Z"))).toBe(
      false,
    );
    expect(isOverdue({ answerDueAt: null, answeredAt: null }, new Date("2030-01-01T00:00:00Z"))).toBe(false);
  });
});
