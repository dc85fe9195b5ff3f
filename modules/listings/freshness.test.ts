import { describe, expect, it } from "vitest";
import { listingFreshAt, updatedAgo } from "~/modules/listings/freshness";

const now = new Date("2026-11-24T12:00:00Z");
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);

describe("listing freshness", () => {
  it("counts whole days since the last update or confirmation", () => {
    expect(updatedAgo(daysAgo(0, 3_600_000), now)).toBe("Updated today");
    expect(updatedAgo(daysAgo(1), now)).toBe("Updated 1 day ago");
    expect(updatedAgo(daysAgo(14, 60_000), now)).toBe("Updated 14 days ago");
    // A clock slightly behind the server never shows a negative age.
    expect(updatedAgo(new Date(now.getTime() + 60_000), now)).toBe("Updated today");
  });

  it("is fresh from the later of the update and the confirmation", () => {
    expect(listingFreshAt({ updatedAt: daysAgo(20), confirmedAt: daysAgo(2) })).toEqual(daysAgo(2));
    expect(listingFreshAt({ updatedAt: daysAgo(1), confirmedAt: daysAgo(2) })).toEqual(daysAgo(1));
    expect(listingFreshAt({ updatedAt: daysAgo(5), confirmedAt: null })).toEqual(daysAgo(5));
  });
});
