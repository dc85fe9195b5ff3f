import { describe, expect, it } from "vitest";
import { ListingCounter, visitorKey } from "~/modules/analytics/listing-counter.server";

describe("visitorKey", () => {
  it("is the same for one address and salt, differs with the day's salt, and does not contain the address", () => {
    const key = visitorKey("salt-of-monday", "203.0.113.7");
    expect(visitorKey("salt-of-monday", "203.0.113.7")).toBe(key);
    expect(visitorKey("salt-of-tuesday", "203.0.113.7")).not.toBe(key);
    expect(visitorKey("salt-of-monday", "203.0.113.8")).not.toBe(key);
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain("203");
  });
});

describe("ListingCounter", () => {
  it("counts in memory without touching the database until flushed", () => {
    const counter = new ListingCounter(() => new Date("2026-11-20T01:00:00Z"));
    expect(counter.isEmpty).toBe(true);
    counter.view("00000000-0000-4000-8000-000000000001", "203.0.113.7");
    counter.count("00000000-0000-4000-8000-000000000001", "impressions", 3);
    expect(counter.isEmpty).toBe(false);
  });
});
