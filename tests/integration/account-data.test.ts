import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  accounts,
  apiKeys,
  auditLog,
  favourites,
  listings,
  mailOutbox,
  photoUploads,
  listingPhotoUploads,
  profiles,
  renterDocuments,
  renterProfiles,
  renterReferences,
  savedSearches,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { SandboxPayments } from "~/lib/adapters/payments/sandbox-payments.server";
import { hashPassword } from "~/lib/password.server";
import { exportAccountData } from "~/modules/account-data/account-export.server";
import {
  deleteAccountOnRequest,
  deleteOwnAccount,
  requestDeletionCode,
  type DeletionDeps,
} from "~/modules/account-data/account-deletion.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { readThread, replyToConversation } from "~/modules/enquiries/conversations.server";
import {
  createTestApiKey,
  createTestConversation,
  createTestCustomer,
  createTestListing,
  createTestSubscription,
  createTestViewer,
} from "~/tests/support/factories";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

const PASSWORD = "correct horse battery";
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Storage that says which files were removed; URLs under /uploads/ are its own. */
function recordingStorage() {
  const deleted: string[] = [];
  return {
    deleted,
    keyFromUrl: (url: string) => (url.startsWith("/uploads/") ? url.slice("/uploads/".length) : undefined),
    deleteObject: async (key: string) => {
      deleted.push(key);
    },
  };
}

function deps(db: Database, { providerFails = false } = {}) {
  const cancelled: string[] = [];
  const storage = recordingStorage();
  const privateDeleted: string[] = [];
  const value: DeletionDeps = {
    db,
    storage,
    privateFiles: {
      delete: async (key) => {
        privateDeleted.push(key);
      },
    },
    payments: {
      cancelSubscriptions: async (customerId) => {
        if (providerFails) throw new Error("provider unavailable");
        cancelled.push(customerId);
      },
    },
    logger: { error: () => undefined },
  };
  return { deps: value, cancelled, deleted: storage.deleted, privateDeleted };
}

async function withPassword(db: Database, viewer: Viewer) {
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: viewer.id,
    providerId: "credential",
    userId: viewer.id,
    password: await hashPassword(PASSWORD),
  });
}

