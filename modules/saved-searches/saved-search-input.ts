import type { alertFrequencies } from "~/db/schema";
import { DEFAULT_SEARCH_PAGE_SIZE, parseSearchParams, toSearchParams } from "~/modules/listings/search-params";

/** Shared with the browser: the save and edit forms' fields and their checks. */

export type AlertFrequency = (typeof alertFrequencies)[number];
// A copy of the schema's list (the schema stays out of the browser bundle); the types keep them equal.
export const ALERT_FREQUENCIES = ["off", "daily", "instant"] as const satisfies readonly AlertFrequency[];

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  off: "Off",
  daily: "Daily",
  instant: "Instant",
};

export const MAX_SAVED_SEARCH_NAME = 80;
export const MAX_SAVED_SEARCHES = 20;

export interface SavedSearchInput {
  name: string;
  frequency: AlertFrequency;
}

export type InputResult<T> = { success: true; data: T } | { success: false; errors: Record<string, string> };

type Fields = Pick<Map<string, unknown>, "get">;

const field = (fields: Fields, name: string) => {
  const value = fields.get(name);
  return typeof value === "string" ? value : "";
};

/** The name and alert frequency of a saved search, from a form. */
export function parseSavedSearchInput(fields: Fields): InputResult<SavedSearchInput> {
  const name = field(fields, "name").replace(/\s+/g, " ").trim();
  const frequency = ALERT_FREQUENCIES.find((option) => option === field(fields, "frequency"));
  const errors: Record<string, string> = {};
  if (!name) errors.name = "Give this search a name.";
  else if (name.length > MAX_SAVED_SEARCH_NAME) errors.name = `Use at most ${MAX_SAVED_SEARCH_NAME} characters.`;
  if (!frequency) errors.frequency = "Choose how often to hear about new rooms.";
  if (!frequency || Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, data: { name, frequency } };
}

/**
 * A search as stored: the canonical /search query (search-params.ts) without the page and page
 * size, so every filter the search page understands, now or later, applies to the saved search.
 */
export function canonicalSearchQuery(query: string): string {
  const state = parseSearchParams(new URLSearchParams(query));
  // The view (list or map) is how the rooms show, not which rooms: one saved search either way.
  return toSearchParams({ ...state, view: undefined, page: 1, pageSize: DEFAULT_SEARCH_PAGE_SIZE }).toString();
}
