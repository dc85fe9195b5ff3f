import { describe, expect, it } from "vitest";
import { clearFlashCookie, flashCookie, readFlash, redirectWithNotice } from "~/lib/flash.server";

const cookieValue = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("flash notices", () => {
  it("round-trips a notice through its cookie", () => {
    const notice = {
      title: "Signed out",
      description: "You have been successfully signed out.",
      tone: "success" as const,
    };
    expect(readFlash(`a=1; ${cookieValue(flashCookie(notice))}`)).toEqual(notice);
  });

  it("ignores a missing, cleared or forged cookie", () => {
    expect(readFlash(null)).toBeNull();
    expect(readFlash(cookieValue(clearFlashCookie()))).toBeNull();
    expect(readFlash("flash=not-json")).toBeNull();
    const forged = Buffer.from(JSON.stringify({ title: "x", tone: "<script>" })).toString("base64url");
    expect(readFlash(`flash=${forged}`)).toBeNull();
  });

  it("redirects with the notice cookie, Secure behind https", () => {
    const response = redirectWithNotice("/", { title: "Hi", tone: "info" }, { secure: true });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=.+HttpOnly; SameSite=Lax; Secure$/);
  });
});
