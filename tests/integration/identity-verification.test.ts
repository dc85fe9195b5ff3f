import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { identityChecks, identityEvents, profiles, sandboxIdentitySessions, users } from "~/db/schema";
import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import { StripeIdentity } from "~/lib/adapters/identity/stripe-identity.server";
import type { Database } from "~/lib/db/client.server";
import { readThread } from "~/modules/enquiries/conversations.server";
import { listInbox } from "~/modules/enquiries/inbox.server";
import type { IdentityDeps } from "~/modules/identity/identity-deps";
import { completeSandboxVerification, sandboxVerification } from "~/modules/identity/sandbox.server";
import {
  IDENTITY_START_RATE_LIMIT,
  handleIdentityWebhook,
  identityOverview,
  returnFromVerification,
  startIdentityVerification,
} from "~/modules/identity/verification.server";
import { identityVerifiedSql, isIdentityVerified, verifiedAmong } from "~/modules/identity/verified.server";
import { createTestConversation, createTestIdentityCheck, createTestViewer } from "~/tests/support/factories";
import { startStripeIdentityServer, type StripeIdentityServer } from "~/tests/support/stripe-identity-server";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

const SANDBOX_SECRET = "whsec_sandbox_identity_test";
const STRIPE_SECRET = "whsec_stripe_identity_test";
const SITE = { url: "https://rooms.example" };
const YEAR_MS = 365 * 86_400_000;

