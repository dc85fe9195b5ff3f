import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import { logger } from "~/lib/logger.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import {
  normaliseWhereQuery,
  WHERE_QUERY_MAX_LENGTH,
  WHERE_QUERY_MIN_LENGTH,
  WHERE_SUGGESTION_LIMIT,
  type WhereSuggestion,
} from "~/modules/places/where-suggestions";

/** Suggestion requests per client address: a fast typist sends one per pause, so 120 a minute is ample. */
export const WHERE_SUGGESTIONS_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
const defaultLimiter = createRateLimiter({ name: "where-suggestions", ...WHERE_SUGGESTIONS_RATE_LIMIT });

export type WhereSuggestionsResult =
  | { ok: true; suggestions: WhereSuggestion[] }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "too-long" | "unavailable" };

/**
 * Suburbs, postcodes and named places for what a renter typed in Where: at most 8, none under 2
 * characters, queries over 100 characters refused. `rateKey` names the caller (a client address).
 */
export async function suggestWherePlaces(
  rawQuery: string | null,
  rateKey: string,
  options: { places: WherePlaces; limiter?: RateLimiter },
): Promise<WhereSuggestionsResult> {
  const limit = await (options.limiter ?? defaultLimiter).hit(rateKey);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const query = normaliseWhereQuery(rawQuery ?? "");
  if (query.length > WHERE_QUERY_MAX_LENGTH) return { ok: false, reason: "too-long" };
  if (query.length < WHERE_QUERY_MIN_LENGTH) return { ok: true, suggestions: [] };
  try {
    const places = await options.places.suggestWhere(query, WHERE_SUGGESTION_LIMIT);
    return {
      ok: true,
      suggestions: places
        .slice(0, WHERE_SUGGESTION_LIMIT)
        .map(({ id, name, label, kind }) => ({ id, name, label, kind })),
    };
  } catch (error) {
    logger.warn({ err: error }, "where suggestions failed");
    return { ok: false, reason: "unavailable" };
  }
}
