import { getRandomValues, hash } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { apiKeys, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { findViewer } from "~/modules/auth/viewer.server";
import type { ApiKeyInput, ApiKeyScope } from "~/modules/api-keys/api-key-input";
import { API_KEY_DISPLAY_LENGTH, generateApiKey, isWellFormedApiKey } from "~/modules/api-keys/api-key-token";
import { apiKeyAccess, canUseApiKeys, MAX_ACTIVE_API_KEYS, type ApiKeyAccess } from "~/modules/api-keys/permissions";

/** A key as its owner's list shows it (never the key itself). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  scope: ApiKeyScope;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** Why no key was made: the owner may not hold keys, already holds the most allowed, or the key to roll is gone. */
export type ApiKeyRefusal = Exclude<ApiKeyAccess, "granted"> | "limit-reached" | "not-found";
export type CreatedApiKey = { ok: true; key: string; summary: ApiKeySummary } | { ok: false; reason: ApiKeyRefusal };

/** Production rules apply (staff and admin keys need two-factor on): the site settings' `production`. */
export interface ApiKeyPolicy {
  production: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** SHA-256 of the whole key: keys carry 178 random bits, so a fast hash is enough (no dictionary to guess from). */
export function hashApiKey(key: string): string {
  return hash("sha256", key);
}

function toSummary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The viewer's own keys, newest first (expired ones too, so they can be seen and deleted). */
export async function listApiKeys(db: Executor, viewer: Viewer): Promise<ApiKeySummary[]> {
  if (!canUseApiKeys(viewer)) return [];
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, viewer.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toSummary);
}

async function insertKey(
  db: Executor,
  viewer: Viewer,
  values: { name: string; scope: ApiKeyScope; expiresAt: Date | null },
): Promise<{ key: string; summary: ApiKeySummary }> {
  const key = generateApiKey((length) => getRandomValues(new Uint8Array(length)));
  const [row] = await db
    .insert(apiKeys)
    .values({ ...values, userId: viewer.id, prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), keyHash: hashApiKey(key) })
    .returning();
  if (!row) throw new Error("the api key insert returned no row");
  return { key, summary: toSummary(row) };
}

/** The viewer's keys that work now or will: not expired (a rolled key's old value counts until its overlap ends). */
async function activeKeyCount(db: Executor, viewer: Viewer, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, viewer.id), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
  return row?.total ?? 0;
}

/**
 * Why the viewer may not add `adding` working keys now (null: they may): they may not hold keys
 * (`apiKeyAccess`), or would pass the cap. The keys screen shows it before the dialog opens;
 * creating and rolling ask again under the owner's lock.
 */
export async function newApiKeyRefusal(
  db: Executor,
  viewer: Viewer,
  { production, now = new Date(), adding = 1 }: ApiKeyPolicy & { now?: Date; adding?: number },
): Promise<Exclude<ApiKeyRefusal, "not-found"> | null> {
  const access = apiKeyAccess(viewer, { production });
  if (access !== "granted") return access;
  if (adding === 0) return null;
  return (await activeKeyCount(db, viewer, now)) + adding > MAX_ACTIVE_API_KEYS ? "limit-reached" : null;
}

/**
 * Runs `work` holding the owner's lock (their profile row), so requests racing each other count the
 * keys one after another and cannot together pass the cap.
 */
async function asOwner<T>(db: Executor, viewer: Viewer, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, viewer.id)).for("update");
    return work(tx);
  });
}

/** Creates a key for the viewer; the key is returned this once and only its hash is kept. */
export async function createApiKey(
  db: Executor,
  viewer: Viewer,
  input: ApiKeyInput,
  { production, now = new Date() }: ApiKeyPolicy & { now?: Date },
): Promise<CreatedApiKey> {
  const expiresAt = input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  return asOwner(db, viewer, async (tx) => {
    const refusal = await newApiKeyRefusal(tx, viewer, { production, now });
    if (refusal) return { ok: false, reason: refusal } as const;
    return { ok: true, ...(await insertKey(tx, viewer, { name: input.name, scope: input.scope, expiresAt })) } as const;
  });
}

/**
 * Rolls a key: a new key with the same name and scope (and the same remaining lifetime), while the
 * old one keeps working for `overlapHours` (0: stops now) so clients can switch without downtime.
 * With an overlap both count towards the cap until it ends.
 */