let stripe: StripeIdentityServer;
beforeAll(async () => {
  stripe = await startStripeIdentityServer();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

const sandboxDeps = (db: Database, open = true): IdentityDeps => ({
  db,
  identity: new SandboxIdentity(db, SANDBOX_SECRET, open),
  site: SITE,
});

const stripeDeps = (db: Database): IdentityDeps => ({
  db,
  identity: new StripeIdentity({
    secretKey: "sk_test_local",
    webhookSecret: STRIPE_SECRET,
    apiBase: { host: "127.0.0.1", port: stripe.port, protocol: "http" },
  }),
  site: SITE,
});

/** An identity event as Stripe delivers it: the session unexpanded, signed with the endpoint's secret. */
function stripeEvent(
  type: string,
  session: Record<string, unknown>,
  {
    eventId = `evt_${Math.random().toString(36).slice(2)}`,
    timestamp = Math.floor(Date.now() / 1000),
    secret = STRIPE_SECRET,
  } = {},
) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { ...session, verified_outputs: undefined } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

const checksOf = (db: Database, userId: string) =>
  db.select().from(identityChecks).where(eq(identityChecks.userId, userId));

describeEachDatabase("identity verification through the sandbox", (use) => {
  it("a renter verifies: only the outcome, initials, country and dates are kept, and the landlord sees it on the enquiry", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const renter = await createTestViewer(db, { firstName: "Sam", lastName: "Nguyen" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const { conversationId } = await createTestConversation(db, renter, landlord);
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(false);

    await createTestIdentityCheck(deps, renter, { documentCountry: "NZ" });

    const [check] = await checksOf(db, renter.id);
    expect(check).toMatchObject({ status: "verified", initials: "S. N.", documentCountry: "NZ", failureReason: null });
    expect(check?.expiresAt?.getTime()).toBe(
      new Date(check?.verifiedAt ?? 0).setUTCFullYear((check?.verifiedAt?.getUTCFullYear() ?? 0) + 2),
    );
    // The full name is nowhere in the check, nor in the sandbox provider's session.
    expect(JSON.stringify(check)).not.toMatch(/Sam|Nguyen/);
    const [sandbox] = await db
      .select()
      .from(sandboxIdentitySessions)
      .where(eq(sandboxIdentitySessions.userId, renter.id));
    expect(JSON.stringify(sandbox)).not.toMatch(/Sam|Nguyen/);

    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(true);
    expect(await verifiedAmong(db, [renter.id, landlord.id], new Date())).toEqual(new Set([renter.id]));
    const overview = await identityOverview(deps, renter);
    expect(overview.state).toMatchObject({ kind: "verified", initials: "S. N.", documentCountry: "NZ" });

    const [entry] = await listInbox(db, landlord);
    expect(entry).toMatchObject({ id: conversationId, otherVerified: true });
    expect(await readThread(db, landlord, conversationId, { markRead: false })).toMatchObject({ otherVerified: true });
    // The renter's side: the landlord has not verified.
    expect((await listInbox(db, renter))[0]).toMatchObject({ otherVerified: false });
  });

  it("the failure outcomes are kept with their reason and verify nobody", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const unreadable = await createTestViewer(db);
    const mismatch = await createTestViewer(db);
    await createTestIdentityCheck(deps, unreadable, { outcome: "document-unreadable" });
    await createTestIdentityCheck(deps, mismatch, { outcome: "mismatch" });
    expect((await identityOverview(deps, unreadable)).state).toEqual({ kind: "failed", reason: "document-unreadable" });
    expect((await identityOverview(deps, mismatch)).state).toEqual({ kind: "failed", reason: "selfie-mismatch" });
    expect(await verifiedAmong(db, [unreadable.id, mismatch.id], new Date())).toEqual(new Set());
    // A retry that passes verifies.
    await createTestIdentityCheck(deps, mismatch);
    expect(await isIdentityVerified(db, mismatch.id, new Date())).toBe(true);
  });

  it("a verification expires after two years, and a changed name needs a new check", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const renter = await createTestViewer(db, { firstName: "Ana", lastName: "Silva" });
    await createTestIdentityCheck(deps, renter);
    const [check] = await checksOf(db, renter.id);
    const expires = check?.expiresAt ?? new Date(0);
    expect(await isIdentityVerified(db, renter.id, new Date(expires.getTime() - 1000))).toBe(true);
    expect(await isIdentityVerified(db, renter.id, expires)).toBe(false);
    expect(await isIdentityVerified(db, renter.id, new Date(Date.now() + 2 * YEAR_MS + 86_400_000))).toBe(false);

    // Case and spacing are not a new name; another surname is.
    await db.update(profiles).set({ firstName: " ana ", lastName: "SILVA" }).where(eq(profiles.id, renter.id));
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(true);
    await db.update(profiles).set({ lastName: "Costa" }).where(eq(profiles.id, renter.id));
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(false);
    expect((await identityOverview(deps, renter)).state).toEqual({ kind: "name-changed" });
    // The SQL filter agrees with the boolean, inside a query over profiles.
    const rows = await db
      .select({ id: profiles.id, verified: identityVerifiedSql(profiles.id, new Date()) })
      .from(profiles)
      .where(eq(profiles.id, renter.id));
    expect(rows).toEqual([{ id: renter.id, verified: false }]);
    await createTestIdentityCheck(deps, { ...renter, lastName: "Costa" });
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(true);
  });

  it("another user's session, on the sandbox's page or the return address, is refused and changes nothing", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const owner = await createTestViewer(db);
    const intruder = await createTestViewer(db);
    const started = await startIdentityVerification(deps, owner);
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("/").pop() ?? "";
    const [check] = await checksOf(db, owner.id);
    const checksums = await tableChecksums(db);
    const before = await checksums();

    expect(await sandboxVerification(deps, intruder, sessionId)).toBeNull();
    expect(
      await completeSandboxVerification(deps, intruder, sessionId, { outcome: "verified", documentCountry: "AU" }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await returnFromVerification(deps, intruder, check?.id ?? "")).toEqual({ ok: false, reason: "not-found" });
    expect(await returnFromVerification(deps, intruder, "not-a-check")).toEqual({ ok: false, reason: "not-found" });
    expect(await checksums()).toEqual(before);
    expect(await isIdentityVerified(db, intruder.id, new Date())).toBe(false);
    expect((await identityOverview(deps, owner)).state).toEqual({ kind: "pending" });

    // The owner's own page works, once.
    expect(await sandboxVerification(deps, owner, sessionId)).toMatchObject({ sessionId });
    expect(
      await completeSandboxVerification(deps, owner, sessionId, { outcome: "verified", documentCountry: "AU" }),
    ).toEqual({
      ok: true,
      redirectTo: `${SITE.url}/settings/account/identity/${check?.id}`,
    });
    expect(
      await completeSandboxVerification(deps, owner, sessionId, { outcome: "mismatch", documentCountry: "AU" }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await returnFromVerification(deps, owner, check?.id ?? "")).toEqual({ ok: true });
    expect(await isIdentityVerified(db, owner.id, new Date())).toBe(true);
  });

  it("forged, altered, stale, future-signed and replayed events are refused and change nothing", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const sandbox = deps.identity as SandboxIdentity;
    const renter = await createTestViewer(db);
    const started = await startIdentityVerification(deps, renter);
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("/").pop() ?? "";
    const event = await sandbox.complete(sessionId, { outcome: "verified", documentCountry: "AU" });
    if (!event) throw new Error("no event");
    const checksums = await tableChecksums(db);
    const before = await checksums();
    const signed = (timestamp: number, secret = SANDBOX_SECRET, payload = event.payload) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const nowSeconds = Math.floor(Date.now() / 1000);

    for (const [payload, signature] of [
      [event.payload, signed(nowSeconds, "whsec_forged")],
      [event.payload.replace(sessionId, `${sessionId}x`), event.signature],
      [event.payload, signed(nowSeconds - 3600)],
      [event.payload, signed(nowSeconds + 3600)],
      [event.payload, ""],
    ] as const) {
      expect(await handleIdentityWebhook(deps, payload, signature)).toMatchObject({
        ok: false,
        reason: "bad-signature",
      });
    }
    expect(await handleIdentityWebhook(deps, event.payload, undefined)).toMatchObject({ reason: "bad-signature" });
    expect(await checksums()).toEqual(before);

    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(true);
    const afterFirst = await checksums();
    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "duplicate",
    });
    expect(await checksums()).toEqual(afterFirst);
  });

  it("a flood of starts is refused past the limit, without a row or a provider session", async () => {
    const { db } = use();
    const deps = sandboxDeps(db);
    const renter = await createTestViewer(db);
    for (let i = 0; i < IDENTITY_START_RATE_LIMIT.limit; i++) {
      expect(await startIdentityVerification(deps, renter)).toMatchObject({ ok: true });
    }
    const checksums = await tableChecksums(db);
    const before = await checksums();
    expect(await startIdentityVerification(deps, renter)).toEqual({ ok: false, reason: "rate-limited" });
    expect(await checksums()).toEqual(before);
    expect(await checksOf(db, renter.id)).toHaveLength(IDENTITY_START_RATE_LIMIT.limit);
  });

  it("the sandbox in production starts nothing; a start without a name or while verified is refused", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const checksums = await tableChecksums(db);
    const before = await checksums();
    expect(await startIdentityVerification(sandboxDeps(db, false), renter)).toEqual({
      ok: false,
      reason: "not-configured",
    });
    expect(await checksums()).toEqual(before);

    const nameless = await createTestViewer(db);
    await db.update(profiles).set({ lastName: null }).where(eq(profiles.id, nameless.id));
    expect(await startIdentityVerification(sandboxDeps(db), nameless)).toEqual({ ok: false, reason: "name-required" });

    await createTestIdentityCheck(sandboxDeps(db), renter);
    expect(await startIdentityVerification(sandboxDeps(db), renter)).toEqual({ ok: false, reason: "already-verified" });
    // An open session's page cannot be submitted once the sandbox is closed (production).
    const other = await createTestViewer(db);
    const started = await startIdentityVerification(sandboxDeps(db), other);
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("/").pop() ?? "";
    expect(await sandboxVerification(sandboxDeps(db, false), other, sessionId)).toBeNull();
    expect(
      await completeSandboxVerification(sandboxDeps(db, false), other, sessionId, {
        outcome: "verified",
        documentCountry: "AU",
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await isIdentityVerified(db, other.id, new Date())).toBe(false);
  });

  it("deleting an account deletes its checks and its sandbox sessions", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    await createTestIdentityCheck(sandboxDeps(db), renter);
    await db.delete(users).where(eq(users.id, renter.id));
    expect(await checksOf(db, renter.id)).toEqual([]);
    expect(
      await db.select().from(sandboxIdentitySessions).where(eq(sandboxIdentitySessions.userId, renter.id)),
    ).toEqual([]);
  });
});

