import { describe, expect, it } from "vitest";
import { formatDisplayDate, parseIsoDate, toIsoDate } from "~/app/components/ui/date-format";

describe("formatDisplayDate", () => {
  it.each([
    [new Date(2026, 10, 21), "21 Nov 2026"],
    [new Date(2027, 0, 1), "1 Jan 2027"],
    [new Date(2026, 8, 9), "9 Sep 2026"],
  ])("formats %s as %s", (date, expected) => expect(formatDisplayDate(date)).toBe(expected));
});

describe("toIsoDate", () => {
  it("uses the local calendar day, padded", () => {
    expect(toIsoDate(new Date(2026, 2, 5, 23, 59))).toBe("2026-03-05");
    expect(toIsoDate(new Date(2026, 11, 31, 0, 0))).toBe("2026-12-31");
  });
});

describe("parseIsoDate", () => {
  it("parses a date-only string to local midnight", () => {
    const date = parseIsoDate("2026-11-21");
    expect(date).toEqual(new Date(2026, 10, 21));
    expect(date && toIsoDate(date)).toBe("2026-11-21");
  });

  it.each([undefined, null, "", "2026-02-30", "2026-13-01", "21/11/2026", "2026-11-21T00:00:00Z", "2026-1-2"])(
    "rejects %s",
    (value) => expect(parseIsoDate(value)).toBeUndefined(),
  );
});
