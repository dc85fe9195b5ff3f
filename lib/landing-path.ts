/**
 * The landing redirect: the site remembers the last
 * public page a visitor viewed (path plus query) and that they have visited before; a later visit
 * to `/` goes back to that page, unless it is the first visit or the page was `/` itself.
 *
 * Pure functions, shared by the server (middleware and the `/` loader) and the browser (client-side
 * navigations). Only same-site paths are ever remembered or redirected to.
 */

import { safeLocalPath } from "~/lib/safe-local-path";

export const LAST_PATH_COOKIE = "last_path";
export const VISITED_COOKIE = "visited";

/** Both cookies live for 365 days, SameSite=Strict, path / (as the consent cookies). */
export const LANDING_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Areas that are not public pages, or where a later visit to `/` should not drop the visitor:
 * sign-in, API, development tools, the account and admin areas, the listing form (it needs a
 * subscription), checkout and the payment provider's pages (a checkout is gone once paid or left),
 * the subscription result pages (they send the visitor to `/` after 3 s, which would loop), health
 * checks and static files.
 */
const EXCLUDED_AREAS = [
  "/auth",
  "/api",
  "/dev",
  "/settings",
  "/admin",
  "/list-property",
  "/billing",
  "/subscription",
  "/healthz",
  "/readyz",
  "/assets",
  "/uploads",
  "/images",
];

/** Any origin: paths are parsed against it only to read their pathname. */
const BASE = "http://landing.invalid";
/** A file name at the end of the path (`/sitemap.xml`, `/favicon.svg`, React Router's `.data`). */
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

function inArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** Whether a page view of `path` (pathname plus query) is remembered as the landing target. */
export function shouldRemember(path: string): boolean {
  const safe = safeLocalPath(path);
  if (safe === null) return false;
  const pathname = new URL(safe, BASE).pathname;
  if (FILE_EXTENSION.test(pathname)) return false;
  return !EXCLUDED_AREAS.some((area) => inArea(pathname.toLowerCase(), area));
}

export type CookieValues = Readonly<Record<string, string | undefined>>;

/**
 * Where a visit to `/` should go, given the request's cookies: the remembered path when the visitor
 * has been here before and it is a rememberable page other than the home page; otherwise null.
 * Forged or stale values (absolute URLs, `//host`, excluded areas) are ignored.
 */
export function redirectTarget(cookies: CookieValues): string | null {
  if (cookies[VISITED_COOKIE] !== "true") return null;
  const raw = cookies[LAST_PATH_COOKIE];
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const path = safeLocalPath(decoded);
  if (path === null || !shouldRemember(path)) return null;
  // "/" with or without a query is the home page itself: stay (and never redirect "/" to "/").
  if (new URL(path, BASE).pathname === "/") return null;
  return path;
}

/** Every cookie in a Cookie header (or `document.cookie`); the first of duplicate names wins. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name && !(name in cookies)) cookies[name] = part.slice(separator + 1).trim();
  }
  return cookies;
}

export interface LandingCookieOptions {
  /** Add `Secure` (the site is served over https). */
  secure: boolean;
}

/**
 * The cookies that remember a page view of `path`: `last_path` (URI-encoded, since a query may hold
 * `;` or `,`) and `visited=true`. Usable as `Set-Cookie` values and as `document.cookie` assignments.
 */
export function landingCookies(path: string, { secure }: LandingCookieOptions): string[] {
  const attributes = `; Max-Age=${LANDING_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
  return [`${LAST_PATH_COOKIE}=${encodeURIComponent(path)}${attributes}`, `${VISITED_COOKIE}=true${attributes}`];
}

/**
 * Whether a request is a browser loading a whole page, not React Router's data request for a
 * client-side navigation (`*.data`) or a script's fetch. Requests without `Sec-Fetch-Dest` (older
 * browsers, curl) count as page loads.
 */
export function isDocumentRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (new URL(request.url).pathname.endsWith(".data")) return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  return destination === null || destination === "document";
}

/**
 * The redirect for a request to `/`, or null to render the home page. Only a page load that starts
 * a visit redirects: a typed address, a bookmark or a link from another site. Moving around inside
 * the site (a same-origin page load such as the logo link without JavaScript, or a client-side
 * navigation, which is a data request) shows the home page as asked.
 */
export function landingRedirect(request: Request): string | null {
  if (!isDocumentRequest(request)) return null;
  if (request.headers.get("Sec-Fetch-Site") === "same-origin") return null;
  const target = redirectTarget(parseCookieHeader(request.headers.get("Cookie")));
  if (target === null) return null;
  const url = new URL(request.url);
  return target === `${url.pathname}${url.search}` ? null : target;
}

/** The cookie that forgets the remembered page (its page has gone). */
export function forgetLastPathCookie({ secure }: LandingCookieOptions): string {
  return `${LAST_PATH_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * The `Set-Cookie` values for a server-rendered page view: remember it when it is a successful
 * (200) HTML page load of a rememberable path. Errors, 404s, redirects, data requests, resource
 * routes and non-GET requests are never remembered; and when the remembered page itself now answers
 * 404 or 410 (a listing was removed), it is forgotten, so `/` stops sending visitors there.
 */
export function rememberedPageCookies(request: Request, response: Response, options: LandingCookieOptions): string[] {
  if (request.method !== "GET" || !isDocumentRequest(request)) return [];
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  if (response.status === 404 || response.status === 410) {
    const remembered = redirectTarget({
      ...parseCookieHeader(request.headers.get("Cookie")),
      [VISITED_COOKIE]: "true",
    });
    return remembered !== null && remembered === safeLocalPath(path) ? [forgetLastPathCookie(options)] : [];
  }
  if (response.status !== 200) return [];
  if (!response.headers.get("Content-Type")?.toLowerCase().startsWith("text/html")) return [];
  return shouldRemember(path) ? landingCookies(path, options) : [];
}
