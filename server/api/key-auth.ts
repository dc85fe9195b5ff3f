import { createMiddleware } from "hono/factory";
import type { Executor } from "~/lib/db/client.server";
import type { RequestInfo } from "~/lib/request-context";
import type { RateLimits } from "~/lib/rate-limit.server";
import { authenticateApiKey, type ApiKeyFailure, type ApiKeyIdentity } from "~/modules/api-keys/api-keys.server";
import { problemResponse } from "~/server/api/problem";

/** `requestInfo` is set by the server's request-context middleware (absent when the API runs on its own in tests). */
export type ApiEnv = { Variables: { identity: ApiKeyIdentity; requestInfo?: RequestInfo } };

const FAILURES: Record<ApiKeyFailure, string> = {
  malformed: "This is not a valid API key.",
  unknown: "This API key is not valid: it may have been deleted.",
  expired: "This API key has expired.",
  "no-access": "This API key's owner no longer has API access.",
  "two-factor-required": "This API key's owner must turn on two-factor authentication before their keys work.",
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
 * The API's request budgets: requests per key and per owner in each window, counted by `limits` (a
 * key's request first, then its owner's; see `createRateLimits`).
 */
export interface ApiRateLimits {
  limits: RateLimits;
  perKey: number;
  perOwner: number;
  windowSeconds: number;
}

/**
 * Authenticates an API request by its `Authorization: Bearer` key only (cookies never count here, so
 * cross-site requests carry no authority), resolves the key to its owner's viewer, refuses writes
 * with a read-only key, and counts the request against the key's rate limit and its owner's (every
 * key of one person shares that one, so more keys do not mean more requests), with the limit headers
 * on every answer.
 */
export function apiKeyAuth({
  database,
  production,
  rateLimits: { limits, perKey, perOwner, windowSeconds },
  touch,
}: {
  database: () => Executor;
  production: boolean;
  rateLimits: ApiRateLimits;
  touch: (write: () => Promise<void>) => void;
}) {
  const policy = `"per-key";q=${perKey};w=${windowSeconds}, "per-owner";q=${perOwner};w=${windowSeconds}`;
  return createMiddleware<ApiEnv>(async (c, next) => {
    const query = c.req.url.includes("?") ? new URL(c.req.url).searchParams : undefined;
    if (query && KEY_IN_QUERY.some((name) => query.has(name))) {
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
    const check = await authenticateApiKey(database(), match[1], { production, touch });
    if (!check.ok) return unauthorized(FAILURES[check.reason]);

    const { identity } = check;
    // The owner's budget is counted only for requests the key's own limit lets through, so a key
    // flooding past its limit does not use up the budget of its owner's other keys.
    const [key, owner] = await limits.hit([identity.keyId, identity.viewer.id]);
    // The widely used headers describe the budget that runs out first; the IETF draft's list each.
    const tighter =
      owner && owner.remaining < key.remaining ? { ...owner, limit: perOwner } : { ...key, limit: perKey };
    const headers = {
      "RateLimit-Limit": String(tighter.limit),
      "RateLimit-Remaining": String(tighter.remaining),
      "RateLimit-Reset": String(tighter.resetSeconds),
      "RateLimit-Policy": policy,
      RateLimit: [
        `"per-key";r=${key.remaining};t=${key.resetSeconds}`,
        ...(owner ? [`"per-owner";r=${owner.remaining};t=${owner.resetSeconds}`] : []),
      ].join(", "),
    };
    if (!owner?.allowed) {
      const detail = owner
        ? `Your API keys together may make ${perOwner} requests every ${windowSeconds} seconds. Try again shortly.`
        : `This key may make ${perKey} requests every ${windowSeconds} seconds. Try again shortly.`;
      return problemResponse(429, detail, {
        headers: { ...headers, "Retry-After": String((owner ?? key).retryAfterSeconds) },
      });
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
