import { describe, expect, it } from "vitest";
import {
  isDocumentRequest,
  LANDING_MAX_AGE_SECONDS,
  landingCookies,
  landingRedirect,
  parseCookieHeader,
  redirectTarget,
  rememberedPageCookies,
  shouldRemember,
} from "~/lib/landing-path";
import { MAX_LOCAL_PATH_LENGTH, safeLocalPath } from "~/lib/safe-local-path";

const OPEN_REDIRECT_ATTEMPTS = [
  "//evil.example",
  "//evil.example/path",
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "data:text/html,hi",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " /evil",
  "/..//evil.example",
  "/./..//evil.example",
  "/%2e%2e//evil.example",
  "/.%2E//evil.example",
  "evil.example",
  "about",
  "",
];

describe("safeLocalPath", () => {
  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/search?title=room&minPrice=300", "/search?title=room&minPrice=300"],
    ["/listing/abc#photos", "/listing/abc"],
    ["/a/../about", "/about"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("accepts %j as %j", (value, expected) => {
    expect(safeLocalPath(value)).toBe(expected);
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)("rejects %j", (value) => {
    expect(safeLocalPath(value)).toBeNull();
  });

  it("rejects non-strings and over-long paths", () => {
    expect(safeLocalPath(undefined)).toBeNull();
    expect(safeLocalPath(42)).toBeNull();
    expect(safeLocalPath(`/search?title=${"a".repeat(MAX_LOCAL_PATH_LENGTH)}`)).toBeNull();
  });
});

describe("shouldRemember", () => {
  it.each(["/", "/search?title=room", "/listing/1b2c", "/about", "/blog/melbourne-tips", "/cookies", "/authors"])(
    "remembers %s",
    (path) => expect(shouldRemember(path)).toBe(true),
  );

  it.each([
    "/auth",
    "/auth?view=sign_in",
    "/auth/callback",
    "/api/listings",
    "/dev/ui",
    "/dev/mail",
    "/settings/profile",
    "/admin",
    "/admin/users",
    "/ADMIN/users",
    "/list-property",
    "/list-property?edit=1",
    "/subscription/success",
    "/billing/sandbox/checkout/cs_test_123",
    "/billing/sandbox/portal",
    "/healthz",
    "/assets/entry.js",
    "/uploads/photo.webp",
    "/sitemap.xml",
    "/robots.txt",
    "/favicon.svg",
    "/search.data",
    ...OPEN_REDIRECT_ATTEMPTS,
  ])("does not remember %j", (path) => expect(shouldRemember(path)).toBe(false));
});

describe("redirectTarget", () => {
  const cookies = (lastPath: string | undefined, visited: string | null = "true") => ({
    last_path: lastPath === undefined ? undefined : encodeURIComponent(lastPath),
    visited: visited ?? undefined,
  });

  it("goes back to the remembered page on a later visit", () => {
    expect(redirectTarget(cookies("/search?title=room"))).toBe("/search?title=room");
    expect(redirectTarget(cookies("/about"))).toBe("/about");
  });

  it("reads a value that was not URI-encoded", () => {
    expect(redirectTarget({ last_path: "/about", visited: "true" })).toBe("/about");
  });

  it("stays on the first visit", () => {
    expect(redirectTarget({})).toBeNull();
    expect(redirectTarget(cookies("/about", null))).toBeNull();
    expect(redirectTarget(cookies("/about", "false"))).toBeNull();
  });

  it("stays when the remembered page is the home page", () => {
    expect(redirectTarget(cookies("/"))).toBeNull();
    expect(redirectTarget(cookies("/?utm_source=x"))).toBeNull();
    expect(redirectTarget(cookies(undefined))).toBeNull();
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)("ignores a forged %j", (value) => {
    expect(redirectTarget(cookies(value))).toBeNull();
    expect(redirectTarget({ last_path: value, visited: "true" })).toBeNull();
  });

  it("ignores remembered paths in excluded areas and undecodable values", () => {
    expect(redirectTarget(cookies("/admin/users"))).toBeNull();
    expect(redirectTarget(cookies("/api/listings"))).toBeNull();
    expect(redirectTarget({ last_path: "%E0%A4%A", visited: "true" })).toBeNull();
  });
});

describe("parseCookieHeader", () => {
  it("splits a Cookie header", () => {
    expect(parseCookieHeader("a=1; last_path=%2Fabout; visited=true; b=x=y")).toEqual({
      a: "1",
      last_path: "%2Fabout",
      visited: "true",
      b: "x=y",
    });
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader("a=1; a=2; junk")).toEqual({ a: "1" });
  });
});

describe("landingCookies", () => {
  it("stores the path URI-encoded and the visited flag for 365 days, SameSite=Strict, path /", () => {
    expect(landingCookies("/search?title=a;b c", { secure: false })).toEqual([
      `last_path=%2Fsearch%3Ftitle%3Da%3Bb%20c; Max-Age=${LANDING_MAX_AGE_SECONDS}; Path=/; SameSite=Strict`,
      "visited=true; Max-Age=31536000; Path=/; SameSite=Strict",
    ]);
    expect(landingCookies("/", { secure: true })[0]).toBe(
      "last_path=%2F; Max-Age=31536000; Path=/; SameSite=Strict; Secure",
    );
  });

  it("round-trips through redirectTarget", () => {
    const header = landingCookies("/search?title=room", { secure: false })
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(redirectTarget(parseCookieHeader(header))).toBe("/search?title=room");
  });
});

const page = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${url}`, { method, headers });

describe("isDocumentRequest", () => {
  it("is a page load for GET without fetch metadata or with Sec-Fetch-Dest: document", () => {
    expect(isDocumentRequest(page("/"))).toBe(true);
    expect(isDocumentRequest(page("/", { "Sec-Fetch-Dest": "document" }))).toBe(true);
    expect(isDocumentRequest(page("/", {}, "HEAD"))).toBe(true);
  });

  it("is not React Router's data request, a fetch, or a POST", () => {
    expect(isDocumentRequest(page("/_root.data"))).toBe(false);
    expect(isDocumentRequest(page("/about.data?_routes=routes%2Fabout"))).toBe(false);
    expect(isDocumentRequest(page("/", { "Sec-Fetch-Dest": "empty" }))).toBe(false);
    expect(isDocumentRequest(page("/", {}, "POST"))).toBe(false);
  });
});

describe("landingRedirect", () => {
  const returning = "last_path=%2Fsearch%3Ftitle%3Droom; visited=true";

  it("redirects a returning visitor's page load of /", () => {
    expect(landingRedirect(page("/", { Cookie: returning }))).toBe("/search?title=room");
    expect(landingRedirect(page("/", { Cookie: returning, "Sec-Fetch-Site": "none" }))).toBe("/search?title=room");
    expect(landingRedirect(page("/", { Cookie: returning, "Sec-Fetch-Site": "cross-site" }))).toBe(
      "/search?title=room",
    );
  });

  it("does not redirect first visits, client-side navigations or moves inside the site", () => {
    expect(landingRedirect(page("/"))).toBeNull();
    expect(landingRedirect(page("/_root.data", { Cookie: returning }))).toBeNull();
    expect(landingRedirect(page("/", { Cookie: returning, "Sec-Fetch-Dest": "empty" }))).toBeNull();
    expect(landingRedirect(page("/", { Cookie: returning, "Sec-Fetch-Site": "same-origin" }))).toBeNull();
  });

  it("never redirects to the URL being requested", () => {
    expect(landingRedirect(page("/search?title=room", { Cookie: returning }))).toBeNull();
  });

  it("ignores forged cookies", () => {
    for (const value of ["//evil.example", "https://evil.example", "/\\evil.example", "%2F%2Fevil.example"]) {
      expect(landingRedirect(page("/", { Cookie: `last_path=${value}; visited=true` }))).toBeNull();
    }
  });
});

describe("rememberedPageCookies", () => {
  const html = (status = 200) =>
    new Response("<!DOCTYPE html>", { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("remembers a successful page load of a public page", () => {
    const cookies = rememberedPageCookies(page("/search?title=room"), html(), { secure: false });
    expect(cookies).toEqual(landingCookies("/search?title=room", { secure: false }));
  });

  it("remembers the home page itself", () => {
    expect(rememberedPageCookies(page("/"), html(), { secure: false })[0]).toMatch(/^last_path=%2F;/);
  });

  it("does not remember errors, 404s, redirects, data requests, resources, excluded areas or POSTs", () => {
    const options = { secure: false };
    expect(rememberedPageCookies(page("/nope"), html(404), options)).toEqual([]);
    expect(rememberedPageCookies(page("/about"), html(500), options)).toEqual([]);
    expect(
      rememberedPageCookies(page("/"), new Response(null, { status: 302, headers: { Location: "/about" } }), options),
    ).toEqual([]);
    expect(rememberedPageCookies(page("/about.data"), html(), options)).toEqual([]);
    expect(
      rememberedPageCookies(
        page("/sitemap.xml"),
        new Response("<urlset/>", { headers: { "Content-Type": "application/xml" } }),
        options,
      ),
    ).toEqual([]);
    expect(rememberedPageCookies(page("/settings/profile"), html(), options)).toEqual([]);
    expect(rememberedPageCookies(page("/about", {}, "POST"), html(), options)).toEqual([]);
    expect(rememberedPageCookies(page("/about", {}, "HEAD"), html(), options)).toEqual([]);
  });

  it("forgets the remembered page when it now answers 404 or 410, and only that page", () => {
    const cookie = "last_path=%2Flisting%2Fgone; visited=true";
    const forget = "last_path=; Max-Age=0; Path=/; SameSite=Strict";
    expect(rememberedPageCookies(page("/listing/gone", { Cookie: cookie }), html(404), { secure: false })).toEqual([
      forget,
    ]);
    expect(rememberedPageCookies(page("/listing/gone", { Cookie: cookie }), html(410), { secure: true })).toEqual([
      `${forget}; Secure`,
    ]);
    expect(rememberedPageCookies(page("/listing/other", { Cookie: cookie }), html(404), { secure: false })).toEqual([]);
    expect(rememberedPageCookies(page("/listing/gone"), html(404), { secure: false })).toEqual([]);
  });
});
