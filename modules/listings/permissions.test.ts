import { describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/viewer";
import { canCreateListings, canEditListing, canWriteListings, listingScope } from "~/modules/listings/permissions";

const viewer = (overrides: Partial<Viewer>): Viewer => ({
  id: "user-1",
  email: "someone@example.com",
  role: "tenant",
  subscriptionStatus: "inactive",
  firstName: null,
  lastName: null,
  avatarUrl: null,
  twoFactorEnabled: false,
  ...overrides,
});
const owned = { landlordId: "user-1" };
const othersListing = { landlordId: "user-2" };

describe("canEditListing", () => {
  it("lets admins edit any listing, but not staff (they manage listings from the admin area)", () => {
    expect(canEditListing(viewer({ role: "admin" }), othersListing)).toBe(true);
    expect(canEditListing(viewer({ role: "staff" }), othersListing)).toBe(false);
  });

  it("lets an active landlord edit only their own listings", () => {
    const landlord = viewer({ role: "landlord", subscriptionStatus: "active" });
    expect(canEditListing(landlord, owned)).toBe(true);
    expect(canEditListing(landlord, othersListing)).toBe(false);
    expect(canEditListing(landlord, { landlordId: null })).toBe(false);
  });

  it("refuses landlords without an active subscription, tenants and visitors", () => {
    for (const status of ["inactive", "cancelled", "suspended"] as const) {
      expect(canEditListing(viewer({ role: "landlord", subscriptionStatus: status }), owned)).toBe(false);
    }
    expect(canEditListing(viewer({ role: "tenant", subscriptionStatus: "active" }), owned)).toBe(false);
    expect(canEditListing(null, owned)).toBe(false);
  });

  it("does not match ownership by e-mail", () => {
    const landlord = viewer({ role: "landlord", subscriptionStatus: "active", email: "owner@example.com" });
    expect(canEditListing(landlord, { landlordId: "someone-else" })).toBe(false);
  });
});

describe("canWriteListings", () => {
  it("admits admins and active landlords only", () => {
    expect(canWriteListings(viewer({ role: "admin" }))).toBe(true);
    expect(canWriteListings(viewer({ role: "landlord", subscriptionStatus: "active" }))).toBe(true);
    for (const status of ["inactive", "cancelled", "suspended"] as const) {
      expect(canWriteListings(viewer({ role: "landlord", subscriptionStatus: status }))).toBe(false);
    }
    expect(canWriteListings(viewer({ role: "staff" }))).toBe(false);
    expect(canWriteListings(viewer({ role: "tenant" }))).toBe(false);
    expect(canWriteListings(null)).toBe(false);
  });
});

describe("rights through an API key", () => {
  const viaKey = (overrides: Partial<Viewer>) => viewer({ ...overrides, via: "api-key" });

  it("gives staff admin's rights over every listing, only through a key", () => {
    expect(listingScope(viaKey({ role: "staff" }))).toBe("all");
    expect(listingScope(viewer({ role: "staff" }))).toBe("none");
    expect(canEditListing(viaKey({ role: "staff" }), othersListing)).toBe(true);
  });

  it("lets only staff and admins create listings through a key; landlords create on the web", () => {
    expect(canCreateListings(viaKey({ role: "admin" }))).toBe(true);
    expect(canCreateListings(viaKey({ role: "staff" }))).toBe(true);
    expect(canCreateListings(viaKey({ role: "landlord", subscriptionStatus: "active" }))).toBe(false);
    expect(canCreateListings(viewer({ role: "landlord", subscriptionStatus: "active" }))).toBe(true);
    expect(canCreateListings(viaKey({ role: "tenant" }))).toBe(false);
  });
});
