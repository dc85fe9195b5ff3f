import { describe, expect, it } from "vitest";
import { REFUSAL_STATUS, retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { ENQUIRY_REFUSAL_CODE } from "~/modules/enquiries/enquiry-refusal-code";

describe("refusals over HTTP", () => {
  it("answer the reasons every module shares with their statuses", () => {
    const statuses = Object.fromEntries(
      Object.entries(COMMON_REFUSALS).map(([reason, code]) => [reason, statusFor(code)]),
    );
    expect(statuses).toEqual({
      invalid: 400,
      unauthorized: 401,
      forbidden: 403,
      "not-found": 404,
      conflict: 409,
      stale: 412,
      "rate-limited": 429,
      failed: 500,
    });
  });

  it("answer each refused enquiry step with its status", () => {
    const status = (reason: keyof typeof ENQUIRY_REFUSAL_CODE) => REFUSAL_STATUS[ENQUIRY_REFUSAL_CODE[reason]];
    expect(status("not-found")).toBe(404);
    for (const reason of ["forbidden", "blocked", "suspended"] as const) expect(status(reason)).toBe(403);
    for (const reason of ["closed", "own-listing", "unavailable", "already-enquired"] as const) {
      expect(status(reason)).toBe(409);
    }
    expect(status("rate-limited")).toBe(429);
  });

  it("tell a rate-limited client when to retry", () => {
    expect(retryAfterHeaders({ reason: "rate-limited", retryAfterSeconds: 3600 })).toEqual({ "Retry-After": "3600" });
    expect(retryAfterHeaders({ reason: "closed" })).toBeUndefined();
  });
});
