import type { AddressSuggestion, MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { logger } from "~/lib/logger.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import {
  ADDRESS_QUERY_MAX_LENGTH,
  ADDRESS_QUERY_MIN_LENGTH,
  ADDRESS_SUGGESTION_LIMIT,
  normaliseAddressQuery,
} from "~/modules/places/address-search";

/** Searches per caller (user, or client address on the dev route): 120 a minute. */
export const ADDRESS_SEARCH_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
const defaultLimiter = createRateLimiter({ name: "address-search", ...ADDRESS_SEARCH_RATE_LIMIT });

export interface AddressSearchOptions {
  adapter: MapsAdapter;
  limiter?: RateLimiter;
}

/** Suggestions, or why there are none: over the caller's limit, a query too long, or the provider failed. */
export type AddressSearchResult =
  | { ok: true; suggestions: AddressSuggestion[] }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "too-long" | "unavailable" };

/**
 * The Property Address search: at most 8 suggestions, de-duplicated by id; none for fewer than 3
 * characters (and no provider call); queries over 200 characters are refused. `rateKey` names the
 * caller, e.g. `user:<id>`; each may search 120 times a minute. A provider failure is logged.
 */
export async function searchAddresses(
  rawQuery: string | null,
  rateKey: string,
  options: AddressSearchOptions,
): Promise<AddressSearchResult> {
  const limit = await (options.limiter ?? defaultLimiter).hit(rateKey);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const query = normaliseAddressQuery(rawQuery ?? "");
  if (query.length > ADDRESS_QUERY_MAX_LENGTH) return { ok: false, reason: "too-long" };
  if (query.length < ADDRESS_QUERY_MIN_LENGTH) return { ok: true, suggestions: [] };

  const adapter = options.adapter;
  try {
    const seen = new Set<string>();
    const suggestions = (await adapter.autocomplete(query))
      .filter((suggestion) => !seen.has(suggestion.id) && seen.add(suggestion.id))
      .slice(0, ADDRESS_SUGGESTION_LIMIT);
    return { ok: true, suggestions };
  } catch (error) {
    logger.warn({ err: error, provider: adapter.provider }, "address autocomplete failed");
    return { ok: false, reason: "unavailable" };
  }
}