export async function rollApiKey(
  db: Executor,
  viewer: Viewer,
  keyId: string,
  overlapHours: number,
  { production, now = new Date() }: ApiKeyPolicy & { now?: Date },
): Promise<CreatedApiKey> {
  if (!UUID.test(keyId)) return { ok: false, reason: "not-found" };
  return asOwner(db, viewer, async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, viewer.id), isNull(apiKeys.replacedById)))
      .for("update")
      .limit(1);
    if (!old || (old.expiresAt && old.expiresAt <= now)) return { ok: false, reason: "not-found" } as const;
    const refusal = await newApiKeyRefusal(tx, viewer, { production, now, adding: overlapHours > 0 ? 1 : 0 });
    if (refusal) return { ok: false, reason: refusal } as const;
    const created = await insertKey(tx, viewer, { name: old.name, scope: old.scope, expiresAt: old.expiresAt });
    const overlapEnds = new Date(now.getTime() + overlapHours * 60 * 60 * 1000);
    await tx
      .update(apiKeys)
      .set({
        replacedById: created.summary.id,
        expiresAt: old.expiresAt && old.expiresAt < overlapEnds ? old.expiresAt : overlapEnds,
      })
      .where(eq(apiKeys.id, old.id));
    forgetCachedKey(old.keyHash);
    return { ok: true, ...created } as const;
  });
}

/** Deletes (revokes) one of the viewer's keys: it stops working at once on this instance, within a second on others. */
export async function deleteApiKey(
  db: Executor,
  viewer: Viewer,
  keyId: string,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!UUID.test(keyId)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, viewer.id)))
    .returning({ keyHash: apiKeys.keyHash });
  if (!row) return { ok: false, reason: "not-found" };
  forgetCachedKey(row.keyHash);
  return { ok: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------------------------

export interface ApiKeyIdentity {
  /** The owner as the pages see them, marked as coming through a key. */
  viewer: Viewer;
  keyId: string;
  scope: ApiKeyScope;
}

/** Why a key was refused: not one of ours, unknown or revoked, expired, or its owner lost the right. */
export type ApiKeyFailure = "malformed" | "unknown" | "expired" | "no-access" | "two-factor-required";
export type ApiKeyCheck = { ok: true; identity: ApiKeyIdentity } | { ok: false; reason: ApiKeyFailure };

/**
 * How long a key's check is reused. Short enough that a revoked key, an expired one or an owner who
 * lost the right is refused within a second on every instance; long enough that a busy client costs
 * one look-up a second instead of one per request.
 */
export const KEY_CHECK_CACHE_MS = 1000;
const LAST_USED_EVERY_MS = 60_000;

interface CachedCheck {
  at: number;
  row: { id: string; userId: string; scope: ApiKeyScope; expiresAt: Date | null; lastUsedAt: Date | null } | null;
  viewer: Viewer | null;
}
const cache = new Map<string, CachedCheck>();
const CACHE_LIMIT = 10_000;

function forgetCachedKey(keyHash: string): void {
  cache.delete(keyHash);
}

/**
 * Resolves a presented key to its owner's viewer. The checksum is checked first, so random strings
 * never reach the database. `touch` is called (at most once a minute per key, per instance) when
 * `last_used_at` should be written; the write itself is conditional, so instances do not pile up.
 */
export async function authenticateApiKey(
  db: Executor,
  token: string,
  { production, now = new Date(), touch }: ApiKeyPolicy & { now?: Date; touch?: (write: () => Promise<void>) => void },
): Promise<ApiKeyCheck> {
  if (!isWellFormedApiKey(token)) return { ok: false, reason: "malformed" };
  const keyHash = hashApiKey(token);
  let entry = cache.get(keyHash);
  if (!entry || now.getTime() - entry.at >= KEY_CHECK_CACHE_MS || now.getTime() < entry.at) {
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        scope: apiKeys.scope,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1);
    entry = { at: now.getTime(), row: row ?? null, viewer: row ? await findViewer(db, row.userId) : null };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(keyHash, entry);
  }
  const { row, viewer } = entry;
  if (!row || !viewer) return { ok: false, reason: "unknown" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: "expired" };
  const access = apiKeyAccess(viewer, { production });
  if (access === "two-factor-required") return { ok: false, reason: access };
  if (access !== "granted") return { ok: false, reason: "no-access" };

  if (touch && (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)) {
    row.lastUsedAt = now;
    const keyId = row.id;
    touch(async () => {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, keyId),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
            ),
          ),
        );
    });
  }
  return { ok: true, identity: { viewer: { ...viewer, via: "api-key" }, keyId: row.id, scope: row.scope } };
}

/** Forgets every cached key check (tests that change a key's owner behind the cache's back). */
export function clearApiKeyCache(): void {
  cache.clear();
}
