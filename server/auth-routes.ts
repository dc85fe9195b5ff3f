import { Hono } from "hono";
import { auth } from "~/modules/auth/auth.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth-config.server";
import type { AppEnv } from "~/server/middleware/request-context";

/**
 * The only auth-library endpoints reachable over HTTP: the OAuth provider's redirect back to us.
 * Every other auth step runs through the /auth page's actions, which apply our own limits.
 */
export function authRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/api/auth/callback/:providerId", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, c.get("requestInfo").clientAddress);
    return auth().handler(new Request(c.req.raw.url, { method: "GET", headers }));
  });
  return app;
}
