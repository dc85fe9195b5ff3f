import { randomBytes } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { savedSearches } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import type { Viewer } from "~/modules/auth/viewer";
import { resolveLocation } from "~/modules/listings/location-filter";
import { parseSearchParams } from "~/modules/listings/search-params";
import { POINT_NAME } from "~/modules/listings/search-page.server";
import { describeSearch } from "~/modules/listings/search-summary";
import {
  canonicalSearchQuery,
  MAX_SAVED_SEARCHES,
  type AlertFrequency,
  type SavedSearchInput,
} from "~/modules/saved-searches/saved-search-input";

/**
 * Saved searches: every read and write is scoped to the viewer's own rows here, so another user's
 * id is simply not found and nothing changes.
 */

export interface SavedSearchSummary {
  id: string;
  name: string;
  /** The canonical /search query (without "?"). */
  query: string;
  frequency: AlertFrequency;
  paused: boolean;
  lastAlertedAt: string | null;
  createdAt: string;
}

export type SavedSearchRefusal = "not-found" | "limit-reached" | "rate-limited";
export type SavedSearchResult<T = { id: string }> = { ok: true; value: T } | { ok: false; reason: SavedSearchRefusal };

/** Saves, edits, pauses and deletes per user: generous for people, a wall for scripts. */
export const SAVED_SEARCH_WRITE_LIMIT = { limit: 60, windowMs: 60 * 60_000 };
const defaultLimiter = createRateLimiter({ name: "saved-search-writes", ...SAVED_SEARCH_WRITE_LIMIT });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNSUBSCRIBE = "saved-search-unsubscribe";

type Options = { limiter?: RateLimiter; now?: Date };

const newNonce = () => randomBytes(16).toString("base64url");

function ownRow(viewer: Viewer, id: string) {
  return and(eq(savedSearches.id, id), eq(savedSearches.userId, viewer.id));
}

function toSummary(row: typeof savedSearches.$inferSelect): SavedSearchSummary {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    frequency: row.frequency,
    paused: row.paused,
    lastAlertedAt: row.lastAlertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function allowed(viewer: Viewer, limiter: RateLimiter): Promise<boolean> {
  return (await limiter.hit(viewer.id)).allowed;
}

/**
 * Each search with what it looks for in words ('Within 2 km of RMIT City · Up to $400 a week'),
 * its Where found through `places` as /search finds it.
 */
export async function describeSavedSearches(
  searches: SavedSearchSummary[],
  places: WherePlaces,
): Promise<(SavedSearchSummary & { description: string })[]> {
  return Promise.all(
    searches.map(async (search) => {
      const filters = parseSearchParams(new URLSearchParams(search.query));
      const located = filters.where ? await resolveLocation({ where: filters.where }, places) : null;
      const place = located?.ok && located.search?.origin ? located.search.place : null;
      const point = located?.ok && located.search?.origin && !place;
      const described = place
        ? { name: place.name, kind: place.kind }
        : point
          ? { name: POINT_NAME, kind: "point" as const }
          : null;
      return { ...search, description: describeSearch(filters, described) };
    }),
  );
}

/** The viewer's saved searches, oldest first. */
export async function listSavedSearches(db: Executor, viewer: Viewer): Promise<SavedSearchSummary[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, viewer.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSummary);
}

/**
 * Saves `query` (any /search query; stored in its canonical form) under a name. Listings that
 * exist now are not alerted as new: the first alert tells of what changes from now on.
 */
export async function createSavedSearch(
  db: Executor,
  viewer: Viewer,
  input: SavedSearchInput & { query: string },
  { limiter = defaultLimiter, now = new Date() }: Options = {},
): Promise<SavedSearchResult> {
  if (!(await allowed(viewer, limiter))) return { ok: false, reason: "rate-limited" };
  return db.transaction(async (tx) => {
    // Serialises one user's saves, so two at once cannot both pass the count.
    await tx.execute(sqlLockUser(viewer.id));
    const [existing] = await tx
      .select({ total: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, viewer.id));
    if ((existing?.total ?? 0) >= MAX_SAVED_SEARCHES) return { ok: false, reason: "limit-reached" } as const;
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId: viewer.id,
        name: input.name,
        query: canonicalSearchQuery(input.query),
        frequency: input.frequency,
        checkedAt: now,
        tokenNonce: newNonce(),
      })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error("the saved-search insert returned no row");
    return { ok: true, value: { id: row.id } } as const;
  });
}

