import { and, eq, gt, isNull, or } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { apiKeys, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  authenticateApiKey,
  clearApiKeyCache,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  newApiKeyRefusal,
  rollApiKey,
} from "~/modules/api-keys/api-keys.server";
import { MAX_ACTIVE_API_KEYS } from "~/modules/api-keys/permissions";
import { createTestApiKey, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const HOUR = 60 * 60 * 1000;
const input = { name: "Feed", expiresInDays: null, scope: "read_write" } as const;
const demo = { production: false };
const production = { production: true };

describeEachDatabase("API key lifecycle", (use) => {
  let db: Database;
  beforeEach(() => {
    db = use().db;
    clearApiKeyCache();
  });

  it("only staff, admins and active landlords create keys; the refusal says why; nothing is stored", async () => {
    const tenant = await createTestViewer(db, { role: "tenant" });
    const pending = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    expect(await createApiKey(db, tenant, input, demo)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await createApiKey(db, pending, input, demo)).toEqual({ ok: false, reason: "subscription-required" });
    expect(await db.select().from(apiKeys)).toHaveLength(0);
    for (const role of ["staff", "admin", "landlord"] as const) {
      expect((await createApiKey(db, await createTestViewer(db, { role }), input, demo)).ok).toBe(true);
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
    expect((await authenticateApiKey(db, first.key, demo)).ok).toBe(false);
  });

  it("rolling gives a new key while the old one works until the overlap ends", async () => {
    const landlord = await createTestViewer(db, { role: "landlord" });
    const old = await createTestApiKey(db, landlord);
    const now = new Date();
    const rolled = await rollApiKey(db, landlord, old.id, 24, { ...demo, now });
    if (!rolled.ok) throw new Error(rolled.reason);
    expect(rolled.key).not.toBe(old.key);
    expect(rolled.summary.name).toBe("Test key");
    clearApiKeyCache();
    expect((await authenticateApiKey(db, old.key, { ...demo, now: new Date(now.getTime() + 23 * HOUR) })).ok).toBe(
      true,
    );
    clearApiKeyCache();
    expect(await authenticateApiKey(db, old.key, { ...demo, now: new Date(now.getTime() + 25 * HOUR) })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect((await authenticateApiKey(db, rolled.key, { ...demo, now: new Date(now.getTime() + 25 * HOUR) })).ok).toBe(
      true,
    );
    // A rolled key cannot be rolled again (its replacement is the one to roll), nor someone else's.
    expect(await rollApiKey(db, landlord, old.id, 1, demo)).toEqual({ ok: false, reason: "not-found" });
    const stranger = await createTestViewer(db, { role: "admin" });
    expect(await rollApiKey(db, stranger, rolled.summary.id, 1, demo)).toEqual({ ok: false, reason: "not-found" });
  });

  it("rolling with no overlap stops the old key at once", async () => {
    const admin = await createTestViewer(db, { role: "admin" });
    const old = await createTestApiKey(db, admin);
    const rolled = await rollApiKey(db, admin, old.id, 0, demo);
    expect(rolled.ok).toBe(true);
    expect(await authenticateApiKey(db, old.key, demo)).toEqual({ ok: false, reason: "expired" });
  });

  it("in production, staff and admins need two-factor on to create, roll and use a key", async () => {
    for (const role of ["staff", "admin"] as const) {
      const owner = await createTestViewer(db, { role });
      expect(await createApiKey(db, owner, input, production)).toEqual({ ok: false, reason: "two-factor-required" });
      expect(await newApiKeyRefusal(db, owner, production)).toBe("two-factor-required");
      // A key made while the rule did not hold it back (demo mode) does not work in production either.
      const { key, id } = await createTestApiKey(db, owner);
      expect(await authenticateApiKey(db, key, production)).toEqual({ ok: false, reason: "two-factor-required" });
      expect(await rollApiKey(db, owner, id, 0, production)).toEqual({ ok: false, reason: "two-factor-required" });
      expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, owner.id))).toHaveLength(1);

      const secured = await createTestViewer(db, { role, twoFactorEnabled: true });
      const created = await createApiKey(db, secured, input, production);
      if (!created.ok) throw new Error(created.reason);
      expect((await authenticateApiKey(db, created.key, production)).ok).toBe(true);
      // Turning two-factor off stops the key (within the check's one-second cache on other instances).
      await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, secured.id));
      clearApiKeyCache();
      expect(await authenticateApiKey(db, created.key, production)).toEqual({
        ok: false,
        reason: "two-factor-required",
      });
    }
    // Landlords are not asked for two-factor; demo mode does not ask staff.
    const landlord = await createTestViewer(db, { role: "landlord" });
    expect((await createApiKey(db, landlord, input, production)).ok).toBe(true);
    expect((await createApiKey(db, await createTestViewer(db, { role: "staff" }), input, demo)).ok).toBe(true);
  });

  it(`caps working keys at ${MAX_ACTIVE_API_KEYS} per owner, even for requests racing each other`, async () => {
    const landlord = await createTestViewer(db, { role: "landlord" });
    const working = async () =>
      (
        await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, landlord.id), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date()))))
      ).length;
    for (let index = 1; index < MAX_ACTIVE_API_KEYS; index++) await createTestApiKey(db, landlord);
    const raced = await Promise.all(Array.from({ length: 6 }, () => createApiKey(db, landlord, input, demo)));
    expect(raced.filter((result) => result.ok)).toHaveLength(1);
    expect(raced.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, reason: "limit-reached" })),
    );
    expect(await working()).toBe(MAX_ACTIVE_API_KEYS);
    expect(await newApiKeyRefusal(db, landlord, demo)).toBe("limit-reached");
    // Another owner is not affected.
    expect((await createApiKey(db, await createTestViewer(db, { role: "landlord" }), input, demo)).ok).toBe(true);

    // At the cap a roll with an overlap would add a key; one that stops the old key now does not.
    const [oldest] = await listApiKeys(db, landlord).then((keys) => keys.slice(-1));
    if (!oldest) throw new Error("no key to roll");
    expect(await rollApiKey(db, landlord, oldest.id, 24, demo)).toEqual({ ok: false, reason: "limit-reached" });
    expect((await rollApiKey(db, landlord, oldest.id, 0, demo)).ok).toBe(true);
    expect(await working()).toBe(MAX_ACTIVE_API_KEYS);

    // Deleted and expired keys make room.
    const [newest, second] = await listApiKeys(db, landlord);
    if (!newest || !second) throw new Error("no keys");
    expect(await deleteApiKey(db, landlord, newest.id)).toEqual({ ok: true });
    expect((await createApiKey(db, landlord, input, demo)).ok).toBe(true);
    expect(await createApiKey(db, landlord, input, demo)).toEqual({ ok: false, reason: "limit-reached" });
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, second.id));
    expect((await createApiKey(db, landlord, input, demo)).ok).toBe(true);
    expect(await working()).toBe(MAX_ACTIVE_API_KEYS);
  });
});
