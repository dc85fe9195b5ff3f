import { describe, expect, it } from "vitest";
import { allInWeeklyCost, describeBills, formatLeaseRange } from "~/modules/listings/listing-facts";
import { formatWeeklyRent } from "~/modules/listings/listing-text";

describe("listing facts", () => {
  it("all-in weekly cost is rent plus estimated bills, rent alone without an estimate, nothing without rent", () => {
    expect(allInWeeklyCost(400, 24.5)).toBe(424.5);
    expect(allInWeeklyCost(400, null)).toBe(400);
    expect(allInWeeklyCost(null, 30)).toBeNull();
  });

  it("describes the bills with the cap and the estimate", () => {
    const describe = (
      billsIncluded: Parameters<typeof describeBills>[0]["billsIncluded"],
      cap: number | null,
      estimate: number | null,
    ) => describeBills({ billsIncluded, billsCap: cap, billsEstimate: estimate }, formatWeeklyRent);
    expect(describe(["power", "gas", "internet", "water"], 40, null)).toBe("All bills included, up to $40/week");
    expect(describe(["internet", "water"], null, 20)).toBe("Internet and water included; other bills about $20/week");
    expect(describe(["power", "gas", "internet"], null, null)).toBe("Power, gas and internet included");
    expect(describe([], null, 35)).toBe("Bills not included (about $35/week)");
  });

  it("formats the lease range", () => {
    expect(formatLeaseRange(3, 12)).toBe("3–12 months");
    expect(formatLeaseRange(6, 6)).toBe("6 months");
  });
});
