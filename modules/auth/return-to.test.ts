import { describe, expect, it } from "vitest";
import { authPath, parseAuthView, safeReturnTo } from "~/modules/auth/return-to";

describe("safeReturnTo", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeReturnTo("/settings/profile")).toBe("/settings/profile");
    expect(safeReturnTo("/search?title=room&page=2")).toBe("/search?title=room&page=2");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\u0000/x",
    "/\t/evil.example",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });

  it("never returns to the auth screen itself", () => {
    expect(safeReturnTo("/auth?view=sign_in")).toBe("/");
  });
});

describe("auth views", () => {
  it("defaults to sign_in and knows every view", () => {
    expect(parseAuthView(null)).toBe("sign_in");
    expect(parseAuthView("bogus")).toBe("sign_in");
    expect(parseAuthView("verify_otp")).toBe("verify_otp");
  });

  it("builds /auth links that carry only a safe returnTo", () => {
    expect(authPath("sign_in", "/settings/account")).toBe("/auth?view=sign_in&returnTo=%2Fsettings%2Faccount");
    expect(authPath("sign_up", "https://evil.example")).toBe("/auth?view=sign_up");
  });
});
