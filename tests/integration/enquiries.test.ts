import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, conversationMessages, conversations, listings, mailOutbox, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { blockOtherSide, reportConversation, unblockOtherSide } from "~/modules/enquiries/blocks.server";
import {
  declineEnquiry,
  markLet,
  markRead,
  NOTICES,
  readThread,
  replyToConversation,
  startEnquiry,
} from "~/modules/enquiries/conversations.server";
import { listInbox, unreadCount } from "~/modules/enquiries/inbox.server";
import { usualReplyHours } from "~/modules/enquiries/reply-time.server";
import { parseEnquiry } from "~/modules/enquiries/enquiry-input";
import { ENQUIRY_LIMITS } from "~/modules/enquiries/internal/limits.server";
import { listReviewConversations, suspendSender } from "~/modules/enquiries/moderation.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testSite } from "~/tests/support/services";

const writer = (db: Database) => ({ db, site: testSite() });

/** A fresh client address per call, so per-address limits never carry over between tests. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const MISSING = "00000000-0000-4000-8000-000000000000";

function enquiry(message = "Hi, I'd love to see the room this weekend.") {
  const parsed = parseEnquiry(
    new Map(Object.entries({ moveInDate: "2030-01-15", leaseMonths: "6", message, phone: "" })),
  );
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function setup(db: Database) {
  const tenant = await createTestViewer(db, { firstName: "Tia", lastName: "Nguyen" });
  const landlord = await createTestViewer(db, { role: "landlord", firstName: "Lou", lastName: "Park" });
  const stranger = await createTestViewer(db);
  const listingId = await createTestListing(db, {
    landlordId: landlord.id,
    landlordEmail: "lou.private@example.com",
    landlordPhone: "+61 400 000 111",
  });
  return { tenant, landlord, stranger, listingId };
}

async function outboxTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describeEachDatabase("enquiries", (use) => {
  it("runs the whole loop: enquiry, e-mail to the landlord, reply, e-mail to the tenant, unread counts", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address() },
    );
    expect(started).toMatchObject({ ok: true, value: { flagged: false } });
    if (!started.ok) return;
    const id = started.value.conversationId;

    const landlordMail = await outboxTo(db, landlord.email);
    expect(landlordMail).toHaveLength(1);
    expect(landlordMail[0]?.subject).toContain("New enquiry about");
    expect(landlordMail[0]?.text).toContain(`/settings/enquiries/${id}`);
    expect(await unreadCount(db, landlord)).toBe(1);
    expect(await unreadCount(db, tenant)).toBe(0);

    const landlordInbox = await listInbox(db, landlord);
    expect(landlordInbox).toMatchObject([
      { id, side: "landlord", otherName: "Tia N.", unread: true, invitation: null },
    ]);

    // Before the landlord replies the tenant sees no contact details; after, they do.
    expect((await readThread(db, tenant, id))?.landlordContact).toBeNull();
    const thread = await readThread(db, landlord, id);
    expect(thread).toMatchObject({ side: "landlord", moveInDate: "2030-01-15", leaseMonths: 6, canClose: true });
    expect(await unreadCount(db, landlord)).toBe(0);

    expect(
      await replyToConversation(
        writer(db),
        landlord,
        { conversationId: id, body: "Sure, Saturday at 10?" },
        { clientAddress: address() },
      ),
    ).toMatchObject({ ok: true });
    expect(await outboxTo(db, tenant.email)).toHaveLength(1);
    expect(await unreadCount(db, tenant)).toBe(1);
    const tenantThread = await readThread(db, tenant, id);
    expect(tenantThread?.messages.map((message) => [message.from, message.body])).toEqual([
      ["you", "Hi, I'd love to see the room this weekend."],
      ["them", "Sure, Saturday at 10?"],
    ]);
    expect(tenantThread?.landlordContact).toEqual({ email: "lou.private@example.com", phone: "+61 400 000 111" });
    expect(await unreadCount(db, tenant)).toBe(0);
  });

  it("e-mails a side at most once per 15 minutes while unread, and again once they have read it", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    // An hour ago, so reading the thread "now" comes after every e-mail below.
    const t0 = new Date(Date.now() - 3600_000);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address(), now: t0 },
    );
    if (!started.ok) throw new Error(started.reason);
    const id = started.value.conversationId;
    const at = (minutes: number) => ({ clientAddress: address(), now: new Date(t0.getTime() + minutes * 60_000) });
    await replyToConversation(writer(db), landlord, { conversationId: id, body: "One" }, at(1));
    await replyToConversation(writer(db), landlord, { conversationId: id, body: "Two" }, at(2));
    await replyToConversation(writer(db), landlord, { conversationId: id, body: "Three" }, at(10));
    expect(await outboxTo(db, tenant.email)).toHaveLength(1);
    await replyToConversation(writer(db), landlord, { conversationId: id, body: "Four" }, at(17));
    expect(await outboxTo(db, tenant.email)).toHaveLength(2);
    await markRead(db, tenant, id);
    await replyToConversation(writer(db), landlord, { conversationId: id, body: "Five" }, at(18));
    expect(await outboxTo(db, tenant.email)).toHaveLength(3);
    // Every message is stored whatever happened to the e-mails.
    expect(
      await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, id)),
    ).toHaveLength(6);
  });

  it("refuses strangers, guessed and malformed ids, and changes nothing", async () => {
    const { db } = use();
    const { tenant, landlord, stranger, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address() },
    );
    if (!started.ok) throw new Error(started.reason);
    const id = started.value.conversationId;
    const before = await db.select().from(conversationMessages);
    for (const guess of [id, MISSING, "not-a-uuid", "' or 1=1 --"]) {
      expect(await readThread(db, stranger, guess)).toBeNull();
      expect(
        await replyToConversation(
          writer(db),
          stranger,
          { conversationId: guess, body: "hi" },
          { clientAddress: address() },
        ),
      ).toEqual({ ok: false, reason: "not-found" });
      expect(await declineEnquiry(writer(db), stranger, guess, { clientAddress: address() })).toEqual({
        ok: false,
        reason: "not-found",
      });
      expect(
        await markLet(
          writer(db),
          stranger,
          { conversationId: guess, setListingLet: true, notifyOthers: true },
          { clientAddress: address() },
        ),
      ).toEqual({ ok: false, reason: "not-found" });
      expect(await markRead(db, stranger, guess)).toEqual({ ok: false, reason: "not-found" });
      expect(await blockOtherSide(db, stranger, guess)).toEqual({ ok: false, reason: "not-found" });
      expect(await reportConversation(db, stranger, guess, { clientAddress: address() })).toEqual({
        ok: false,
        reason: "not-found",
      });
    }
    expect(await listInbox(db, stranger)).toEqual([]);
    // The tenant may not close their own enquiry as if they were the landlord.
    expect(await declineEnquiry(writer(db), tenant, id, { clientAddress: address() })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(
      await markLet(
        writer(db),
        tenant,
        { conversationId: id, setListingLet: true, notifyOthers: true },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "forbidden" });
    expect(await db.select().from(conversationMessages)).toEqual(before);
    const [listing] = await db.select().from(listings).where(eq(listings.listingId, listingId));
    expect(listing?.status).toBe("available");
    // Staff and admins do not read private threads either.
    const admin = await createTestViewer(db, { role: "admin" });
    expect(await readThread(db, admin, id)).toBeNull();
    expect(landlord.id).not.toBe(admin.id);
  });

  it("refuses enquiries on a missing, let or unowned listing, on one's own, and a second one on the same listing", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const meta = { clientAddress: address() };
    expect(await startEnquiry(writer(db), tenant, { listingId: MISSING, enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await startEnquiry(writer(db), tenant, { listingId: "x", enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const letListing = await createTestListing(db, { landlordId: landlord.id, status: "let" });
    expect(await startEnquiry(writer(db), tenant, { listingId: letListing, enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "unavailable",
    });
    const ownerless = await createTestListing(db);
    expect(await startEnquiry(writer(db), tenant, { listingId: ownerless, enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await startEnquiry(writer(db), landlord, { listingId, enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "own-listing",
    });
    const first = await startEnquiry(writer(db), tenant, { listingId, enquiry: enquiry() }, meta);
    if (!first.ok) throw new Error(first.reason);
    expect(await startEnquiry(writer(db), tenant, { listingId, enquiry: enquiry() }, meta)).toEqual({
      ok: false,
      reason: "already-enquired",
      conversationId: first.value.conversationId,
    });
    expect(await db.select().from(conversations)).toHaveLength(1);
  });

  it("validates the enquiry form with clear messages", () => {
    const parse = (values: Record<string, string>) => parseEnquiry(new Map(Object.entries(values)), "2030-01-01");
    expect(parse({ moveInDate: "", leaseMonths: "", message: " ", phone: "" })).toMatchObject({
      success: false,
      errors: {
        moveInDate: "Please choose your move-in date.",
        leaseMonths: "Please choose a lease length.",
        message: "Please write a message.",
      },
    });
    expect(
      parse({ moveInDate: "2029-12-31", leaseMonths: "13", message: "x".repeat(4001), phone: "call me" }),
    ).toMatchObject({
      success: false,
      errors: {
        moveInDate: "Please choose a move-in date from today onwards.",
        leaseMonths: "Please choose a lease length between 3 and 12 months.",
        message: "Your message must be at most 4,000 characters.",
        phone: "Please enter a valid phone number, or leave it empty.",
      },
    });
    expect(parse({ moveInDate: "2030-02-30", leaseMonths: "2", message: "hi", phone: "" })).toMatchObject({
      success: false,
    });
    expect(parse({ moveInDate: "2030-02-01", leaseMonths: "12", message: " hi ", phone: "0400 000 000" })).toEqual({
      success: true,
      data: { moveInDate: "2030-02-01", leaseMonths: 12, message: "hi", phone: "0400 000 000" },
    });
  });

  it("declines politely, and marking let closes the others with a notice, an e-mail and the listing let", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const other = await createTestViewer(db);
    const third = await createTestViewer(db);
    const ids: string[] = [];
    for (const who of [tenant, other, third]) {
      const started = await startEnquiry(
        writer(db),
        who,
        { listingId, enquiry: enquiry() },
        { clientAddress: address() },
      );
      if (!started.ok) throw new Error(started.reason);
      ids.push(started.value.conversationId);
    }
    const [mine, theirs, declined] = ids as [string, string, string];
    expect(await declineEnquiry(writer(db), landlord, declined, { clientAddress: address() })).toEqual({
      ok: true,
      value: null,
    });
    expect((await readThread(db, third, declined))?.messages.at(-1)).toMatchObject({
      from: "notice",
      body: NOTICES.declined,
    });
    expect(
      await replyToConversation(
        writer(db),
        third,
        { conversationId: declined, body: "please?" },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "closed" });

    expect(
      await markLet(
        writer(db),
        landlord,
        { conversationId: mine, setListingLet: true, notifyOthers: true },
        { clientAddress: address() },
      ),
    ).toEqual({
      ok: true,
      value: { listingSetLet: true, othersNotified: 1 },
    });
    const [listing] = await db.select().from(listings).where(eq(listings.listingId, listingId));
    expect(listing?.status).toBe("let");
    expect((await readThread(db, other, theirs))?.messages.at(-1)).toMatchObject({ body: NOTICES.letToOthers });
    expect((await outboxTo(db, other.email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("New message about"),
    ]);
    expect((await readThread(db, tenant, mine))?.status).toBe("let");
    // Already closed: a second attempt is refused and nothing more is written.
    expect(
      await markLet(
        writer(db),
        landlord,
        { conversationId: mine, setListingLet: true, notifyOthers: true },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "closed" });
  });

  it("flags links and contact details in a first message for review, and staff can suspend the sender (audited)", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry("Pay the deposit at https://scam.example.com or call 0411 222 333") },
      { clientAddress: address() },
    );
    expect(started).toMatchObject({ ok: true, value: { flagged: true } });
    if (!started.ok) return;
    const id = started.value.conversationId;
    const admin = await createTestViewer(db, { role: "staff" });
    expect(await listReviewConversations(db, tenant)).toEqual({ ok: false, reason: "forbidden" });
    const review = await listReviewConversations(db, admin);
    expect(review).toMatchObject({ ok: true, value: [{ id, flagReason: expect.stringContaining("link") }] });

    // Only staff, only a participant, only with a reason.
    expect(
      await suspendSender(
        db,
        tenant,
        { conversationId: id, userId: tenant.id, reason: "spam" },
        { clientAddress: "127.0.0.1" },
      ),
    ).toEqual({ ok: false, reason: "forbidden" });
    expect(
      await suspendSender(
        db,
        admin,
        { conversationId: id, userId: admin.id, reason: "spam" },
        { clientAddress: "127.0.0.1" },
      ),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(
      await suspendSender(
        db,
        admin,
        { conversationId: id, userId: tenant.id, reason: " " },
        { clientAddress: "127.0.0.1" },
      ),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await db.select().from(auditLog)).toEqual([]);
    expect(
      await suspendSender(
        db,
        admin,
        { conversationId: id, userId: tenant.id, reason: "Deposit scam" },
        { clientAddress: "127.0.0.1" },
      ),
    ).toEqual({ ok: true, value: null });
    expect(await db.select().from(auditLog)).toMatchObject([
      { action: "user.suspend-messaging", targetId: tenant.id, actorId: admin.id, reason: "Deposit scam" },
    ]);

    const another = await createTestListing(db, { landlordId: landlord.id });
    expect(
      await startEnquiry(writer(db), tenant, { listingId: another, enquiry: enquiry() }, { clientAddress: address() }),
    ).toEqual({ ok: false, reason: "suspended" });
    expect(
      await replyToConversation(
        writer(db),
        tenant,
        { conversationId: id, body: "hello?" },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "suspended" });
  });

  it("lets either side block the other and report the conversation", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address() },
    );
    if (!started.ok) throw new Error(started.reason);
    const id = started.value.conversationId;
    expect(await blockOtherSide(db, landlord, id)).toEqual({ ok: true, value: null });
    expect(
      await replyToConversation(
        writer(db),
        tenant,
        { conversationId: id, body: "hello" },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "blocked" });
    expect(
      await replyToConversation(
        writer(db),
        landlord,
        { conversationId: id, body: "hello" },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "blocked" });
    const another = await createTestListing(db, { landlordId: landlord.id });
    expect(
      await startEnquiry(writer(db), tenant, { listingId: another, enquiry: enquiry() }, { clientAddress: address() }),
    ).toEqual({ ok: false, reason: "blocked" });
    expect(await reportConversation(db, tenant, id, { clientAddress: address() })).toEqual({ ok: true, value: null });
    const staff = await createTestViewer(db, { role: "staff" });
    expect(await listReviewConversations(db, staff)).toMatchObject({
      ok: true,
      value: [{ id, reportedAt: expect.any(String) }],
    });
  });

  it("unblocking restores writing both ways, but only the blocker's own block is lifted", async () => {
    const { db } = use();
    const { tenant, landlord, stranger, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address() },
    );
    if (!started.ok) throw new Error(started.reason);
    const id = started.value.conversationId;
    const send = (viewer: typeof tenant, body: string) =>
      replyToConversation(writer(db), viewer, { conversationId: id, body }, { clientAddress: address() });

    await blockOtherSide(db, landlord, id);
    // The blocked side cannot lift it, and nor can a stranger.
    expect(await unblockOtherSide(db, tenant, id)).toEqual({ ok: true, value: null });
    expect(await send(tenant, "still blocked?")).toEqual({ ok: false, reason: "blocked" });
    expect(await unblockOtherSide(db, stranger, id)).toEqual({ ok: false, reason: "not-found" });
    expect(await send(landlord, "still blocked?")).toEqual({ ok: false, reason: "blocked" });

    expect(await unblockOtherSide(db, landlord, id)).toEqual({ ok: true, value: null });
    expect(await send(tenant, "Thanks for unblocking")).toMatchObject({ ok: true });
    expect(await send(landlord, "No problem")).toMatchObject({ ok: true });
    expect((await readThread(db, landlord, id))?.canReply).toBe(true);
    expect((await readThread(db, tenant, id))?.canReply).toBe(true);
    expect((await readThread(db, tenant, id))?.canBlock).toBe(true);
    const another = await createTestListing(db, { landlordId: landlord.id });
    expect(
      await startEnquiry(writer(db), tenant, { listingId: another, enquiry: enquiry() }, { clientAddress: address() }),
    ).toMatchObject({ ok: true });

    // Both blocked: one side lifting theirs leaves the other's in place.
    await blockOtherSide(db, landlord, id);
    await blockOtherSide(db, tenant, id);
    await unblockOtherSide(db, landlord, id);
    expect(await send(landlord, "hello?")).toEqual({ ok: false, reason: "blocked" });
    expect(await send(tenant, "hello?")).toEqual({ ok: false, reason: "blocked" });
  });

  it("limits new enquiries per address across accounts, and refuses only that address", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const clientAddress = address();
    // Fewer enquiries per account than an account's own limit, so only the address's can refuse.
    const perTenant = ENQUIRY_LIMITS.enquiriesPerDayNewAccount - 2;
    const tenantCount = Math.ceil((ENQUIRY_LIMITS.enquiriesPerDayPerAddress + 1) / perTenant);
    const listingIds = [];
    for (let index = 0; index < perTenant; index += 1) {
      listingIds.push(await createTestListing(db, { landlordId: landlord.id }));
    }
    const results = [];
    let lastTenant = landlord;
    for (let tenantIndex = 0; tenantIndex < tenantCount; tenantIndex += 1) {
      lastTenant = await createTestViewer(db);
      for (const listingId of listingIds) {
        results.push(await startEnquiry(writer(db), lastTenant, { listingId, enquiry: enquiry() }, { clientAddress }));
      }
    }
    const allowed = ENQUIRY_LIMITS.enquiriesPerDayPerAddress;
    expect(results.slice(0, allowed).every((result) => result.ok)).toBe(true);
    for (const result of results.slice(allowed)) {
      expect(result).toMatchObject({ ok: false, reason: "rate-limited", retryAfterSeconds: expect.any(Number) });
    }
    expect(await db.select().from(conversations)).toHaveLength(allowed);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, landlord.email))).toHaveLength(allowed);

    // The last tenant, refused at that address, can still enquire from another one.
    const fresh = await createTestListing(db, { landlordId: landlord.id });
    expect(
      await startEnquiry(
        writer(db),
        lastTenant,
        { listingId: fresh, enquiry: enquiry() },
        { clientAddress: address() },
      ),
    ).toMatchObject({ ok: true });
  });

  it("limits messages per address across accounts", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const clientAddress = address();
    const perAccount = ENQUIRY_LIMITS.messagesPerHour - 1;
    const writers: { viewer: typeof landlord; conversationId: string }[] = [];
    for (let index = 0; index * perAccount <= ENQUIRY_LIMITS.messagesPerHourPerAddress; index += 1) {
      const tenant = await createTestViewer(db);
      const listingId = await createTestListing(db, { landlordId: landlord.id });
      const started = await startEnquiry(
        writer(db),
        tenant,
        { listingId, enquiry: enquiry() },
        { clientAddress: address() },
      );
      if (!started.ok) throw new Error(started.reason);
      writers.push({ viewer: tenant, conversationId: started.value.conversationId });
    }
    const results = [];
    for (const { viewer, conversationId } of writers) {
      for (let index = 0; index < perAccount; index += 1) {
        results.push(
          await replyToConversation(writer(db), viewer, { conversationId, body: `m${index}` }, { clientAddress }),
        );
      }
    }
    const allowed = ENQUIRY_LIMITS.messagesPerHourPerAddress;
    expect(results.slice(0, allowed).every((result) => result.ok)).toBe(true);
    expect(results[allowed]).toMatchObject({ ok: false, reason: "rate-limited" });
    const written = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(conversationMessages)
      .where(eq(conversationMessages.authorRole, "tenant"));
    // Each conversation's first message plus the allowed replies.
    expect(written[0]?.count).toBe(writers.length + allowed);
    const last = writers.at(-1);
    if (!last) throw new Error("no writer");
    expect(
      await replyToConversation(
        writer(db),
        last.viewer,
        { conversationId: last.conversationId, body: "from home" },
        { clientAddress: address() },
      ),
    ).toMatchObject({ ok: true });
  });

  it("limits new enquiries per new account and messages per account", async () => {
    const { db } = use();
    const { tenant, landlord } = await setup(db);
    const clientAddress = address();
    const results = [];
    for (let index = 0; index <= ENQUIRY_LIMITS.enquiriesPerDayNewAccount; index += 1) {
      const listingId = await createTestListing(db, { landlordId: landlord.id });
      results.push(await startEnquiry(writer(db), tenant, { listingId, enquiry: enquiry() }, { clientAddress }));
    }
    expect(results.slice(0, -1).every((result) => result.ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "rate-limited", retryAfterSeconds: expect.any(Number) });
    expect(await db.select().from(conversations)).toHaveLength(ENQUIRY_LIMITS.enquiriesPerDayNewAccount);

    const first = results[0];
    if (!first?.ok) throw new Error("no conversation");
    let last;
    for (let index = 0; index <= ENQUIRY_LIMITS.messagesPerHour; index += 1) {
      last = await replyToConversation(
        writer(db),
        landlord,
        { conversationId: first.value.conversationId, body: `m${index}` },
        { clientAddress: address() },
      );
    }
    expect(last).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("keeps the other side's copy readable, author anonymised, when an account is deleted", async () => {
    const { db } = use();
    const { tenant, landlord, listingId } = await setup(db);
    const started = await startEnquiry(
      writer(db),
      tenant,
      { listingId, enquiry: enquiry() },
      { clientAddress: address() },
    );
    if (!started.ok) throw new Error(started.reason);
    const id = started.value.conversationId;
    await replyToConversation(
      writer(db),
      landlord,
      { conversationId: id, body: "Come by Saturday" },
      { clientAddress: address() },
    );
    await db.delete(users).where(eq(users.id, tenant.id));
    const thread = await readThread(db, landlord, id);
    expect(thread).toMatchObject({ otherName: "Former member", canReply: false, canBlock: false });
    expect(thread?.messages.map((message) => [message.authorName, message.body])).toEqual([
      ["Former member", "Hi, I'd love to see the room this weekend."],
      ["You", "Come by Saturday"],
    ]);
    expect(
      await replyToConversation(
        writer(db),
        landlord,
        { conversationId: id, body: "Hello?" },
        { clientAddress: address() },
      ),
    ).toEqual({ ok: false, reason: "closed" });
    // A deleted listing leaves the thread too, with its title.
    await db.delete(listings).where(eq(listings.listingId, listingId));
    expect(await listInbox(db, landlord)).toMatchObject([{ id, listingId: null, photo: null }]);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(conversationMessages);
    expect(count?.n).toBe(2);
  });

  it("says how fast a landlord usually replies once there is enough history", async () => {
    const { db } = use();
    const { landlord, listingId } = await setup(db);
    expect(await usualReplyHours(db, landlord.id)).toBeNull();
    const t0 = new Date(Date.now() - 24 * 3600_000);
    for (const hours of [1, 2, 5]) {
      const tenant = await createTestViewer(db);
      const listing = hours === 1 ? listingId : await createTestListing(db, { landlordId: landlord.id });
      const started = await startEnquiry(
        writer(db),
        tenant,
        { listingId: listing, enquiry: enquiry() },
        { clientAddress: address(), now: t0 },
      );
      if (!started.ok) throw new Error(started.reason);
      await replyToConversation(
        writer(db),
        landlord,
        { conversationId: started.value.conversationId, body: "Hi" },
        { clientAddress: address(), now: new Date(t0.getTime() + hours * 3600_000) },
      );
    }
    expect(await usualReplyHours(db, landlord.id)).toBe(2);
  });
});
