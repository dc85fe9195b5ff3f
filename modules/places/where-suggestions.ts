import type { WherePlaceKind } from "~/lib/adapters/maps/maps-adapter";

/**
 * The Where field's suggestions, shared by the server (`where-suggestions.server.ts`) and the
 * browser (`app/components/listings/where-field.tsx`).
 */

/** Where the browser asks for suggestions (app/routes/public/search-places.ts). */
export const WHERE_SUGGESTIONS_ENDPOINT = "/search/places";
/** Shorter queries (after trimming) get no suggestions. */
export const WHERE_QUERY_MIN_LENGTH = 2;
/** Longer queries are refused; the field stops at this length. */
export const WHERE_QUERY_MAX_LENGTH = 100;
export const WHERE_SUGGESTION_LIMIT = 8;
/** The gazetteer changes with a release: an hour in any cache is safe. */
export const WHERE_CACHE_SECONDS = 3600;

export const WHERE_QUERY_TOO_LONG = `Type at most ${WHERE_QUERY_MAX_LENGTH} characters.`;
export const WHERE_SEARCH_TOO_MANY = "Too many place searches. Wait a moment and try again.";
export const WHERE_SEARCH_UNAVAILABLE = "Place suggestions are not available right now.";

/** One suggestion as the browser gets it: no more than the list shows and the form sends. */
export interface WhereSuggestion {
  id: string;
  name: string;
  label: string;
  kind: WherePlaceKind;
}

/** The JSON body of GET /search/places?q=…: suggestions, or an error to show. */
export type WhereSuggestionsBody = { suggestions: WhereSuggestion[] } | { error: string };

export function normaliseWhereQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ");
}
