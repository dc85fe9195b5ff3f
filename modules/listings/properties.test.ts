import { describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/viewer";
import { pageCountFor, parsePropertiesParams, propertiesHref } from "~/modules/listings/properties";
import { listingScope, noListingScopeReason } from "~/modules/listings/permissions";

const parse = (query: string) => parsePropertiesParams(new URLSearchParams(query));

describe("parsePropertiesParams", () => {
  it("defaults to no search, page 1, 12 per page", () => {
    expect(parse("")).toEqual({ q: "", page: 1, pageSize: 12 });
  });

  it("reads the search (trimmed), page and page size", () => {
    expect(parse("q=%20Carlton%20Room%20&page=3&pageSize=48")).toEqual({ q: "Carlton Room", page: 3, pageSize: 48 });
    expect(parse("pageSize=24").pageSize).toBe(24);
  });

  it("falls back to the defaults for anything unreadable", () => {
    for (const pageSize of ["6", "13", "100", "abc", "12.0", ""])
      expect(parse(`pageSize=${pageSize}`).pageSize).toBe(12);
    for (const page of ["0", "-2", "1.5", "abc", "", "1e3x"]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("q=%20%20").q).toBe("");
  });

  it("caps the search length and the page number", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(200);
    expect(parse("page=99999999").page).toBe(10_000);
  });
});

describe("propertiesHref", () => {
  it("leaves defaults out and keeps a fixed order, so every view has one URL", () => {
    expect(propertiesHref("/settings/properties", {})).toBe("/settings/properties");
    expect(propertiesHref("/settings/properties", { q: "", page: 1, pageSize: 12 })).toBe("/settings/properties");
    expect(propertiesHref("/admin/properties", { page: 2, pageSize: 24, q: "50% off_peak" })).toBe(
      "/admin/properties?q=50%25+off_peak&pageSize=24&page=2",
    );
  });

  it("round-trips through the parser", () => {
    const query = { q: "sunny room", page: 4, pageSize: 48 };
    const href = propertiesHref("/settings/properties", query);
    expect(parsePropertiesParams(new URL(href, "http://localhost").searchParams)).toEqual(query);
  });
});

describe("pageCountFor", () => {
  it("is ceil(total / page size), and at least one page", () => {
    expect(pageCountFor(0, 12)).toBe(1);
    expect(pageCountFor(12, 12)).toBe(1);
    expect(pageCountFor(13, 12)).toBe(2);
    expect(pageCountFor(69, 24)).toBe(3);
  });
});

describe("listingScope on the properties screen", () => {
  const viewer = (role: Viewer["role"], subscriptionStatus: Viewer["subscriptionStatus"] = "inactive"): Viewer => ({
    id: "u1",
    email: "u1@example.com",
    role,
    subscriptionStatus,
    firstName: null,
    lastName: null,
    avatarUrl: null,
    twoFactorEnabled: false,
  });

  it("lets admins see every listing and active landlords their own", () => {
    expect(listingScope(viewer("admin"))).toBe("all");
    expect(listingScope(viewer("landlord", "active"))).toBe("own");
  });

  it("asks other landlords to subscribe and refuses everyone else", () => {
    for (const status of ["inactive", "cancelled", "suspended"] as const) {
      expect(listingScope(viewer("landlord", status))).toBe("none");
      expect(noListingScopeReason(viewer("landlord", status))).toBe("subscription-required");
    }
    for (const other of [viewer("tenant"), viewer("tenant", "active"), viewer("staff")]) {
      expect(listingScope(other)).toBe("none");
      expect(noListingScopeReason(other)).toBe("not-allowed");
    }
  });
});
