import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { conversationMessages, conversations, mailOutbox } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import { blockOtherSide, reportConversation, unblockOtherSide } from "~/modules/enquiries/blocks.server";
import { declineEnquiry, replyToConversation } from "~/modules/enquiries/conversations.server";
import { suspendSender } from "~/modules/enquiries/moderation.server";
import { ENQUIRY_LIMITS } from "~/modules/enquiries/internal/limits.server";
import { createApi, type Api } from "~/server/api/app";
import { createTestApiKey, createTestConversation, createTestViewer } from "~/tests/support/factories";
import { call } from "~/tests/support/api-client";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testServices, testSite } from "~/tests/support/services";

const silent = { error: () => undefined };
const NOT_FOUND = "This conversation doesn't exist or isn't yours.";
const MISSING = "00000000-0000-4000-8000-000000000000";
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** What a refused request must leave alone: the conversation row (read marks, status) and its messages. */
async function snapshot(db: Database, id: string) {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, id));
  const messages = await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, id));
  const mail = await db.select().from(mailOutbox);
  return { conversation, messages: messages.length, mail: mail.length };
}

describeEachDatabase("REST API: enquiries", (use) => {
  let db: Database;
  let api: Api;
  beforeEach(() => {
    db = use().db;
    api = createApi({
      database: () => db,
      services: testServices(db),
      logger: silent,
      production: false,
      rateLimit: { limit: 1000, windowSeconds: 60 },
      rateLimitStore: { kind: "memory" },
    });
    clearApiKeyCache();
  });

  async function holder(role: Viewer["role"], scope: "read_write" | "read" = "read_write") {
    const viewer = await createTestViewer(db, { role });
    const { key } = await createTestApiKey(db, viewer, { scope });
    return { viewer, key };
  }

  it("lets only the two participants list, read and reply; everyone else changes nothing", async () => {
    const owner = await holder("landlord");
    // The enquirer holds a key only because they are a landlord too; a plain tenant cannot hold one.
    const enquirer = await holder("landlord");
    const other = await holder("landlord");
    const staff = await holder("staff");
    const admin = await holder("admin");
    const tenant = await createTestViewer(db);
    await expect(createTestApiKey(db, tenant)).rejects.toThrow();
    const { conversationId: id } = await createTestConversation(db, enquirer.viewer, owner.viewer);

    for (const [actor, side] of [
      [other, null],
      [staff, null],
      [admin, null],
      [owner, "landlord"],
      [enquirer, "tenant"],
    ] as const) {
      const key = actor.key;
      const before = await snapshot(db, id);

      const list = await call(api, "GET", "/api/enquiries", { key });
      expect(list.status).toBe(200);
      const listed = list.json?.data as { id: string; side: string }[];
      expect(listed.map((entry) => entry.id)).toEqual(side ? [id] : []);

      const read = await call(api, "GET", `/api/enquiries/${id}`, { key });
      if (side) {
        expect(read.status).toBe(200);
        expect(read.json).toMatchObject({ id, side, messages: expect.any(Array) });
      } else {
        expect(read.status).toBe(404);
        expect(read.headers.get("content-type")).toBe("application/problem+json");
        expect(read.json).toMatchObject({ status: 404, detail: NOT_FOUND });
      }
      // Reading through the API never moves a read mark, participant or not.
      expect(await snapshot(db, id)).toEqual(before);

      const reply = await call(api, "POST", `/api/enquiries/${id}/messages`, { key, body: { body: `From ${side}` } });
      if (side) {
        expect(reply.status).toBe(201);
        expect(reply.json).toMatchObject({ from: "you", author_name: "You", body: `From ${side}` });
        expect(reply.headers.get("location")).toBe(`/api/enquiries/${id}`);
        expect((await snapshot(db, id)).messages).toBe(before.messages + 1);
      } else {
        expect(reply.status).toBe(404);
        expect(reply.json?.detail).toBe(NOT_FOUND);
        expect(await snapshot(db, id)).toEqual(before);
      }
    }

    // Each side sees the other's reply, under the other's public name.
    const thread = await call(api, "GET", `/api/enquiries/${id}`, { key: owner.key });
    const messages = thread.json?.messages as { from: string; body: string }[];
    expect(messages.map((message) => [message.from, message.body]).slice(-2)).toEqual([
      ["you", "From landlord"],
      ["them", "From tenant"],
    ]);
  });

  it("refuses requests without a key and writes with a read-only key, changing nothing", async () => {
    const owner = await holder("landlord");
    const enquirer = await createTestViewer(db);
    const { conversationId: id } = await createTestConversation(db, enquirer, owner.viewer);
    const { key: readOnly } = await createTestApiKey(db, owner.viewer, { scope: "read" });
    const before = await snapshot(db, id);

    for (const [method, path] of [
      ["GET", "/api/enquiries"],
      ["GET", `/api/enquiries/${id}`],
      ["POST", `/api/enquiries/${id}/messages`],
    ] as const) {
      const answer = await call(api, method, path, method === "POST" ? { body: { body: "Hello" } } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toContain("Bearer");
    }
    expect((await call(api, "GET", "/api/enquiries", { key: readOnly })).status).toBe(200);
    expect((await call(api, "GET", `/api/enquiries/${id}`, { key: readOnly })).status).toBe(200);
    const write = await call(api, "POST", `/api/enquiries/${id}/messages`, {
      key: readOnly,
      body: { body: "Hello" },
    });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ status: 403, detail: "This API key is read-only." });
    expect(await snapshot(db, id)).toEqual(before);
  });

  it("e-mails the other side through the outbox, and shows the landlord's contact only after their reply", async () => {
    const owner = await holder("landlord");
    const enquirer = await holder("landlord");
    const { conversationId: id } = await createTestConversation(db, enquirer.viewer, owner.viewer, {
      listing: { landlordEmail: "owner.private@example.com", landlordPhone: "+61 400 000 222" },
    });
    const before = await call(api, "GET", `/api/enquiries/${id}`, { key: enquirer.key });
    expect(before.json?.landlord_contact).toBeNull();

    expect(
      (await call(api, "POST", `/api/enquiries/${id}/messages`, { key: owner.key, body: { body: "Come Saturday." } }))
        .status,
    ).toBe(201);
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, enquirer.viewer.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("Come Saturday.");
    expect(mail[0]?.text).toContain(`/settings/enquiries/${id}`);
    const after = await call(api, "GET", `/api/enquiries/${id}`, { key: enquirer.key });
    expect(after.json?.landlord_contact).toEqual({
      email: "owner.private@example.com",
      phone: "+61 400 000 222",
    });
    // The landlord never gets their own contact details back as if they were the other side's.
    expect((await call(api, "GET", `/api/enquiries/${id}`, { key: owner.key })).json?.landlord_contact).toBeNull();
  });

  it("refuses an empty or over-long body, unknown fields and malformed or unknown ids, changing nothing", async () => {
    const owner = await holder("landlord");
    const enquirer = await createTestViewer(db);
    const { conversationId: id } = await createTestConversation(db, enquirer, owner.viewer);
    const before = await snapshot(db, id);
    const path = `/api/enquiries/${id}/messages`;

    const tooLong = await call(api, "POST", path, { key: owner.key, body: { body: "x".repeat(4001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json?.errors).toEqual([
      { field: "body", message: "Your message must be at most 4,000 characters." },
    ]);
    const blank = await call(api, "POST", path, { key: owner.key, body: { body: "   " } });
    expect(blank.json?.errors).toEqual([{ field: "body", message: "Please write a message." }]);
    const unknown = await call(api, "POST", path, { key: owner.key, body: { body: "Hi", to: "someone" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.errors).toEqual([expect.objectContaining({ message: "Unknown field: to" })]);
    const notJson = await call(api, "POST", path, { key: owner.key, body: "{not json" });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get("content-type")).toBe("application/problem+json");

    for (const guess of ["not-a-uuid", MISSING, `${id}x`, "%27%20or%201=1--"]) {
      expect((await call(api, "GET", `/api/enquiries/${guess}`, { key: owner.key })).json).toMatchObject({
        status: 404,
        detail: NOT_FOUND,
      });
      const posted = await call(api, "POST", `/api/enquiries/${guess}/messages`, {
        key: owner.key,
        body: { body: "Hello" },
      });
      expect(posted.status).toBe(404);
    }
    expect((await call(api, "GET", "/api/enquiries?cursor=bogus", { key: owner.key })).status).toBe(400);
    expect((await call(api, "GET", "/api/enquiries?limit=1000", { key: owner.key })).status).toBe(400);
    expect(await snapshot(db, id)).toEqual(before);
  });

  it("answers 409 for a closed conversation, 403 when blocked or suspended and 429 with Retry-After when rate-limited", async () => {
    const owner = await holder("landlord");
    const enquirer = await holder("landlord");
    const closed = await createTestConversation(db, enquirer.viewer, owner.viewer);
    await declineEnquiry({ db, site: testSite() }, owner.viewer, closed.conversationId, { clientAddress: address() });
    const blocked = await createTestConversation(db, enquirer.viewer, owner.viewer);
    await blockOtherSide(db, enquirer.viewer, blocked.conversationId);

    for (const [{ conversationId }, status, detail] of [
      [closed, 409, "This conversation is closed: no more messages can be sent."],
      [blocked, 403, "Messages between you and this person are blocked."],
    ] as const) {
      const before = await snapshot(db, conversationId);
      const answer = await call(api, "POST", `/api/enquiries/${conversationId}/messages`, {
        key: owner.key,
        body: { body: "Hello?" },
      });
      expect(answer.json).toMatchObject({ status, detail });
      expect(await snapshot(db, conversationId)).toEqual(before);
    }

    // Staff suspend a sender of a reported conversation: their key can no longer write.
    const sender = await holder("landlord");
    const reported = await createTestConversation(db, sender.viewer, owner.viewer);
    await reportConversation(db, owner.viewer, reported.conversationId, { clientAddress: address() });
    const staff = await createTestViewer(db, { role: "staff" });
    expect(
      await suspendSender(
        db,
        staff,
        { conversationId: reported.conversationId, userId: sender.viewer.id, reason: "Spam" },
        { clientAddress: address() },
      ),
    ).toMatchObject({ ok: true });
    const beforeSuspended = await snapshot(db, reported.conversationId);
    const suspended = await call(api, "POST", `/api/enquiries/${reported.conversationId}/messages`, {
      key: sender.key,
      body: { body: "Buy now" },
    });
    expect(suspended.json).toMatchObject({
      status: 403,
      detail: "Your account can't send messages at the moment. Please contact us if you think this is a mistake.",
    });
    expect(await snapshot(db, reported.conversationId)).toEqual(beforeSuspended);

    const open = await createTestConversation(db, await createTestViewer(db), owner.viewer);
    for (let index = 0; index < ENQUIRY_LIMITS.messagesPerHour; index += 1) {
      const sent = await replyToConversation(
        { db, site: testSite() },
        owner.viewer,
        { conversationId: open.conversationId, body: `m${index}` },
        { clientAddress: address() },
      );
      expect(sent.ok).toBe(true);
    }
    const before = await snapshot(db, open.conversationId);
    const limited = await call(api, "POST", `/api/enquiries/${open.conversationId}/messages`, {
      key: owner.key,
      body: { body: "One more" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json?.detail).toBe("You've sent a lot of messages. Please wait a while and try again.");
    expect(await snapshot(db, open.conversationId)).toEqual(before);
  });

  it("sends a reply once per Idempotency-Key and refuses the key reused for another body", async () => {
    const owner = await holder("landlord");
    const enquirer = await createTestViewer(db);
    const { conversationId: id } = await createTestConversation(db, enquirer, owner.viewer);
    const path = `/api/enquiries/${id}/messages`;
    const headers = { "Idempotency-Key": "reply-1" };
    const first = await call(api, "POST", path, { key: owner.key, body: { body: "Once" }, headers });
    const retry = await call(api, "POST", path, { key: owner.key, body: { body: "Once" }, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    const before = await snapshot(db, id);
    const reused = await call(api, "POST", path, { key: owner.key, body: { body: "Twice" }, headers });
    expect(reused.status).toBe(422);
    expect(await snapshot(db, id)).toEqual(before);
    const bodies = await db
      .select({ body: conversationMessages.body })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, id));
    expect(bodies.filter((row) => row.body === "Once")).toHaveLength(1);

    // A refused reply claims nothing: the same key works once the reason is gone.
    const blockedAt = await createTestConversation(db, enquirer, owner.viewer);
    await blockOtherSide(db, owner.viewer, blockedAt.conversationId);
    const retryHeaders = { "Idempotency-Key": "reply-2" };
    const blockedPath = `/api/enquiries/${blockedAt.conversationId}/messages`;
    const refusedFirst = await call(api, "POST", blockedPath, {
      key: owner.key,
      body: { body: "Hi" },
      headers: retryHeaders,
    });
    expect(refusedFirst.status).toBe(403);
    await unblockOtherSide(db, owner.viewer, blockedAt.conversationId);
    const sent = await call(api, "POST", blockedPath, { key: owner.key, body: { body: "Hi" }, headers: retryHeaders });
    expect(sent.status).toBe(201);
    expect(sent.headers.get("idempotent-replayed")).toBeNull();
  });

  it("pages through both sides' conversations, newest first, without repeats", async () => {
    const owner = await holder("landlord");
    const enquirer = await createTestViewer(db);
    const asLandlord = [];
    for (let index = 0; index < 3; index += 1) {
      asLandlord.push((await createTestConversation(db, enquirer, owner.viewer)).conversationId);
    }
    const elsewhere = await createTestViewer(db, { role: "landlord" });
    const asTenant = (await createTestConversation(db, owner.viewer, elsewhere)).conversationId;
    // Distinct start times, a minute apart, so the expected order does not hang on the clock.
    for (const [index, id] of [...asLandlord, asTenant].entries()) {
      await db
        .update(conversations)
        .set({ createdAt: new Date(Date.UTC(2026, 10, 1, 12, index)) })
        .where(eq(conversations.id, id));
    }

    const first = await call(api, "GET", "/api/enquiries?limit=3", { key: owner.key });
    expect(first.json?.has_more).toBe(true);
    const second = await call(api, "GET", `/api/enquiries?limit=3&cursor=${String(first.json?.next_cursor)}`, {
      key: owner.key,
    });
    expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
    const entries = [
      ...(first.json?.data as { id: string; side: string }[]),
      ...(second.json?.data as { id: string; side: string }[]),
    ];
    expect(entries.map((entry) => entry.id)).toEqual([asTenant, ...asLandlord.reverse()]);
    expect(entries.map((entry) => entry.side)).toEqual(["tenant", "landlord", "landlord", "landlord"]);
  });
});
