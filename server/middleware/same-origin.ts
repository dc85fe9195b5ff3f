import { createMiddleware } from "hono/factory";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing browser requests sent from another site (cross-site request forgery).
 * Browsers send Origin on such requests; a request without one (curl, API clients using bearer
 * keys) carries no ambient cookies worth forging, and session cookies are SameSite=Lax anyway.
 */
export function sameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return createMiddleware(async (c, next) => {
    const origin = c.req.header("origin");
    if (UNSAFE_METHODS.has(c.req.method) && origin && origin !== allowed && origin !== new URL(c.req.url).origin) {
      return c.text("Cross-site request refused", 403);
    }
    await next();
  });
}
