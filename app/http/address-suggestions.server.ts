import {
  ADDRESS_CACHE_SECONDS,
  ADDRESS_QUERY_TOO_LONG,
  ADDRESS_SEARCH_TOO_MANY,
  ADDRESS_SEARCH_UNAVAILABLE,
  type AddressSuggestionsBody,
} from "~/modules/places/address-search";
import type { AddressSearchResult } from "~/modules/places/address-search.server";

/**
 * The answer to GET …/address-suggestions?q=: JSON `{ suggestions }` cached privately for a day, or
 * `{ error }` with 400 (query too long), 429 (over the caller's limit, with Retry-After) or 502
 * (the maps provider failed).
 */
export function addressSuggestionsResponse(result: AddressSearchResult): Response {
  if (result.ok) return reply({ suggestions: result.suggestions }, 200);
  switch (result.reason) {
    case "rate-limited":
      return reply({ error: ADDRESS_SEARCH_TOO_MANY }, 429, { "Retry-After": String(result.retryAfterSeconds) });
    case "too-long":
      return reply({ error: ADDRESS_QUERY_TOO_LONG }, 400);
    case "unavailable":
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
