import { describe, expect, it } from "vitest";
import { refusalHeaders, statusForEnquiryRefusal } from "~/app/http/enquiry-refusal.server";

describe("enquiry refusals over HTTP", () => {
  it("map each domain reason to a status", () => {
    expect(statusForEnquiryRefusal({ ok: false, reason: "not-found" })).toBe(404);
    for (const reason of ["forbidden", "blocked", "suspended"] as const) {
      expect(statusForEnquiryRefusal({ ok: false, reason })).toBe(403);
    }
    for (const reason of ["closed", "own-listing", "unavailable"] as const) {
      expect(statusForEnquiryRefusal({ ok: false, reason })).toBe(409);
    }
    expect(statusForEnquiryRefusal({ ok: false, reason: "already-enquired", conversationId: "x" })).toBe(409);
    expect(statusForEnquiryRefusal({ ok: false, reason: "rate-limited", retryAfterSeconds: 60 })).toBe(429);
  });

  it("tell a rate-limited client when to retry", () => {
    expect(refusalHeaders({ ok: false, reason: "rate-limited", retryAfterSeconds: 3600 })).toEqual({
      "Retry-After": "3600",
    });
    expect(refusalHeaders({ ok: false, reason: "closed" })).toBeUndefined();
  });
});
