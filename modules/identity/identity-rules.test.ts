import { describe, expect, it } from "vitest";
import {
  failureReasonFor,
  identityState,
  initialsOf,
  sameLegalName,
  verificationExpiresAt,
  type CheckSummary,
} from "~/modules/identity/identity-rules";

const verifiedAt = new Date("2026-03-10T02:00:00Z");
const expiresAt = verificationExpiresAt(verifiedAt);
const passed: CheckSummary = {
  status: "verified",
  failureReason: null,
  verifiedAt,
  expiresAt,
  nameMatches: true,
  initials: "S. N.",
  documentCountry: "AU",
};
const failed = (reason: string): CheckSummary => ({
  ...passed,
  status: "failed",
  failureReason: reason,
  verifiedAt: null,
  expiresAt: null,
  nameMatches: false,
});
const pending: CheckSummary = { ...failed("other"), status: "pending", failureReason: null };

describe("identity verification rules", () => {
  it("a passed check holds for two years to the moment, then the person is told it expired", () => {
    expect(expiresAt.toISOString()).toBe("2028-03-10T02:00:00.000Z");
    expect(verificationExpiresAt(new Date("2028-02-29T00:00:00Z")).toISOString()).toBe("2030-03-01T00:00:00.000Z");
    expect(identityState([passed], new Date("2028-03-10T01:59:59Z"))).toMatchObject({ kind: "verified", expiresAt });
    expect(identityState([passed], expiresAt)).toEqual({ kind: "expired", expiredAt: expiresAt });
  });

  it("a changed account name undoes a check that has not expired", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(identityState([{ ...passed, nameMatches: false }], now)).toEqual({ kind: "name-changed" });
  });

  it("a check that holds wins over later attempts; otherwise the newest says pending or failed", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(identityState([], now)).toEqual({ kind: "not-verified" });
    expect(identityState([failed("selfie-mismatch"), passed], now)).toMatchObject({ kind: "verified" });
    expect(identityState([pending, failed("other")], now)).toEqual({ kind: "pending" });
    expect(identityState([failed("document-unreadable"), pending], now)).toEqual({
      kind: "failed",
      reason: "document-unreadable",
    });
    expect(identityState([failed("not-a-reason")], now)).toEqual({ kind: "failed", reason: "other" });
    expect(identityState([failed("name-mismatch"), { ...passed, nameMatches: false }], now)).toEqual({
      kind: "failed",
      reason: "name-mismatch",
    });
  });

  it("reads the provider's error codes as reasons", () => {
    expect(failureReasonFor("document_unverified_other")).toBe("document-unreadable");
    expect(failureReasonFor("document_expired")).toBe("document-expired");
    expect(failureReasonFor("selfie_face_mismatch")).toBe("selfie-mismatch");
    expect(failureReasonFor("consent_declined")).toBe("not-completed");
    expect(failureReasonFor("something_new")).toBe("other");
    expect(failureReasonFor(null)).toBe("other");
  });

  it("compares a document's name with the account's without case, accents, punctuation or spacing", () => {
    const account = { firstName: "José", lastName: "O'Neil-Nguyen" };
    expect(sameLegalName({ firstName: "JOSE", lastName: "ONEILNGUYEN" }, account)).toBe(true);
    expect(sameLegalName({ firstName: "jose ", lastName: "o'neil-nguyen" }, account)).toBe(true);
    expect(sameLegalName({ firstName: "Jose", lastName: "O’Neil-Nguyen" }, account)).toBe(true);
    expect(sameLegalName({ firstName: "Josie", lastName: "O'Neil-Nguyen" }, account)).toBe(false);
    expect(sameLegalName({ firstName: "", lastName: "" }, { firstName: "", lastName: "" })).toBe(false);
  });

  it("keeps only the initials of the verified name", () => {
    expect(initialsOf({ firstName: "sam", lastName: "Nguyen" })).toBe("S. N.");
    expect(initialsOf({ firstName: "Émile", lastName: " " })).toBe("É.");
  });
});
