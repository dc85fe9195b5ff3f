import { createMiddleware } from "hono/factory";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused";

/**
 * Refuses state-changing browser requests sent from another site (cross-site request forgery).
 * Browsers label every request with `Sec-Fetch-Site` and send `Origin` on cross-origin posts: a
 * foreign Origin is refused, and so is `Sec-Fetch-Site: cross-site` (even without an Origin) and
 * `same-site` (a sibling subdomain) unless its Origin is this site's. `same-origin` and `none`
 * (typed or bookmarked) pass. A request with neither header (curl, API clients using bearer keys)
 * carries no ambient cookies worth forging, and session cookies are SameSite=Lax anyway.
 */
export function sameOrigin(publicUrl: string, { exempt }: { exempt?: (path: string) => boolean } = {}) {
  const allowed = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && !exempt?.(c.req.path)) {
      const origin = c.req.header("origin");
      const trustedOrigin = origin === allowed || origin === new URL(c.req.url).origin;
      const site = c.req.header("sec-fetch-site");
      const refused =
        (origin !== undefined && !trustedOrigin) || site === "cross-site" || (site === "same-site" && !trustedOrigin);
      if (refused) return c.text(CROSS_SITE_REFUSED, 403);
    }
    await next();
  });
}
