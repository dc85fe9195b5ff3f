import { createMiddleware } from "hono/factory";

/** Better Auth's session cookie, with or without the `__Secure-` prefix it gets under https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;
const SETS_SESSION_COOKIE = /^(?:__Secure-)?[\w.-]*session_token=/;

/**
 * Nothing rendered for a signed-in person may be stored by a browser or shared cache: pages and
 * `.data` answers to a request carrying a session, and any answer that sets or clears one, get
 * `Cache-Control: private, no-store`, unless the route chose its own caching. (Anonymous pages set
 * only preference cookies and keep the browser's back/forward cache.) Answers that declare themselves public (hashed assets,
 * bundled images, stored uploads) keep their own caching.
 */
export function privateResponses() {
  return createMiddleware(async (c, next) => {
    await next();
    const cacheControl = c.res.headers.get("cache-control") ?? "";
    // A route that chose its own caching (public assets, or private data it lets the browser keep) decides.
    if (/\b(public|private|no-store)\b/.test(cacheControl)) return;
    const signedIn = SESSION_COOKIE.test(c.req.header("cookie") ?? "");
    const setsSession = c.res.headers.getSetCookie().some((cookie) => SETS_SESSION_COOKIE.test(cookie));
    if (signedIn || setsSession) c.header("Cache-Control", "private, no-store");
  });
}
