import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, mailOutbox, supportRequests } from "~/db/schema";
import { createMailTransport, deliverQueuedMail } from "~/lib/adapters/mail/mailer.server";
import type { Database } from "~/lib/db/client.server";
import { DEFAULT_SITE_CONTACT } from "~/modules/settings/site-contact";
import { SUPPORT_LIMITS } from "~/modules/support/internal/limits.server";
import { parseSupportRequest, type SupportInput } from "~/modules/support/support-input";
import {
  answerSupportRequest,
  helpPage,
  listSupportInbox,
  readSupportRequest,
  sendSupportRequest,
} from "~/modules/support/support-requests.server";
import { getSupportSettings, updateSupportSettings } from "~/modules/support/support-settings.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

/** A fresh client address per call, so per-address limits never carry over between tests. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const MISSING = "00000000-0000-4000-8000-000000000000";
const services = (db: Database) => ({ db, site: testSite() });

function input(values: Partial<Record<"subject" | "message" | "listingId", string>> = {}): SupportInput {
  const parsed = parseSupportRequest(
    new Map(Object.entries({ subject: "Photos out of order", message: "How do I reorder them?", ...values })),
  );
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher.close();
});

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEachDatabase("support requests", (use) => {
  it("stores a request and queues its e-mail to staff; an active landlord's is Priority with its due time", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord", firstName: "Lou", lastName: "Park" });
    const listingId = await createTestListing(db, { landlordId: landlord.id, title: "Sunny room off Degraves" });
    // Tuesday 1 December 2026, 10:00 in Melbourne.
    const now = new Date("2026-11-30T23:00:00Z");
    const sent = await sendSupportRequest(services(db), landlord, input({ listingId }), {
      clientAddress: address(),
      now,
    });
    expect(sent).toMatchObject({ ok: true, priority: true });
    if (!sent.ok) return;
    const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, sent.id));
    expect(row).toMatchObject({ userId: landlord.id, listingId, priority: true, answer: null });
    expect(row?.answerDueAt?.toISOString()).toBe("2026-12-01T23:00:00.000Z");

    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEFAULT_SITE_CONTACT.landlordsEmail));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Priority support request: Photos out of order");
    expect(mail[0]?.text).toContain(`/admin/support/${sent.id}`);
    expect(mail[0]?.text).toContain("“Sunny room off Degraves”");

    const page = await helpPage(db, landlord, now);
    expect(page).toMatchObject({
      priority: true,
      promise: "1 business day",
      listings: [{ id: listingId, title: "Sunny room off Degraves" }],
      requests: [{ id: sent.id, priority: true, listingTitle: "Sunny room off Degraves", answer: null }],
    });
  });

  it("a renter's or lapsed landlord's request is not Priority and goes to the general address", async () => {
    const { db } = use();
    for (const viewer of [
      await createTestViewer(db),
      await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" }),
    ]) {
      const sent = await sendSupportRequest(services(db), viewer, input(), { clientAddress: address() });
      expect(sent).toMatchObject({ ok: true, priority: false });
      expect((await helpPage(db, viewer)).priority).toBe(false);
    }
    const rows = await db.select().from(supportRequests);
    expect(rows.map((row) => [row.priority, row.answerDueAt])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEFAULT_SITE_CONTACT.generalEmail))).toHaveLength(
      2,
    );
  });

  it("uses the promised business days from the site settings", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const staff = await createTestViewer(db, { role: "staff" });
    expect(await updateSupportSettings(db, staff, { priorityAnswerDays: 3 }, { clientAddress: "127.0.0.1" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await updateSupportSettings(db, admin, { priorityAnswerDays: 3 }, { clientAddress: "127.0.0.1" })).toEqual({
      ok: true,
    });
    expect(await getSupportSettings(db)).toEqual({ priorityAnswerDays: 3 });
    const landlord = await createTestViewer(db, { role: "landlord" });
    // Friday 4 December 2026, 16:30 in Melbourne: three business days later is Wednesday.
    const sent = await sendSupportRequest(services(db), landlord, input(), {
      clientAddress: address(),
      now: new Date("2026-12-04T05:30:00Z"),
    });
    if (!sent.ok) throw new Error(sent.reason);
    const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, sent.id));
    expect(row?.answerDueAt?.toISOString()).toBe("2026-12-09T05:30:00.000Z");
    expect((await helpPage(db, landlord)).promise).toBe("3 business days");
  });

  it("lists Priority first in the inbox, above older requests, and flags the overdue ones", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const renter = await createTestViewer(db);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const monday = new Date("2026-11-30T00:00:00Z"); // Monday 11:00 in Melbourne
    const older = await sendSupportRequest(services(db), renter, input({ subject: "Older" }), {
      clientAddress: address(),
      now: monday,
    });
    const priority = await sendSupportRequest(services(db), landlord, input({ subject: "Priority" }), {
      clientAddress: address(),
      now: new Date(monday.getTime() + 60_000),
    });
    if (!older.ok || !priority.ok) throw new Error("not sent");

    const onTime = await listSupportInbox(db, staff, { page: 1, now: new Date("2026-11-30T23:00:00Z") });
    expect(onTime).toMatchObject({ ok: true, total: 2, open: 2, overdue: 0 });
    if (!onTime.ok) return;
    expect(onTime.rows.map((row) => [row.subject, row.priority, row.overdue])).toEqual([
      ["Priority", true, false],
      ["Older", false, false],
    ]);
    // Past Tuesday 11:01 in Melbourne the priority request is overdue; the renter's has no promise.
    const late = await listSupportInbox(db, staff, { page: 1, now: new Date("2026-12-01T00:02:00Z") });
    expect(late).toMatchObject({ ok: true, overdue: 1, rows: [{ overdue: true }, { overdue: false }] });

    // Answered requests go after the open ones.
    await answerSupportRequest(services(db), staff, { id: priority.id, answer: "Done." }, { clientAddress: "::1" });
    const after = await listSupportInbox(db, staff, { page: 1, now: new Date("2026-12-01T00:02:00Z") });
    expect(after.ok && after.rows.map((row) => row.subject)).toEqual(["Older", "Priority"]);
    expect(after).toMatchObject({ open: 1, overdue: 0 });
  });

  it("staff answer: stored, audited, e-mailed to the sender over SMTP and shown on their Help page", async () => {
    const { db, kind } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const renter = await createTestViewer(db, { email: `help-${kind}-${randomInt(1e9)}@example.com` });
    const sent = await sendSupportRequest(services(db), renter, input(), { clientAddress: address() });
    if (!sent.ok) throw new Error(sent.reason);
    const answer = "Open Your Properties and drag the photos into order.";
    expect(await answerSupportRequest(services(db), staff, { id: sent.id, answer }, { clientAddress: "::1" })).toEqual({
      ok: true,
    });
    // Answered once: a second answer is refused and changes nothing.
    expect(
      await answerSupportRequest(services(db), staff, { id: sent.id, answer: "Again" }, { clientAddress: "::1" }),
    ).toEqual({ ok: false, reason: "already-answered" });

    const page = await helpPage(db, renter);
    expect(page.requests).toMatchObject([{ id: sent.id, answer }]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, sent.id));
    expect(audit).toMatchObject([{ action: "support-request.answer", actorId: staff.id }]);

    const transport = createMailTransport({ smtpUrl: catcher.url, from: "Laneway Rooms <no-reply@example.com>" });
    await deliverQueuedMail(db, transport, { keepBodies: false, logger: quietLogger });
    const caught = await catcher.waitFor((message) => message.to.includes(renter.email));
    expect(caught.subject).toBe("Your support request has been answered: Photos out of order");
    expect(caught.text).toContain(answer);
    expect(caught.text).toContain("/settings/help");
  });

  it("refuses another user's request, a non-staff answer and someone else's listing, changing nothing", async () => {
    const { db } = use();
    const owner = await createTestViewer(db);
    const other = await createTestViewer(db);
    const otherLandlord = await createTestViewer(db, { role: "landlord" });
    const landlordListing = await createTestListing(db, { landlordId: otherLandlord.id });
    const sent = await sendSupportRequest(services(db), owner, input(), { clientAddress: address() });
    if (!sent.ok) throw new Error(sent.reason);

    const checksums = await tableChecksums(db);
    const before = await checksums();
    // Viewing: the owner and staff only; others meet not-found, as do malformed and missing ids.
    expect(await readSupportRequest(db, owner, sent.id)).toMatchObject({ ok: true });
    expect(await readSupportRequest(db, other, sent.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await readSupportRequest(db, owner, MISSING)).toEqual({ ok: false, reason: "not-found" });
    expect(await readSupportRequest(db, owner, "1' or '1'='1")).toEqual({ ok: false, reason: "not-found" });
    expect((await helpPage(db, other)).requests).toEqual([]);
    // Answering: the owner, another user and a landlord are not staff.
    for (const viewer of [owner, other, otherLandlord]) {
      expect(
        await answerSupportRequest(services(db), viewer, { id: sent.id, answer: "Mine" }, { clientAddress: "::1" }),
      ).toEqual({ ok: false, reason: "forbidden" });
      expect(await listSupportInbox(db, viewer, { page: 1 })).toEqual({ ok: false, reason: "forbidden" });
    }
    // A listing that is not theirs, or none at all.
    for (const listingId of [landlordListing, MISSING]) {
      expect(await sendSupportRequest(services(db), other, input({ listingId }), { clientAddress: address() })).toEqual(
        { ok: false, reason: "not-your-listing" },
      );
    }
    expect(await checksums()).toEqual(before);
  });

  it("limits a flood per account and per address through the one limiter", async () => {
    const { db } = use();
    const flooder = await createTestViewer(db);
    for (let index = 0; index < SUPPORT_LIMITS.perAccountPerDay; index += 1) {
      expect(await sendSupportRequest(services(db), flooder, input(), { clientAddress: address() })).toMatchObject({
        ok: true,
      });
    }
    const refused = await sendSupportRequest(services(db), flooder, input(), { clientAddress: address() });
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(refused.ok === false && refused.reason === "rate-limited" && refused.retryAfterSeconds).toBeGreaterThan(0);

    const shared = address();
    for (let index = 0; index < SUPPORT_LIMITS.perAddressPerDay; index += 1) {
      const viewer = await createTestViewer(db);
      expect(await sendSupportRequest(services(db), viewer, input(), { clientAddress: shared })).toMatchObject({
        ok: true,
      });
    }
    const fresh = await createTestViewer(db);
    expect(await sendSupportRequest(services(db), fresh, input(), { clientAddress: shared })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // Refused requests stored nothing.
    expect(await db.select().from(supportRequests)).toHaveLength(
      SUPPORT_LIMITS.perAccountPerDay + SUPPORT_LIMITS.perAddressPerDay,
    );
  });
});
