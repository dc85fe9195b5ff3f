import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, newPasswordProblem, parseAccountForm } from "~/modules/auth/account-settings";

const form = (values: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

describe("newPasswordProblem", () => {
  it("checks the confirmation before the length, as the spec orders them", () => {
    expect(newPasswordProblem("abc", "abd")).toBe(ACCOUNT_MESSAGES.passwordMismatch);
    expect(newPasswordProblem("abc", "abc")).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(newPasswordProblem("abcdef", "abcdef")).toBeNull();
    expect(newPasswordProblem("a".repeat(129), "a".repeat(129))).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });
});

describe("parseAccountForm", () => {
  const change = {
    intent: "change-password",
    currentPassword: "old-secret",
    newPassword: "secret1",
    confirmPassword: "secret1",
  };

  it("accepts a password change and keeps passwords exactly as typed", () => {
    expect(parseAccountForm(form({ ...change, newPassword: " spaced ", confirmPassword: " spaced " }))).toEqual({
      success: true,
      data: { ...change, newPassword: " spaced ", confirmPassword: " spaced " },
    });
  });

  it("gives the spec's messages for a bad password change", () => {
    expect(parseAccountForm(form({ ...change, confirmPassword: "secret2" }))).toEqual({
      success: false,
      intent: "change-password",
      message: ACCOUNT_MESSAGES.passwordMismatch,
    });
    expect(parseAccountForm(form({ ...change, newPassword: "12345", confirmPassword: "12345" }))).toMatchObject({
      message: ACCOUNT_MESSAGES.passwordTooShort,
    });
    expect(parseAccountForm(form({ ...change, currentPassword: "" }))).toMatchObject({
      message: ACCOUNT_MESSAGES.passwordRequired,
    });
  });

  it("treats a missing field or a file like an empty one", () => {
    expect(parseAccountForm(form({ intent: "begin-two-factor" }))).toEqual({
      success: false,
      intent: "begin-two-factor",
      message: ACCOUNT_MESSAGES.passwordRequired,
    });
    expect(parseAccountForm(form({ intent: "disable-two-factor", password: new Blob(["x"]) }))).toMatchObject({
      success: false,
      message: ACCOUNT_MESSAGES.passwordRequired,
    });
  });

  it("accepts exactly six digits as a code, spaces ignored", () => {
    expect(parseAccountForm(form({ intent: "verify-two-factor", code: "123 456" }))).toEqual({
      success: true,
      data: { intent: "verify-two-factor", code: "123456" },
    });
    for (const code of ["12345", "1234567", "12345a", ""]) {
      expect(parseAccountForm(form({ intent: "verify-two-factor", code }))).toMatchObject({
        success: false,
        message: ACCOUNT_MESSAGES.codeFormat,
      });
    }
  });

  it("refuses an unknown intent without naming one", () => {
    expect(parseAccountForm(form({ intent: "delete-account" }))).toEqual({
      success: false,
      intent: null,
      message: ACCOUNT_MESSAGES.invalidRequest,
    });
  });
});
