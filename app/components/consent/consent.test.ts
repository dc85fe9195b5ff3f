import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  allows,
  CONSENT_MAX_AGE_SECONDS,
  consentCookies,
  consentFromForm,
  parseConsent,
  readConsent,
  readCookie,
  serializeConsent,
} from "~/app/components/consent/consent";

describe("readCookie", () => {
  it("finds a cookie by exact name in a Cookie header", () => {
    const header = 'a=1; cookie_consent_old=x; cookie_consent={"analytics":true,"marketing":false}; b=2';
    expect(readCookie(header, "cookie_consent")).toBe('{"analytics":true,"marketing":false}');
    expect(readCookie(header, "b")).toBe("2");
    expect(readCookie(header, "missing")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie("", "a")).toBeUndefined();
  });

  it("keeps = signs inside the value", () => {
    expect(readCookie("token=abc==; x=1", "token")).toBe("abc==");
  });
});

describe("parseConsent / readConsent", () => {
  it("reads the JSON we store", () => {
    expect(parseConsent('{"analytics":false,"marketing":true}')).toEqual({ analytics: false, marketing: true });
    expect(readConsent('x=1; cookie_consent={"analytics":true,"marketing":true}')).toEqual(ACCEPT_ALL);
  });

  it("reads a percent-encoded copy", () => {
    expect(parseConsent(encodeURIComponent('{"analytics":true,"marketing":false}'))).toEqual({
      analytics: true,
      marketing: false,
    });
  });

  it("ignores extra fields", () => {
    expect(parseConsent('{"analytics":true,"marketing":false,"essential":true}')).toEqual({
      analytics: true,
      marketing: false,
    });
  });

  it.each([
    undefined,
    "",
    "true",
    "null",
    "[]",
    "{}",
    '{"analytics":true}',
    '{"analytics":"true","marketing":true}',
    '{"analytics":1,"marketing":0}',
    "{not json",
    "%E0%A4%A",
  ])("treats %j as no consent", (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it("is null without the cookie", () => {
    expect(readConsent("analytics_consent=true; essential_consent=true")).toBeNull();
    expect(readConsent(undefined)).toBeNull();
  });
});

describe("allows", () => {
  it("allows a category only after consent that includes it", () => {
    expect(allows(null, "analytics")).toBe(false);
    expect(allows({ analytics: true, marketing: false }, "analytics")).toBe(true);
    expect(allows({ analytics: true, marketing: false }, "marketing")).toBe(false);
  });
});

describe("consentCookies", () => {
  it("serialises exactly the two choices", () => {
    expect(serializeConsent({ analytics: false, marketing: true })).toBe('{"analytics":false,"marketing":true}');
  });

  it("stores the value and every flag for 365 days, SameSite=Strict, path /", () => {
    const cookies = consentCookies(ACCEPT_ALL, { secure: false });
    expect(cookies).toEqual([
      `cookie_consent={"analytics":true,"marketing":true}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Strict`,
      `essential_consent=true; Max-Age=31536000; Path=/; SameSite=Strict`,
      `analytics_consent=true; Max-Age=31536000; Path=/; SameSite=Strict`,
      `marketing_consent=true; Max-Age=31536000; Path=/; SameSite=Strict`,
    ]);
  });

  it("removes the flag of a category that is off", () => {
    const cookies = consentCookies({ analytics: false, marketing: true }, { secure: false });
    expect(cookies[0]).toMatch(/^cookie_consent=\{"analytics":false,"marketing":true\}; /);
    expect(cookies[1]).toMatch(/^essential_consent=true; Max-Age=31536000;/);
    expect(cookies[2]).toBe(
      "analytics_consent=; Max-Age=0; Path=/; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    );
    expect(cookies[3]).toMatch(/^marketing_consent=true; Max-Age=31536000;/);

    const none = consentCookies({ analytics: false, marketing: false }, { secure: false });
    expect(none[3]).toMatch(/^marketing_consent=; Max-Age=0;/);
  });

  it("marks cookies Secure over https", () => {
    for (const cookie of consentCookies({ analytics: true, marketing: false }, { secure: true })) {
      expect(cookie).toMatch(/; SameSite=Strict; Secure/);
    }
  });

  it("round-trips through readConsent", () => {
    const [valueCookie] = consentCookies({ analytics: false, marketing: true }, { secure: false });
    const header = valueCookie?.split(";")[0];
    expect(readConsent(header)).toEqual({ analytics: false, marketing: true });
  });
});

describe("consentFromForm", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("reads Accept All as both categories, whatever the boxes say", () => {
    expect(consentFromForm(form({ choice: "accept" }))).toEqual({ analytics: true, marketing: true });
  });

  it("reads Save Preferences from the ticked boxes", () => {
    expect(consentFromForm(form({ choice: "save", marketing: "on" }))).toEqual({ analytics: false, marketing: true });
    expect(consentFromForm(form({ choice: "save" }))).toEqual({ analytics: false, marketing: false });
  });

  it("is null without a known choice", () => {
    expect(consentFromForm(form({ analytics: "on" }))).toBeNull();
    expect(consentFromForm(form({ choice: "everything" }))).toBeNull();
  });
});
