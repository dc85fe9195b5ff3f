import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { ADDRESS_QUERY_MIN_LENGTH, normaliseAddressQuery } from "~/modules/places/address-search";

/**
 * The Property Address combobox as a pure state machine (the component in address-search.tsx adds
 * the debounce, the fetch and the DOM). Results for a query other than the one now typed are
 * dropped, so a slow answer never replaces a newer one.
 */

export interface AddressSearchState {
  /** What the input shows. */
  query: string;
  /** idle: nothing to search; loading: waiting for the debounce or the server; ready: `suggestions` answer `query`. */
  status: "idle" | "loading" | "ready" | "error";
  suggestions: AddressSuggestion[];
  error: string | null;
  /** Whether the listbox is shown (it never is without suggestions). */
  open: boolean;
  /** The option the arrow keys point at (aria-activedescendant), -1 for none. */
  activeIndex: number;
  /** The last suggestion chosen. */
  selected: AddressSuggestion | null;
}

export type AddressSearchAction =
  | { type: "typed"; query: string }
  | { type: "loaded"; query: string; suggestions: AddressSuggestion[] }
  | { type: "failed"; query: string; message: string }
  | { type: "move"; by: 1 | -1 }
  | { type: "hover"; index: number }
  | { type: "close" }
  | { type: "selected"; suggestion: AddressSuggestion };

/** Shown (and announced) after choosing a suburb, which has no street address. */
export const SUBURB_ONLY_NOTE = "Only a suburb was chosen — add the street address below.";

/**
 * Whether a chosen suggestion lacks a street address (a suburb or postcode). A suggestion with one is
 * a full address, even when the map can only place it at its suburb (`precision`).
 */
export function isSuburbOnly(suggestion: AddressSuggestion): boolean {
  return suggestion.streetAddress.trim() === "";
}

export const initialAddressSearchState: AddressSearchState = {
  query: "",
  status: "idle",
  suggestions: [],
  error: null,
  open: false,
  activeIndex: -1,
  selected: null,
};

/** Whether a query is long enough to search (at least 3 characters once trimmed). */
export function isSearchableQuery(query: string): boolean {
  return normaliseAddressQuery(query).length >= ADDRESS_QUERY_MIN_LENGTH;
}

const sameQuery = (a: string, b: string) => normaliseAddressQuery(a) === normaliseAddressQuery(b);

export function addressSearchReducer(state: AddressSearchState, action: AddressSearchAction): AddressSearchState {
  switch (action.type) {
    case "typed":
      if (!isSearchableQuery(action.query)) {
        return {
          ...state,
          query: action.query,
          status: "idle",
          suggestions: [],
          error: null,
          open: false,
          activeIndex: -1,
        };
      }
      // The previous suggestions stay on show until the new ones arrive.
      return { ...state, query: action.query, status: "loading", error: null, activeIndex: -1 };
    case "loaded":
      if (!sameQuery(action.query, state.query) || state.status !== "loading") return state;
      return {
        ...state,
        status: "ready",
        suggestions: action.suggestions,
        open: action.suggestions.length > 0,
        activeIndex: -1,
      };
    case "failed":
      if (!sameQuery(action.query, state.query) || state.status !== "loading") return state;
      return { ...state, status: "error", suggestions: [], error: action.message, open: false, activeIndex: -1 };
    case "move": {
      const count = state.suggestions.length;
      if (count === 0) return state;
      if (!state.open || state.activeIndex < 0) {
        return { ...state, open: true, activeIndex: action.by > 0 ? 0 : count - 1 };
      }
      return { ...state, activeIndex: (state.activeIndex + action.by + count) % count };
    }
    case "hover":
      return action.index >= 0 && action.index < state.suggestions.length
        ? { ...state, activeIndex: action.index }
        : state;
    case "close":
      return { ...state, open: false, activeIndex: -1 };
    case "selected":
      return {
        ...state,
        query: action.suggestion.label,
        status: "idle",
        suggestions: [],
        error: null,
        open: false,
        activeIndex: -1,
        selected: action.suggestion,
      };
  }
}

/**
 * What Enter chooses: the active option of the open list; otherwise the only suggestion for what
 * is typed; otherwise nothing.
 */
export function enterChoice(state: AddressSearchState): AddressSuggestion | null {
  if (state.open && state.activeIndex >= 0) return state.suggestions[state.activeIndex] ?? null;
  if (state.status === "ready" && state.suggestions.length === 1) return state.suggestions[0] ?? null;
  return null;
}

/** The screen-reader status line: how many suggestions, "No matches", the error, or what was chosen. */
export function addressSearchStatus(state: AddressSearchState): string {
  if (state.status === "error") return state.error ?? "";
  if (state.status === "ready") {
    const count = state.suggestions.length;
    return count === 0 ? "No matches" : count === 1 ? "1 suggestion" : `${count} suggestions`;
  }
  if (state.status === "idle" && state.selected && state.query === state.selected.label) {
    const note = isSuburbOnly(state.selected) ? ` ${SUBURB_ONLY_NOTE}` : "";
    return `Selected ${state.selected.label}.${note}`;
  }
  return "";
}
