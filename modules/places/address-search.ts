import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";

/**
 * The Property Address search's contract, shared by the server (`address-search.server.ts`) and
 * the browser (`app/components/listing-form/address-search.tsx`).
 */

/** Shorter queries (after trimming) get no suggestions and cost no provider call. */
export const ADDRESS_QUERY_MIN_LENGTH = 3;
/** Longer queries are refused as invalid; the input stops at this length. */
export const ADDRESS_QUERY_MAX_LENGTH = 200;
/** At most this many suggestions are returned. */
export const ADDRESS_SUGGESTION_LIMIT = 8;
/** Suggestions may be reused for this long, by the browser's HTTP cache and session storage. */
export const ADDRESS_CACHE_SECONDS = 86_400;

export const ADDRESS_SEARCH_UNAVAILABLE = "Address search is not available right now.";
export const ADDRESS_QUERY_TOO_LONG = `Type at most ${ADDRESS_QUERY_MAX_LENGTH} characters.`;
export const ADDRESS_SEARCH_TOO_MANY = "Too many address searches. Wait a moment and try again.";

/** The JSON body of GET /list-property/address-suggestions?q=…: suggestions, or an error to show. */
export type AddressSuggestionsBody = { suggestions: AddressSuggestion[] } | { error: string };

/** The query as searched: trimmed, with runs of white space made one space. */
export function normaliseAddressQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ");
}
