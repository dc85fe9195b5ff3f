import type { Database } from "~/lib/db/client.server";
import type { RateLimitStore } from "~/lib/rate-limit.server";
import { createApi, type Api } from "~/server/api/app";
import { testServices } from "~/tests/support/services";

const silent = { error: () => undefined };

/**
 * The REST API on a test database, answering in-process (no socket), with its own in-memory limiter
 * unless given a `rateLimitStore`; demo-mode rules unless `production` is set.
 */
export function apiOn(
  db: Database,
  limit = 1000,
  {
    production = false,
    rateLimitStore = { kind: "memory" },
  }: { production?: boolean; rateLimitStore?: RateLimitStore } = {},
): Api {
  return createApi({
    database: () => db,
    services: testServices(db),
    logger: silent,
    production,
    rateLimit: { limit, windowSeconds: 60 },
    rateLimitStore,
  });
}

/** One API request: an optional key, a JSON body (or a raw string, sent as is) and extra headers. */
export async function call(
  api: Api,
  method: string,
  path: string,
  { key, body, headers = {} }: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await api.request(`http://api.test${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}
