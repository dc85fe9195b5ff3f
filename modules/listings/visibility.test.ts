import { describe, expect, it } from "vitest";
import { isPubliclyVisible, ownerPublishes } from "~/modules/listings/visibility";

describe("public visibility", () => {
  it("hides the listings of a landlord whose plan is suspended or cancelled, and dateless listings", () => {
    const landlord = (subscriptionStatus: "active" | "inactive" | "suspended" | "cancelled") =>
      ({ role: "landlord", subscriptionStatus }) as const;
    expect(ownerPublishes(landlord("active"))).toBe(true);
    expect(ownerPublishes(landlord("inactive"))).toBe(true);
    expect(ownerPublishes(landlord("suspended"))).toBe(false);
    expect(ownerPublishes(landlord("cancelled"))).toBe(false);
    expect(ownerPublishes({ role: "admin", subscriptionStatus: "cancelled" })).toBe(true);
    expect(ownerPublishes(null)).toBe(true);
    expect(isPubliclyVisible({ availableFrom: null, owner: null })).toBe(false);
    expect(isPubliclyVisible({ availableFrom: "2026-12-01", owner: landlord("suspended") })).toBe(false);
    expect(isPubliclyVisible({ availableFrom: "2026-12-01", owner: landlord("active") })).toBe(true);
  });
});
