import { describe, expect, it } from "vitest";
import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";

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
      "too-slow": 503,
      failed: 500,
    });
  });

  it("tell a rate-limited client when to retry", () => {
    expect(retryAfterHeaders({ reason: "rate-limited", retryAfterSeconds: 3600 })).toEqual({ "Retry-After": "3600" });
    expect(retryAfterHeaders({ reason: "closed" })).toBeUndefined();
  });

  it("tell a client whose read outran its time limit to try again in a few seconds", () => {
    expect(retryAfterHeaders({ reason: "too-slow" })).toEqual({ "Retry-After": "5" });
  });
});
