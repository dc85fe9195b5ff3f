import { mapsAdapter } from "~/lib/adapters/maps/index.server";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { logger } from "~/lib/logger.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import {
  ADDRESS_CACHE_SECONDS,
  ADDRESS_QUERY_MAX_LENGTH,
  ADDRESS_QUERY_MIN_LENGTH,
  ADDRESS_QUERY_TOO_LONG,
  ADDRESS_SEARCH_TOO_MANY,
  ADDRESS_SEARCH_UNAVAILABLE,
  ADDRESS_SUGGESTION_LIMIT,
  normaliseAddressQuery,
  type AddressSuggestionsBody,
} from "~/modules/places/address-search";

/** Searches per caller (user, or client address on the dev route): 120 a minute. */
export const ADDRESS_SEARCH_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
const defaultLimiter = createRateLimiter({ name: "address-search", ...ADDRESS_SEARCH_RATE_LIMIT });

export interface AddressSuggestionsOptions {
  adapter?: MapsAdapter;
  limiter?: RateLimiter;
}

/**
 * The answer to GET …/address-suggestions?q=: JSON `{ suggestions }` (at most 8, de-duplicated by
 * id; none for fewer than 3 characters) cached privately for a day, or `{ error }` with 400 (more
 * than 200 characters), 429 (over the caller's rate limit, with Retry-After) or 502 (the maps
 * provider failed; logged). `rateKey` names the caller, e.g. `user:<id>`.
 */
export async function addressSuggestionsResponse(
  rawQuery: string | null,
  rateKey: string,
  options: AddressSuggestionsOptions = {},
): Promise<Response> {
  const limit = await (options.limiter ?? defaultLimiter).hit(rateKey);
  if (!limit.allowed) {
    return reply({ error: ADDRESS_SEARCH_TOO_MANY }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const query = normaliseAddressQuery(rawQuery ?? "");
  if (query.length > ADDRESS_QUERY_MAX_LENGTH) return reply({ error: ADDRESS_QUERY_TOO_LONG }, 400);
  if (query.length < ADDRESS_QUERY_MIN_LENGTH) return reply({ suggestions: [] }, 200);

  const adapter = options.adapter ?? mapsAdapter();
  try {
    const seen = new Set<string>();
    const suggestions = (await adapter.autocomplete(query))
      .filter((suggestion) => !seen.has(suggestion.id) && seen.add(suggestion.id))
      .slice(0, ADDRESS_SUGGESTION_LIMIT);
    return reply({ suggestions }, 200);
  } catch (error) {
    logger.warn({ err: error, provider: adapter.provider }, "address autocomplete failed");
    return reply({ error: ADDRESS_SEARCH_UNAVAILABLE }, 502);
  }
}

function reply(body: AddressSuggestionsBody, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: {
      "Cache-Control": status === 200 ? `private, max-age=${ADDRESS_CACHE_SECONDS}` : "no-store",
      ...headers,
    },
  });
}