/** A landlord with a listing (two photo files), a tenant who enquired, favourited and saved a search. */
async function scene(db: Database) {
  const landlord = await createTestViewer(db, { role: "landlord", firstName: "Lou", lastName: "Park" });
  const tenant = await createTestViewer(db, { firstName: "Tia", lastName: "Nguyen" });
  const stranger = await createTestViewer(db, { firstName: "Sam", lastName: "Other" });
  await db
    .update(profiles)
    .set({ phone: "+61400111222", stripeCustomerId: `cus_${landlord.id}` })
    .where(eq(profiles.id, landlord.id));
  await createTestSubscription(db, landlord.id);
  await withPassword(db, landlord);
  await withPassword(db, tenant);
  const { conversationId, listingId } = await createTestConversation(db, tenant, landlord, {
    listing: {
      photos: [
        {
          url: "/uploads/listings/a/photo.webp",
          variants: [{ url: "/uploads/listings/a/photo-640.avif", width: 640, format: "avif" }],
        },
      ],
    },
  });
  const upload = randomUUID();
  await db
    .insert(photoUploads)
    .values({ id: upload, ownerId: landlord.id, keys: ["listings/a/photo.webp", "listings/a/photo-640.avif"] });
  await db.insert(listingPhotoUploads).values({ listingId, uploadId: upload });
  await replyToConversation(
    { db, site: testSite() },
    landlord,
    { conversationId, body: "Come by Saturday" },
    { clientAddress: address() },
  );
  const strangerListing = await createTestListing(db, { landlordId: stranger.id, title: "Stranger's secret room" });
  await db.insert(favourites).values({ userId: landlord.id, listingId: strangerListing });
  await db.insert(favourites).values({ userId: stranger.id, listingId });
  await db
    .insert(savedSearches)
    .values({ userId: landlord.id, name: "Fitzroy rooms", query: "where=Fitzroy", tokenNonce: "n1" });
  const apiKey = await createTestApiKey(db, landlord);
  await db.insert(sessions).values({
    id: randomUUID(),
    token: randomUUID(),
    userId: landlord.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await recordAudit(db, {
    actor: landlord,
    action: "listing.update",
    targetType: "listing",
    targetId: listingId,
    meta: { clientAddress: "203.0.113.9" },
  });
  await recordAudit(db, {
    actor: stranger,
    action: "listing.update",
    targetType: "listing",
    targetId: strangerListing,
    meta: { clientAddress: "203.0.113.10" },
  });
  return { landlord, tenant, stranger, conversationId, listingId, strangerListing, apiKey: apiKey.key };
}

const count = async (
  db: Database,
  table: typeof favourites | typeof savedSearches | typeof apiKeys | typeof sessions,
  userId: string,
) => (await db.select().from(table).where(eq(table.userId, userId))).length;

describeEachDatabase("a person's data", (use) => {
  it("exports the person's own data, and nobody else's", async () => {
    const { db } = use();
    const { landlord, stranger, listingId, apiKey } = await scene(db);
    const result = await exportAccountData(db, landlord);
    if (!result.ok) throw new Error(result.reason);
    const document = JSON.parse(JSON.stringify(result.document)) as Record<string, unknown> & typeof result.document;
    expect(document.format).toBe("laneway-rooms-account-data");
    expect(document.profile).toMatchObject({ email: landlord.email, firstName: "Lou", phone: "+61400111222" });
    expect(document.listings).toEqual([
      expect.objectContaining({
        id: listingId,
        photos: [expect.objectContaining({ url: "/uploads/listings/a/photo.webp" })],
      }),
    ]);
    expect(document.favourites).toEqual([expect.objectContaining({ title: "Stranger's secret room" })]);
    expect(document.savedSearches).toEqual([
      expect.objectContaining({ name: "Fitzroy rooms", query: "where=Fitzroy" }),
    ]);
    expect(document.conversations).toHaveLength(1);
    expect(document.conversations[0]).toMatchObject({ youAre: "landlord", with: "Tia N." });
    expect(document.conversations[0]?.messages.map((message) => [message.from, message.body])).toEqual([
      ["Tia N.", "Hi, is the room still available?"],
      ["You", "Come by Saturday"],
    ]);
    expect(document.billing.subscription).toMatchObject({ providerStatus: "active", amountCents: 4999 });
    expect(document.apiKeys).toHaveLength(1);
    expect(JSON.stringify(document.apiKeys)).not.toContain(apiKey);
    expect(JSON.stringify(document.apiKeys)).not.toContain("keyHash");
    expect(document.sessions).toHaveLength(1);
    expect(JSON.stringify(document.sessions)).not.toContain("token");
    expect(document.auditLog).toEqual([expect.objectContaining({ action: "listing.update", targetId: listingId })]);
    const text = JSON.stringify(document);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain("203.0.113.10");
    expect(text).not.toContain("Sam");
  });

  it("deletes an account with its password: listings, files, favourites, searches, keys and sessions go; the other side keeps the conversation from a Former member; the audit row names nobody", async () => {
    const { db } = use();
    const { landlord, tenant, conversationId, listingId, strangerListing } = await scene(db);
    const { deps: deletion, cancelled, deleted } = deps(db);
    const result = await deleteOwnAccount(
      deletion,
      landlord,
      { method: "password", password: PASSWORD },
      { clientAddress: "198.51.100.7" },
    );
    expect(result).toEqual({ ok: true });
    expect(cancelled).toEqual([`cus_${landlord.id}`]);
    expect(await db.select().from(users).where(eq(users.id, landlord.id))).toEqual([]);
    expect(await db.select().from(listings).where(eq(listings.listingId, listingId))).toEqual([]);
    expect(await db.select().from(listings).where(eq(listings.listingId, strangerListing))).toHaveLength(1);
    for (const table of [favourites, savedSearches, apiKeys, sessions] as const)
      expect(await count(db, table, landlord.id)).toBe(0);
    expect(await db.select().from(photoUploads).where(eq(photoUploads.ownerId, landlord.id))).toEqual([]);
    expect(deleted.sort()).toEqual(["listings/a/photo-640.avif", "listings/a/photo.webp"]);

    const thread = await readThread(db, tenant, conversationId, { markRead: false });
    expect(thread).toMatchObject({ otherName: "Former member", canReply: false, canBlock: false });
    expect(thread?.messages.map((message) => [message.authorName, message.body])).toEqual([
      ["You", "Hi, is the room still available?"],
      ["Former member", "Come by Saturday"],
    ]);

    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "user.delete"));
    expect(row).toMatchObject({
      targetType: "user",
      targetId: landlord.id,
      actorEmail: "account holder",
      clientAddress: "withheld",
    });
    const recorded = JSON.stringify(row);
    for (const personal of [landlord.email, "Lou", "Park", "+61400111222", "198.51.100.7", `cus_${landlord.id}`]) {
      expect(recorded).not.toContain(personal);
    }
  });

  it("a renter's profile, referees and proof document go with the account; the document's file after the deletion commits", async () => {
    const { db } = use();
    const { tenant } = await scene(db);
    await db.insert(renterProfiles).values({ userId: tenant.id, about: "Quiet student" });
    await db
      .insert(renterReferences)
      .values({ userId: tenant.id, name: "Ada", relationship: "Former landlord", email: "ada@example.com" });
    const storageKey = `renter-documents/${randomUUID()}.pdf`;
    await db
      .insert(renterDocuments)
      .values({ userId: tenant.id, kind: "income", storageKey, contentType: "application/pdf", byteSize: 1234 });
    const exported = await exportAccountData(db, tenant);
    if (!exported.ok) throw new Error("the export was refused");
    expect(exported.document.renterProfile).toMatchObject({
      profile: { about: "Quiet student" },
      references: [{ name: "Ada", relationship: "Former landlord", email: "ada@example.com", confirmed: false }],
      document: { kind: "income", byteSize: 1234 },
    });
    expect(exported.document.identityChecks).toEqual([]);
    const { deps: deletion, privateDeleted } = deps(db);

    const result = await deleteAccountOnRequest(
      deletion,
      await createTestViewer(db, { role: "admin" }),
      { userId: tenant.id, confirmEmail: tenant.email },
      { clientAddress: "198.51.100.8" },
    );
    expect(result).toEqual({ ok: true });
    expect(privateDeleted).toEqual([storageKey]);
    for (const table of [renterProfiles, renterReferences, renterDocuments] as const)
      expect(await db.select().from(table).where(eq(table.userId, tenant.id))).toEqual([]);
  });

  it("refuses a deletion without the password or with a wrong one, and changes nothing", async () => {
    const { db } = use();
    const { landlord } = await scene(db);
    const { deps: deletion, cancelled, deleted } = deps(db);
    const checksums = await tableChecksums(db);
    const before = await checksums();
    for (const password of ["", "wrong password"]) {
      const result = await deleteOwnAccount(
        deletion,
        landlord,
        { method: "password", password },
        { clientAddress: address() },
      );
      expect(result).toMatchObject({
        ok: false,
        reason: "unauthorized",
        message: "That password is not correct. Nothing was changed.",
      });
    }
    expect(await checksums()).toEqual(before);
    expect(cancelled).toEqual([]);
    expect(deleted).toEqual([]);
  });

  it("an account without a password deletes with a fresh e-mailed code, once; an old, wrong or expired code is refused", async () => {
    const { db } = use();
    const person = await createTestViewer(db);
    const { deps: deletion } = deps(db);
    const clientAddress = address();
    const noPassword = await deleteOwnAccount(
      deletion,
      person,
      { method: "password", password: "anything" },
      { clientAddress },
    );
    expect(noPassword).toMatchObject({ ok: false, reason: "invalid" });

    const codeFromMail = async () => {
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
      const latest = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
      expect(latest?.subject).toContain("delete your");
      return /\b(\d{6})\b/.exec(latest?.text ?? "")?.[1] ?? "";
    };
    expect(await requestDeletionCode(db, person, { site: testSite(), clientAddress })).toEqual({ ok: true });
    const first = await codeFromMail();
    expect(await requestDeletionCode(db, person, { site: testSite(), clientAddress })).toEqual({ ok: true });
    const second = await codeFromMail();
    const stale = first === second ? String((Number(first) + 1) % 1_000_000).padStart(6, "0") : first;
    // The first code was replaced by the second.
    expect(await deleteOwnAccount(deletion, person, { method: "code", code: stale }, { clientAddress })).toMatchObject({
      ok: false,
      reason: "unauthorized",
    });
    // An expired code.
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reauth:account-deletion:${person.id}`));
    expect(await deleteOwnAccount(deletion, person, { method: "code", code: second }, { clientAddress })).toMatchObject(
      {
        ok: false,
        message: "That code has expired or was already used. Ask for a new one.",
      },
    );
    expect(await db.select().from(users).where(eq(users.id, person.id))).toHaveLength(1);

    await requestDeletionCode(db, person, { site: testSite(), clientAddress });
    const fresh = await codeFromMail();
    expect(await deleteOwnAccount(deletion, person, { method: "code", code: fresh }, { clientAddress })).toEqual({
      ok: true,
    });
    expect(await db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
  });

  it("deletes nothing when the payment provider cannot cancel the subscription, and says so", async () => {
    const { db } = use();
    const { landlord } = await scene(db);
    const { deps: deletion, deleted } = deps(db, { providerFails: true });
    const checksums = await tableChecksums(db);
    const before = await checksums();
    const result = await deleteOwnAccount(
      deletion,
      landlord,
      { method: "password", password: PASSWORD },
      { clientAddress: address() },
    );
    expect(result).toEqual({ ok: false, reason: "provider-failed" });
    expect(await checksums()).toEqual(before);
    expect(deleted).toEqual([]);
  });

  it("admins delete an account on request, confirmed by its e-mail address and audited under their name; staff and others cannot", async () => {
    const { db } = use();
    const { tenant } = await scene(db);
    const admin = await createTestViewer(db, { role: "admin" });
    const staff = await createTestViewer(db, { role: "staff" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const { deps: deletion } = deps(db);
    const meta = { clientAddress: "192.0.2.44" };
    const checksums = await tableChecksums(db);
    const before = await checksums();
    for (const actor of [staff, landlord, tenant]) {
      expect(
        await deleteAccountOnRequest(
          deletion,
          actor,
          { userId: tenant.id === actor.id ? admin.id : tenant.id, confirmEmail: tenant.email },
          meta,
        ),
      ).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
    expect(
      await deleteAccountOnRequest(deletion, admin, { userId: tenant.id, confirmEmail: "someone@example.com" }, meta),
    ).toEqual({
      ok: false,
      reason: "confirmation-mismatch",
    });
    expect(
      await deleteAccountOnRequest(deletion, admin, { userId: admin.id, confirmEmail: admin.email }, meta),
    ).toEqual({ ok: false, reason: "self" });
    expect(await checksums()).toEqual(before);

    expect(
      await deleteAccountOnRequest(
        deletion,
        admin,
        { userId: tenant.id, confirmEmail: tenant.email.toUpperCase() },
        meta,
      ),
    ).toEqual({ ok: true });
    expect(await db.select().from(users).where(eq(users.id, tenant.id))).toEqual([]);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "user.delete"));
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetId: tenant.id,
      clientAddress: "192.0.2.44",
    });
    expect(JSON.stringify(row)).not.toContain(tenant.email);
  });

  it("ends the subscription at the offline payment provider when its subscriber deletes the account", async () => {
    const { db } = use();
    const payments = new SandboxPayments(db, "whsec_sandbox_test");
    const landlord = await createTestViewer(db, { role: "landlord" });
    await withPassword(db, landlord);
    const customerId = await createTestCustomer(db, payments, landlord);
    const session = await payments.createCheckoutSession(
      {
        customerId,
        priceId: payments.priceId,
        userId: landlord.id,
        trialDays: 14,
        successUrl: "http://localhost:3000/subscription/success",
        cancelUrl: "http://localhost:3000/subscription/cancel",
      },
      `checkout:${landlord.id}`,
    );
    const paid = await payments.completeCheckout(session.id, { brand: "visa", last4: "4242" });
    if (!paid.ok) throw new Error(paid.reason);
    expect((await payments.listSubscriptions(customerId)).map(({ status }) => status)).toEqual(["trialing"]);
    const { deps: deletion } = deps(db);
    const result = await deleteOwnAccount(
      { ...deletion, payments },
      landlord,
      { method: "password", password: PASSWORD },
      { clientAddress: address() },
    );
    expect(result).toEqual({ ok: true });
    expect((await payments.listSubscriptions(customerId)).map(({ status }) => status)).toEqual(["canceled"]);
  });
});
