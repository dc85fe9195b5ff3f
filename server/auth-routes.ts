import { Hono } from "hono";
import type { Auth } from "~/modules/auth/auth.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/auth/auth-config.server";
import { safeReturnTo } from "~/modules/auth/return-to";
import type { AppEnv } from "~/server/middleware/request-context";

/** The pending two-factor cookie the auth library sets when it challenges a sign-in. */
const TWO_FACTOR_PENDING = /^(?:__Secure-)?[\w.-]*two_factor=[^;]/;

/**
 * The only auth-library endpoints reachable over HTTP: the OAuth provider's redirect back to us.
 * Every other auth step runs through the /auth page's actions, which apply our own limits.
 */
export function authRoutes(auth: Auth) {
  const app = new Hono<AppEnv>();
  app.get("/api/auth/callback/:providerId", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, c.get("requestInfo").clientAddress);
    const response = await auth.handler(new Request(c.req.raw.url, { method: "GET", headers }));
    // Two-factor is on for this account: the library dropped the new session and set the pending
    // challenge instead, so the browser goes to the code prompt rather than on to returnTo.
    if (response.headers.getSetCookie().some((cookie) => TWO_FACTOR_PENDING.test(cookie))) {
      const location = new URL(response.headers.get("location") ?? "/", "http://callback.invalid");
      const returnTo = safeReturnTo(location.searchParams.get("returnTo"));
      const params = new URLSearchParams({ view: "two_factor" });
      if (returnTo !== "/") params.set("returnTo", returnTo);
      const redirected = new Headers(response.headers);
      redirected.set("location", `/auth?${params.toString()}`);
      redirected.delete("content-type");
      redirected.delete("content-length");
      return new Response(null, { status: 302, headers: redirected });
    }
    return response;
  });
  return app;
}
