import type { AddressSuggestion } from "~/lib/adapters/maps/maps-adapter";
import { ADDRESS_CACHE_SECONDS, normaliseAddressQuery } from "~/modules/places/address-search";

/**
 * The browser's 24-hour cache of address suggestions, in session storage: one entry
 * per normalised query, holding the time it was saved. Storage that is missing, full or refused
 * (private browsing, blocked site data) only means no caching.
 */

type SuggestionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

interface CacheEntry {
  savedAt: number;
  suggestions: AddressSuggestion[];
}

const KEY_PREFIX = "address-suggestions:";
const TTL_MS = ADDRESS_CACHE_SECONDS * 1000;

/** The storage key for a query: case and white space do not matter ("  CARLTON " is "carlton"). */
export function addressCacheKey(query: string): string {
  return `${KEY_PREFIX}${normaliseAddressQuery(query).toLowerCase()}`;
}

/** Cached suggestions for `query` saved less than 24 hours ago, else null (an expired or unreadable entry is removed). */
export function readCachedSuggestions(
  storage: SuggestionStorage | undefined,
  query: string,
  now = Date.now(),
): AddressSuggestion[] | null {
  if (!storage) return null;
  const key = addressCacheKey(query);
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<CacheEntry> | null;
    const savedAt = entry?.savedAt;
    if (typeof savedAt === "number" && savedAt <= now && now - savedAt < TTL_MS && Array.isArray(entry?.suggestions)) {
      return entry.suggestions;
    }
    storage.removeItem(key);
  } catch {
    // Unreadable JSON or storage that refuses access: treat as a miss.
  }
  return null;
}

export function writeCachedSuggestions(
  storage: SuggestionStorage | undefined,
  query: string,
  suggestions: AddressSuggestion[],
  now = Date.now(),
): void {
  if (!storage) return;
  const entry: CacheEntry = { savedAt: now, suggestions };
  try {
    storage.setItem(addressCacheKey(query), JSON.stringify(entry));
  } catch {
    // Full or refused: the next search asks the server again.
  }
}

/** The tab's session storage, or undefined where reading it throws (site data blocked). */
export function browserSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
