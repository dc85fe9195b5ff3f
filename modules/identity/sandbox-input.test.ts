import { describe, expect, it } from "vitest";
import { parseSandboxVerificationForm } from "~/modules/identity/sandbox-input";

const form = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe("the identity sandbox's form", () => {
  it("reads a test outcome and a document country", () => {
    expect(parseSandboxVerificationForm(form({ outcome: "mismatch", documentCountry: "GB" }))).toEqual({
      success: true,
      data: { outcome: "mismatch", documentCountry: "GB" },
    });
  });

  it("refuses a missing or unknown outcome or country with a clear message", () => {
    expect(parseSandboxVerificationForm(form({}))).toEqual({ success: false, message: "Choose a test outcome." });
    expect(parseSandboxVerificationForm(form({ outcome: "approved", documentCountry: "AU" }))).toEqual({
      success: false,
      message: "Choose a test outcome.",
    });
    expect(parseSandboxVerificationForm(form({ outcome: "verified", documentCountry: "ZZ" }))).toEqual({
      success: false,
      message: "Choose the country that issued the document.",
    });
  });
});
