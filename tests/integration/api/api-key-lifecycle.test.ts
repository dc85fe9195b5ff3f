import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { apiKeys } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  authenticateApiKey,
  clearApiKeyCache,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  rollApiKey,
} from "~/modules/api-keys/api-keys.server";
import { createTestApiKey, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const HOUR = 60 * 60 * 1000;
const input = { name: "Feed", expiresInDays: null, scope: "read_write" } as const;

describeEachDatabase("API key lifecycle", (use) => {
  let db: Database;
  beforeEach(() => {
    db = use().db;
    clearApiKeyCache();
  });

  it("only staff, admins and active landlords create keys; the refusal says why; nothing is stored", async () => {
    const tenant = await createTestViewer(db, { role: "tenant" });
    const pending = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    expect(await createApiKey(db, tenant, input)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await createApiKey(db, pending, input)).toEqual({ ok: false, reason: "subscription-required" });
    expect(await db.select().from(apiKeys)).toHaveLength(0);
    for (const role of ["staff", "admin", "landlord"] as const) {
      expect((await createApiKey(db, await createTestViewer(db, { role }), input)).ok).toBe(true);
    }
  });

  it("lists only the owner's keys, newest first, without the key itself; nobody deletes another's key", async () => {
    const owner = await createTestViewer(db, { role: "landlord" });
    const other = await createTestViewer(db, { role: "admin" });
    const first = await createTestApiKey(db, owner);
    const second = await createTestApiKey(db, owner);
    const othersKey = await createTestApiKey(db, other);
    const listed = await listApiKeys(db, owner);
    expect(listed.map((key) => key.id)).toEqual([second.id, first.id]);
    expect(JSON.stringify(listed)).not.toContain(first.key.slice(12));

    expect(await deleteApiKey(db, owner, othersKey.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await db.select().from(apiKeys).where(eq(apiKeys.id, othersKey.id))).toHaveLength(1);
    expect(await deleteApiKey(db, owner, first.id)).toEqual({ ok: true });
    expect((await authenticateApiKey(db, first.key)).ok).toBe(false);
  });

  it("rolling gives a new key while the old one works until the overlap ends", async () => {
    const landlord = await createTestViewer(db, { role: "landlord" });
    const old = await createTestApiKey(db, landlord);
    const now = new Date();
    const rolled = await rollApiKey(db, landlord, old.id, 24, now);
    if (!rolled.ok) throw new Error(rolled.reason);
    expect(rolled.key).not.toBe(old.key);
    expect(rolled.summary.name).toBe("Test key");
    clearApiKeyCache();
    expect((await authenticateApiKey(db, old.key, { now: new Date(now.getTime() + 23 * HOUR) })).ok).toBe(true);
    clearApiKeyCache();
    expect(await authenticateApiKey(db, old.key, { now: new Date(now.getTime() + 25 * HOUR) })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect((await authenticateApiKey(db, rolled.key, { now: new Date(now.getTime() + 25 * HOUR) })).ok).toBe(true);
    // A rolled key cannot be rolled again (its replacement is the one to roll), nor someone else's.
    expect(await rollApiKey(db, landlord, old.id, 1)).toEqual({ ok: false, reason: "not-found" });
    const stranger = await createTestViewer(db, { role: "admin" });
    expect(await rollApiKey(db, stranger, rolled.summary.id, 1)).toEqual({ ok: false, reason: "not-found" });
  });

  it("rolling with no overlap stops the old key at once", async () => {
    const admin = await createTestViewer(db, { role: "admin" });
    const old = await createTestApiKey(db, admin);
    const rolled = await rollApiKey(db, admin, old.id, 0);
    expect(rolled.ok).toBe(true);
    expect(await authenticateApiKey(db, old.key)).toEqual({ ok: false, reason: "expired" });
  });
});
