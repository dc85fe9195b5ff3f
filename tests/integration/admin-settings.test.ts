import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, contactMessages, newsletterSubscribers } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  listContactMessages,
  listSubscribers,
  retryContactMessage,
  subscribersCsv,
  unsubscribe,
} from "~/modules/admin/inbox.server";
import { DEFAULT_SITE_CONTACT, parseSiteContact } from "~/modules/settings/site-contact";
import {
  getSiteContact,
  recentSiteContact,
  SITE_CONTACT_CACHE_MS,
  updateSiteContact,
} from "~/modules/settings/site-contact.server";
import { siteSettings } from "~/db/schema";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const meta = { clientAddress: "203.0.113.80" };
const auditRows = (db: Database) => db.select().from(auditLog).orderBy(auditLog.createdAt);

async function insertMessage(db: Database, values: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      firstName: "Ana",
      lastName: "Lee",
      email: "ana@example.com",
      phone: "0400000000",
      message: "Hi",
      ...values,
    })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

describeEachDatabase("admin settings", (use) => {
  it("contact details start from the defaults; an admin saves them, audited with what changed", async () => {
    const { db } = use();
    expect(await getSiteContact(db)).toEqual(DEFAULT_SITE_CONTACT);
    const admin = await createTestViewer(db, { role: "admin" });
    const form = new Map(Object.entries({ ...DEFAULT_SITE_CONTACT, phone: "03 9111 2222" }));
    const parsed = parseSiteContact(form);
    if (!parsed.success) throw new Error("invalid");
    expect(await updateSiteContact(db, admin, parsed.data, meta)).toEqual({ ok: true });
    expect((await getSiteContact(db)).phone).toBe("03 9111 2222");
    const [row] = await auditRows(db);
    expect(row).toMatchObject({
      action: "settings.update",
      targetId: "contact",
      before: { phone: "03 9000 1234" },
      after: { phone: "03 9111 2222" },
    });
  });

  it("the footer's contact details are read at most once per cache period, and afresh after an update", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const now = Date.now();
    expect((await recentSiteContact(db, now)).phone).toBe(DEFAULT_SITE_CONTACT.phone);
    // Another instance saves new details: this one keeps showing what it read until the period ends.
    await db
      .insert(siteSettings)
      .values({ key: "contact", value: { ...DEFAULT_SITE_CONTACT, phone: "03 9333 4444" } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { ...DEFAULT_SITE_CONTACT, phone: "03 9333 4444" } },
      });
    expect((await recentSiteContact(db, now + 1_000)).phone).toBe(DEFAULT_SITE_CONTACT.phone);
    expect((await recentSiteContact(db, now + SITE_CONTACT_CACHE_MS + 1)).phone).toBe("03 9333 4444");
    // An update through this process shows at once.
    expect(await updateSiteContact(db, admin, { ...DEFAULT_SITE_CONTACT, phone: "03 9555 6666" }, meta)).toEqual({
      ok: true,
    });
    expect((await recentSiteContact(db, now + SITE_CONTACT_CACHE_MS + 2)).phone).toBe("03 9555 6666");
  });

  it("staff cannot change the contact details; bad values are refused field by field", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    expect(await updateSiteContact(db, staff, { ...DEFAULT_SITE_CONTACT, phone: "1" }, meta)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    const bad = parseSiteContact(
      new Map(Object.entries({ ...DEFAULT_SITE_CONTACT, generalEmail: "not-an-email", addressLine1: "a\nb" })),
    );
    expect(bad.success === false && Object.keys(bad.errors).sort()).toEqual(["addressLine1", "generalEmail"]);
    expect(await getSiteContact(db)).toEqual(DEFAULT_SITE_CONTACT);
    expect(await auditRows(db)).toHaveLength(0);
  });

  it("the inbox lists messages with their forwarding status; retry brings a pending one forward only", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const later = new Date(Date.now() + 3_600_000);
    const pending = await insertMessage(db, { forwardAttempts: 3, lastError: "HTTP 503", nextAttemptAt: later });
    const forwarded = await insertMessage(db, { forwardStatus: "forwarded", forwardedAt: new Date() });
    const listed = await listContactMessages(db, staff, { page: 1 });
    expect(listed.ok && listed.total).toBe(2);
    expect(await retryContactMessage(db, staff, pending.id)).toEqual({ ok: true });
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, pending.id));
    expect(row?.nextAttemptAt.getTime()).toBeLessThan(later.getTime());
    expect(await retryContactMessage(db, staff, forwarded.id)).toEqual({ ok: false, reason: "already-forwarded" });
    expect(await retryContactMessage(db, staff, "nope")).toEqual({ ok: false, reason: "not-found" });
    const tenant = await createTestViewer(db, { role: "tenant" });
    expect(await retryContactMessage(db, tenant, pending.id)).toEqual({ ok: false, reason: "forbidden" });
    expect(await listContactMessages(db, tenant, { page: 1 })).toEqual({ ok: false, reason: "forbidden" });
  });

  it("subscribers: search, unsubscribe (audited) and a CSV export that spreadsheets cannot execute", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    await db.insert(newsletterSubscribers).values([
      { email: "amy@example.com", source: "footer" },
      { email: "=cmd@example.com", source: "blog" },
    ]);
    const found = await listSubscribers(db, staff, { q: "AMY", page: 1 });
    expect(found.ok && found.rows.map((row) => row.email)).toEqual(["amy@example.com"]);
    const csv = await subscribersCsv(db, staff);
    expect(csv.ok && csv.csv.split("\r\n")[0]).toBe("email,source,subscribed_at");
    expect(csv.ok && csv.csv).toContain(`"'=cmd@example.com","blog"`);
    const amy = found.ok ? found.rows[0] : undefined;
    if (!amy) throw new Error("no subscriber");
    expect(await unsubscribe(db, staff, amy.id, meta)).toEqual({ ok: true, email: "amy@example.com" });
    expect(await unsubscribe(db, staff, amy.id, meta)).toEqual({ ok: false, reason: "not-found" });
    const all = await listSubscribers(db, staff, { q: "", page: 1 });
    expect(all.ok && all.total).toBe(1);
    expect((await auditRows(db)).map((row) => [row.action, row.before])).toEqual([
      ["newsletter.unsubscribe", { email: "amy@example.com", source: "footer" }],
    ]);
    const landlord = await createTestViewer(db, { role: "landlord" });
    expect(await subscribersCsv(db, landlord)).toEqual({ ok: false, reason: "forbidden" });
    expect(await unsubscribe(db, landlord, amy.id, meta)).toEqual({ ok: false, reason: "forbidden" });
  });
});
