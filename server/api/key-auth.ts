import { createMiddleware } from "hono/factory";
import type { Executor } from "~/lib/db/client.server";
import type { RequestInfo } from "~/lib/request-context";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { authenticateApiKey, type ApiKeyFailure, type ApiKeyIdentity } from "~/modules/api-keys/api-keys.server";
import { problemResponse } from "~/server/api/problem";

/** `requestInfo` is set by the server's request-context middleware (absent when the API runs on its own in tests). */
export type ApiEnv = { Variables: { identity: ApiKeyIdentity; requestInfo?: RequestInfo } };

const FAILURES: Record<ApiKeyFailure, string> = {
  malformed: "This is not a valid API key.",
  unknown: "This API key is not valid: it may have been deleted.",
  expired: "This API key has expired.",
  "no-access": "This API key's owner no longer has API access.",
};

/** Query parameters a client might put a key in: refused, because URLs end up in logs and histories. */
const KEY_IN_QUERY = ["api_key", "apikey", "key", "access_token", "token"];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function unauthorized(detail: string, error = "invalid_token"): Response {
  return problemResponse(401, detail, {
    headers: { "WWW-Authenticate": `Bearer realm="api", error="${error}", error_description="${detail}"` },
  });
}

/**
 * Authenticates an API request by its `Authorization: Bearer` key only (cookies never count here, so
 * cross-site requests carry no authority), resolves the key to its owner's viewer, refuses writes
 * with a read-only key, and counts the request against the key's rate limit, with the limit headers
 * on every answer.
 */
export function apiKeyAuth({
  database,
  limiter,
  limit,
  windowSeconds,
  touch,
}: {
  database: () => Executor;
  limiter: RateLimiter;
  limit: number;
  windowSeconds: number;
  touch: (write: () => Promise<void>) => void;
}) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    if (KEY_IN_QUERY.some((name) => query.has(name))) {
      return unauthorized(
        "Send the API key in the Authorization header as a Bearer token, never in the URL.",
        "invalid_request",
      );
    }
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer +([^\s]+) *$/i.exec(header);
    if (!match?.[1]) {
      return problemResponse(
        401,
        "Include your API key in the Authorization header of your requests as a Bearer token.",
        {
          headers: { "WWW-Authenticate": 'Bearer realm="api"' },
        },
      );
    }
    const check = await authenticateApiKey(database(), match[1], { touch });
    if (!check.ok) return unauthorized(FAILURES[check.reason]);

    const { identity } = check;
    const counted = await limiter.hit(identity.keyId);
    const headers = {
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": String(counted.remaining),
      "RateLimit-Reset": String(counted.resetSeconds),
      // The IETF httpapi draft's structured fields, next to the widely used ones above.
      "RateLimit-Policy": `"per-key";q=${limit};w=${windowSeconds}`,
      RateLimit: `"per-key";r=${counted.remaining};t=${counted.resetSeconds}`,
    };
    if (!counted.allowed) {
      return problemResponse(
        429,
        `This key may make ${limit} requests every ${windowSeconds} seconds. Try again shortly.`,
        {
          headers: { ...headers, "Retry-After": String(counted.retryAfterSeconds) },
        },
      );
    }
    if (identity.scope === "read" && !SAFE_METHODS.has(c.req.method)) {
      const refused = problemResponse(403, "This API key is read-only.");
      for (const [name, value] of Object.entries(headers)) refused.headers.set(name, value);
      return refused;
    }
    c.set("identity", identity);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}
