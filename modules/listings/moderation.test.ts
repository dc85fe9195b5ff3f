import { describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, parseModeration } from "~/modules/listings/moderation";

describe("parseModeration", () => {
  it("requires a reason to hide or review a listing, not to make it available or let", () => {
    expect(parseModeration("hidden", "  ")).toEqual({ ok: false, error: MODERATION_MESSAGES.reasonRequired });
    expect(parseModeration("under_review", "")).toEqual({ ok: false, error: MODERATION_MESSAGES.reasonRequired });
    expect(parseModeration("hidden", " Fake photos ")).toEqual({
      ok: true,
      value: { status: "hidden", reason: "Fake photos" },
    });
    expect(parseModeration("available", "")).toEqual({ ok: true, value: { status: "available", reason: null } });
    expect(parseModeration("let", "")).toEqual({ ok: true, value: { status: "let", reason: null } });
  });

  it("refuses unknown statuses and over-long reasons", () => {
    expect(parseModeration("deleted", "x")).toEqual({ ok: false, error: MODERATION_MESSAGES.invalidStatus });
    expect(parseModeration("hidden", "x".repeat(501))).toEqual({ ok: false, error: MODERATION_MESSAGES.reasonTooLong });
  });
});
