import { describe, expect, it } from "vitest";
import { REFUSAL_STATUS } from "~/lib/http/refusal-status";
import { ENQUIRY_REFUSAL_CODE } from "~/modules/enquiries/enquiry-refusal-code";

describe("enquiry refusals over HTTP", () => {
  it("answer each refused enquiry step with its status", () => {
    const status = (reason: keyof typeof ENQUIRY_REFUSAL_CODE) => REFUSAL_STATUS[ENQUIRY_REFUSAL_CODE[reason]];
    expect(status("not-found")).toBe(404);
    for (const reason of ["forbidden", "blocked", "suspended"] as const) expect(status(reason)).toBe(403);
    for (const reason of ["closed", "own-listing", "unavailable", "already-enquired"] as const) {
      expect(status(reason)).toBe(409);
    }
    expect(status("rate-limited")).toBe(429);
  });
});