describeEachDatabase("identity verification through Stripe Identity", (use) => {
  async function startAtStripe(deps: IdentityDeps, viewer: Awaited<ReturnType<typeof createTestViewer>>) {
    const started = await startIdentityVerification(deps, viewer);
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("test_").pop() ?? "";
    return { url: started.url, sessionId };
  }

  it("opens a document-and-selfie session with an Idempotency-Key, and the signed webhook records the result once", async () => {
    const { db } = use();
    const deps = stripeDeps(db);
    const renter = await createTestViewer(db, { firstName: "Mei", lastName: "Chen" });
    const { url, sessionId } = await startAtStripe(deps, renter);
    expect(url).toBe(`https://verify.stripe.com/start/test_${sessionId}`);
    const [create] = stripe.requests.filter((r) => r.method === "POST");
    const [check] = await checksOf(db, renter.id);
    expect(create?.idempotencyKey).toBe(`identity:${check?.id}`);
    expect(Object.fromEntries(create?.params ?? [])).toMatchObject({
      type: "document",
      "options[document][require_matching_selfie]": "true",
      "options[document][require_live_capture]": "true",
      client_reference_id: renter.id,
      return_url: `${SITE.url}/settings/account/identity/${check?.id}`,
    });
    expect(check).toMatchObject({ provider: "stripe", sessionId, status: "pending" });

    const session = stripe.finish(sessionId, {
      status: "verified",
      name: { first: "MEI", last: "CHEN" },
      country: "AU",
    });
    const event = stripeEvent("identity.verification_session.verified", session, { eventId: "evt_identity_once" });
    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });
    const get = stripe.requests.find((r) => r.method === "GET");
    expect([...(get?.params.values() ?? [])]).toEqual(["verified_outputs", "last_verification_report"]);
    const [verified] = await checksOf(db, renter.id);
    expect(verified).toMatchObject({ status: "verified", initials: "M. C.", documentCountry: "AU" });
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(true);

    const afterFirst = await (await tableChecksums(db))();
    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "duplicate",
    });
    expect(await (await tableChecksums(db))()).toEqual(afterFirst);
    expect(await db.select().from(identityEvents).where(eq(identityEvents.id, "evt_identity_once"))).toHaveLength(1);
  });

  it("a verified document with another name fails as name-mismatch; a selfie mismatch fails with its reason", async () => {
    const { db } = use();
    const deps = stripeDeps(db);
    const renter = await createTestViewer(db, { firstName: "Mei", lastName: "Chen" });
    const first = await startAtStripe(deps, renter);
    const other = stripe.finish(first.sessionId, {
      status: "verified",
      name: { first: "Wei", last: "Chen" },
      country: "CN",
    });
    const event = stripeEvent("identity.verification_session.verified", other);
    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toMatchObject({ ok: true });
    expect((await identityOverview(deps, renter)).state).toEqual({ kind: "failed", reason: "name-mismatch" });
    const [failed] = await checksOf(db, renter.id);
    expect(failed).toMatchObject({ initials: null, documentCountry: null, verifiedAt: null });

    const second = await startAtStripe(deps, renter);
    const selfie = stripe.finish(second.sessionId, { status: "requires_input", lastErrorCode: "selfie_face_mismatch" });
    const requiresInput = stripeEvent("identity.verification_session.requires_input", selfie);
    expect(await handleIdentityWebhook(deps, requiresInput.payload, requiresInput.signature)).toMatchObject({
      ok: true,
    });
    expect((await identityOverview(deps, renter)).state).toEqual({ kind: "failed", reason: "selfie-mismatch" });
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(false);
  });

  it("an event about a session that is not the user's, or not ours, writes nothing; a forged one is refused", async () => {
    const { db } = use();
    const deps = stripeDeps(db);
    const renter = await createTestViewer(db, { firstName: "Mei", lastName: "Chen" });
    const { sessionId } = await startAtStripe(deps, renter);
    // The provider's session names another user than our check does.
    const session = stripe.finish(sessionId, {
      status: "verified",
      name: { first: "Mei", last: "Chen" },
      country: "AU",
    });
    session.client_reference_id = "someone-else";
    const checksums = await tableChecksums(db);
    const before = await checksums();
    const forged = stripeEvent("identity.verification_session.verified", session, { secret: "whsec_forged" });
    expect(await handleIdentityWebhook(deps, forged.payload, forged.signature)).toMatchObject({
      reason: "bad-signature",
    });
    expect(await checksums()).toEqual(before);

    const event = stripeEvent("identity.verification_session.verified", session);
    expect(await handleIdentityWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });
    expect(await isIdentityVerified(db, renter.id, new Date())).toBe(false);
    expect((await checksOf(db, renter.id))[0]).toMatchObject({ status: "pending" });

    const unknown = stripeEvent("identity.verification_session.verified", {
      id: "vs_unknown",
      object: "identity.verification_session",
    });
    expect(await handleIdentityWebhook(deps, unknown.payload, unknown.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });
    expect(await db.select().from(identityChecks).where(eq(identityChecks.sessionId, "vs_unknown"))).toEqual([]);
  });
});
