import { describe, expect, it } from "vitest";
import { dailyFigures, lastDays, melbourneDay } from "~/modules/admin/site-overview";

describe("the overview's days", () => {
  it("are Melbourne's calendar days", () => {
    // 14:30 UTC on 30 November is 01:30 on 1 December in Melbourne (UTC+11).
    expect(melbourneDay(new Date("2026-11-30T14:30:00Z"))).toBe("2026-12-01");
    expect(melbourneDay(new Date("2026-11-30T12:30:00Z"))).toBe("2026-11-30");
  });

  it("end with today, oldest first, across a month's end", () => {
    expect(lastDays(new Date("2026-12-01T02:00:00Z"), 3)).toEqual(["2026-11-29", "2026-11-30", "2026-12-01"]);
    expect(lastDays(new Date("2026-12-01T02:00:00Z"))).toHaveLength(30);
  });

  it("fill days without events with zeros", () => {
    expect(
      dailyFigures(["2026-11-30", "2026-12-01"], {
        newListings: [{ day: "2026-12-01", count: 2 }],
        enquiries: [
          { day: "2026-11-30", count: 1 },
          { day: "2026-11-01", count: 9 },
        ],
        lets: [],
      }),
    ).toEqual([
      { day: "2026-11-30", newListings: 0, enquiries: 1, lets: 0 },
      { day: "2026-12-01", newListings: 2, enquiries: 0, lets: 0 },
    ]);
  });
});