function sqlLockUser(userId: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`;
}

/** Renames the search or changes its alerts. Turning alerts back on invalidates earlier unsubscribe links. */
export async function updateSavedSearch(
  db: Executor,
  viewer: Viewer,
  id: string,
  input: SavedSearchInput,
  { limiter = defaultLimiter }: Options = {},
): Promise<SavedSearchResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  if (!(await allowed(viewer, limiter))) return { ok: false, reason: "rate-limited" };
  const [current] = await db.select().from(savedSearches).where(ownRow(viewer, id)).limit(1);
  if (!current) return { ok: false, reason: "not-found" };
  const resubscribed = current.frequency === "off" && input.frequency !== "off";
  await db
    .update(savedSearches)
    .set({ name: input.name, frequency: input.frequency, ...(resubscribed ? { tokenNonce: newNonce() } : {}) })
    .where(ownRow(viewer, id));
  return { ok: true, value: { id } };
}

/** Pauses or resumes the search's alerts. */
export async function setSavedSearchPaused(
  db: Executor,
  viewer: Viewer,
  id: string,
  paused: boolean,
  { limiter = defaultLimiter }: Options = {},
): Promise<SavedSearchResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  if (!(await allowed(viewer, limiter))) return { ok: false, reason: "rate-limited" };
  const updated = await db
    .update(savedSearches)
    .set({ paused })
    .where(ownRow(viewer, id))
    .returning({ id: savedSearches.id });
  return updated.length > 0 ? { ok: true, value: { id } } : { ok: false, reason: "not-found" };
}

export async function deleteSavedSearch(
  db: Executor,
  viewer: Viewer,
  id: string,
  { limiter = defaultLimiter }: Options = {},
): Promise<SavedSearchResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  if (!(await allowed(viewer, limiter))) return { ok: false, reason: "rate-limited" };
  const deleted = await db.delete(savedSearches).where(ownRow(viewer, id)).returning({ id: savedSearches.id });
  return deleted.length > 0 ? { ok: true, value: { id } } : { ok: false, reason: "not-found" };
}

// Unsubscribe links -----------------------------------------------------------------------------

/** The token in a saved search's unsubscribe link: its id and a signature over the id and its current nonce. */
export function unsubscribeToken(secret: string, search: { id: string; tokenNonce: string }): string {
  return `${search.id}.${signToken(secret, UNSUBSCRIBE, search.id, search.tokenNonce)}`;
}

export type UnsubscribeTarget =
  { ok: true; value: { id: string; name: string; alertsOn: boolean } } | { ok: false; reason: "invalid-token" };

/** What an unsubscribe token points at; refused when forged, altered, or replaced since (alerts turned back on). */
export async function readUnsubscribeToken(db: Executor, secret: string, token: string): Promise<UnsubscribeTarget> {
  const [id = "", signature = "", extra] = token.split(".");
  if (extra !== undefined || !UUID.test(id) || signature.length > 100) return { ok: false, reason: "invalid-token" };
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  if (!row || !verifyToken(secret, signature, UNSUBSCRIBE, row.id, row.tokenNonce)) {
    return { ok: false, reason: "invalid-token" };
  }
  return { ok: true, value: { id: row.id, name: row.name, alertsOn: row.frequency !== "off" } };
}

/** Turns the search's alerts off (idempotent while the token is valid). */
export async function unsubscribeWithToken(db: Executor, secret: string, token: string): Promise<UnsubscribeTarget> {
  const target = await readUnsubscribeToken(db, secret, token);
  if (!target.ok) return target;
  await db.update(savedSearches).set({ frequency: "off" }).where(eq(savedSearches.id, target.value.id));
  return { ok: true, value: { ...target.value, alertsOn: false } };
}
