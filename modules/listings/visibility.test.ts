import { describe, expect, it } from "vitest";
import { isModerated, isPubliclyVisible, notPublicReasons, ownerPublishes } from "~/modules/listings/visibility";
import { notPublicReasonText } from "~/modules/listings/visibility-text";

const landlord = (subscriptionStatus: "active" | "inactive" | "suspended" | "cancelled") =>
  ({ role: "landlord", subscriptionStatus }) as const;

describe("public visibility", () => {
  it("hides the listings of a landlord whose plan is suspended or cancelled, and dateless listings", () => {
    expect(ownerPublishes(landlord("active"))).toBe(true);
    expect(ownerPublishes(landlord("inactive"))).toBe(true);
    expect(ownerPublishes(landlord("suspended"))).toBe(false);
    expect(ownerPublishes(landlord("cancelled"))).toBe(false);
    expect(ownerPublishes({ role: "admin", subscriptionStatus: "cancelled" })).toBe(true);
    expect(ownerPublishes(null)).toBe(true);
    expect(isPubliclyVisible({ availableFrom: null, status: "available", owner: null })).toBe(false);
    expect(isPubliclyVisible({ availableFrom: "2026-12-01", status: "available", owner: landlord("suspended") })).toBe(
      false,
    );
    expect(isPubliclyVisible({ availableFrom: "2026-12-01", status: "available", owner: landlord("active") })).toBe(
      true,
    );
  });

  it("shows available and let listings; moderation hides under-review and hidden ones", () => {
    const listing = (status: "available" | "let" | "under_review" | "hidden") => ({
      availableFrom: "2026-12-01",
      status,
      owner: landlord("active"),
    });
    expect(isPubliclyVisible(listing("available"))).toBe(true);
    expect(isPubliclyVisible(listing("let"))).toBe(true);
    expect(isPubliclyVisible(listing("under_review"))).toBe(false);
    expect(isPubliclyVisible(listing("hidden"))).toBe(false);
    expect(isPubliclyVisible({ ...listing("available"), freshnessPausedAt: new Date() })).toBe(false);
    expect(isPubliclyVisible({ ...listing("available"), freshnessPausedAt: null })).toBe(true);
    expect(isModerated({ status: "hidden" })).toBe(true);
    expect(isModerated({ status: "let" })).toBe(false);
  });

  it("gives every reason a listing is not public, in order, and none for a public one", () => {
    const listing = { availableFrom: "2026-12-01", status: "available", ownerPublishes: true } as const;
    expect(notPublicReasons(listing)).toEqual([]);
    expect(notPublicReasons({ ...listing, status: "let" })).toEqual([]);
    expect(notPublicReasons({ ...listing, availableFrom: null })).toEqual(["no_available_from"]);
    expect(notPublicReasons({ ...listing, freshnessPausedAt: "2026-11-01T00:00:00Z" })).toEqual(["paused"]);
    expect(notPublicReasons({ ...listing, ownerPublishes: false })).toEqual(["owner_plan"]);
    expect(
      notPublicReasons({
        availableFrom: null,
        status: "under_review",
        ownerPublishes: false,
        freshnessPausedAt: new Date(),
      }),
    ).toEqual(["under_review", "owner_plan", "no_available_from", "paused"]);
    expect(notPublicReasonText("no_available_from")).toBe(
      "No Available From date. Add the date the room is free (today if it is free now) to list it in search.",
    );
  });
});
