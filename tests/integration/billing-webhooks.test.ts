import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect, it } from "vitest";
import { billingSubscriptions, mailOutbox, paymentEvents, profiles, sandboxCheckoutSessions } from "~/db/schema";
import { SandboxPayments, type SignedEvent } from "~/lib/adapters/payments/sandbox-payments.server";
import type { Database } from "~/lib/db/client.server";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { startCheckout } from "~/modules/billing/checkout.server";
import { cancelSandboxCheckout, paySandboxCheckout, sandboxCheckout } from "~/modules/billing/sandbox.server";
import { handlePaymentWebhook } from "~/modules/billing/webhook.server";
import { createTestCustomer, createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const SECRET = "whsec_test_billing_webhooks";
const CARD = { brand: "visa", last4: "4242" };

function depsFor(db: Database): BillingDeps & { payments: SandboxPayments } {
  return {
    db,
    payments: new SandboxPayments(db, SECRET),
    site: { name: "Laneway Rooms", url: "http://localhost:3000" },
  };
}

/** A tenant with a sandbox customer and an open checkout. */
async function tenantAtCheckout(deps: BillingDeps & { payments: SandboxPayments }) {
  const viewer = await createTestViewer(deps.db);
  const customerId = await createTestCustomer(deps.db, deps.payments, viewer);
  const session = await deps.payments.createCheckoutSession(
    {
      customerId,
      priceId: deps.payments.priceId,
      userId: viewer.id,
      trialDays: 14,
      successUrl: "http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/subscription/cancel",
    },
    `checkout:${viewer.id}`,
  );
  return { viewer, customerId, session };
}

/** A provider event about `customerId`, signed with the SDK's test helper. */
function signed(type: string, object: Record<string, unknown>, options: { timestamp?: number; id?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}

async function profileOf(db: Database, id: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

async function mailTo(db: Database, to: string) {
  return db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to));
}

describeEachDatabase("payment webhooks", (use) => {
  it("a valid signed event makes the tenant an active landlord, once, with one welcome e-mail", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    const [completed] = paid.events as [SignedEvent];

    expect(await handlePaymentWebhook(deps, completed.payload, completed.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });

    const profile = await profileOf(deps.db, viewer.id);
    expect(profile).toMatchObject({
      role: "landlord",
      subscriptionStatus: "active",
      subscriptionPlan: "Professional Plan",
    });
    expect(profile?.stripeSubscriptionId).toMatch(/^sub_sbx_/);
    expect(profile?.subscriptionStartDate).toBeInstanceOf(Date);
    const mail = await mailTo(deps.db, viewer.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your Professional Plan has started"]);
  });

  it("the same event delivered 5 times at once has one effect", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    const [event] = paid.events as [SignedEvent];

    const results = await Promise.all(
      Array.from({ length: 5 }, () => handlePaymentWebhook(deps, event.payload, event.signature)),
    );
    expect(results.filter((r) => r.ok && r.outcome === "processed")).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.outcome === "duplicate")).toHaveLength(4);
    expect(await mailTo(deps.db, viewer.email)).toHaveLength(1);
    expect(await deps.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it("a tampered body is refused and changes nothing", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    const [event] = paid.events as [SignedEvent];
    const tampered = event.payload.replace('"livemode":false', '"livemode":true ');

    const result = await handlePaymentWebhook(deps, tampered, event.signature);
    expect(result).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(await profileOf(deps.db, viewer.id)).toMatchObject({ role: "tenant", subscriptionStatus: "inactive" });
    expect(await deps.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it("a signature older than 300 seconds is refused, and so is none at all", async () => {
    const deps = depsFor(use().db);
    const { viewer, customerId } = await tenantAtCheckout(deps);
    const stale = signed(
      "customer.subscription.updated",
      { object: "subscription", customer: customerId },
      {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      },
    );
    expect(await handlePaymentWebhook(deps, stale.payload, stale.signature)).toMatchObject({
      ok: false,
      reason: "bad-signature",
    });
    expect(await handlePaymentWebhook(deps, stale.payload, undefined)).toMatchObject({
      ok: false,
      reason: "bad-signature",
    });
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload: stale.payload, secret: "whsec_other" });
    expect(await handlePaymentWebhook(deps, stale.payload, otherSecret)).toMatchObject({
      ok: false,
      reason: "bad-signature",
    });
    expect(await profileOf(deps.db, viewer.id)).toMatchObject({ subscriptionStatus: "inactive" });
    expect(await deps.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it("an unknown event type is acknowledged and ignored", async () => {
    const deps = depsFor(use().db);
    const event = signed("payment_intent.created", { object: "payment_intent", id: "pi_1" });
    expect(await handlePaymentWebhook(deps, event.payload, event.signature)).toEqual({ ok: true, outcome: "ignored" });
  });

  it("events delivered out of order (updated before created) end in the provider's current state", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    const created = paid.events.find((event) => event.payload.includes('"customer.subscription.created"'));
    const subscriptionId = (await deps.payments.listSubscriptions(session.customerId ?? ""))[0]?.id ?? "";
    const cancelled = await deps.payments.advance(subscriptionId, "cancelled");
    if (!cancelled.ok || !created) throw new Error("setup failed");
    const [deleted] = cancelled.events as [SignedEvent];

    // The later event arrives first, the earlier one last.
    expect(await handlePaymentWebhook(deps, deleted.payload, deleted.signature)).toMatchObject({ ok: true });
    expect(await handlePaymentWebhook(deps, created.payload, created.signature)).toMatchObject({ ok: true });

    const profile = await profileOf(deps.db, viewer.id);
    expect(profile).toMatchObject({ subscriptionStatus: "cancelled" });
    expect(profile?.subscriptionEndDate).toBeInstanceOf(Date);
  });

  it("a failed renewal keeps the plan active with an e-mail; exhausted retries suspend it and name the listings", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    for (const event of paid.events) await handlePaymentWebhook(deps, event.payload, event.signature);
    await createTestListing(deps.db, { landlordId: viewer.id, title: "Sunny room on Flinders Lane" });
    const subscriptionId = (await deps.payments.listSubscriptions(session.customerId ?? ""))[0]?.id ?? "";

    for (const step of ["trial-ends", "renewal-fails"] as const) {
      const result = await deps.payments.advance(subscriptionId, step);
      if (!result.ok) throw new Error(result.reason);
      for (const event of result.events)
        expect(await handlePaymentWebhook(deps, event.payload, event.signature)).toMatchObject({ ok: true });
    }
    expect(await profileOf(deps.db, viewer.id)).toMatchObject({ role: "landlord", subscriptionStatus: "active" });
    const [mirror] = await deps.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, viewer.id));
    expect(mirror?.providerStatus).toBe("past_due");

    const exhausted = await deps.payments.advance(subscriptionId, "retries-exhausted");
    if (!exhausted.ok) throw new Error(exhausted.reason);
    for (const event of exhausted.events) await handlePaymentWebhook(deps, event.payload, event.signature);
    expect(await profileOf(deps.db, viewer.id)).toMatchObject({ role: "landlord", subscriptionStatus: "suspended" });

    const mail = await mailTo(deps.db, viewer.email);
    expect(mail.map((m) => m.subject)).toEqual([
      "Your Professional Plan has started",
      "Your payment didn't go through",
      "Your Professional Plan is suspended",
    ]);
    expect(mail[2]?.text).toContain("Sunny room on Flinders Lane");
  });

  it("staff and admins keep their role when they subscribe", async () => {
    const deps = depsFor(use().db);
    const staff = await createTestViewer(deps.db, { role: "staff" });
    const customerId = await createTestCustomer(deps.db, deps.payments, staff);
    const session = await deps.payments.createCheckoutSession(
      { customerId, priceId: deps.payments.priceId, userId: staff.id, trialDays: 14, successUrl: "x", cancelUrl: "y" },
      "k1",
    );
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    for (const event of paid.events) await handlePaymentWebhook(deps, event.payload, event.signature);
    expect(await profileOf(deps.db, staff.id)).toMatchObject({ role: "staff", subscriptionStatus: "active" });
  });

  it("an admin's override stands until the subscription itself changes", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const paid = await deps.payments.completeCheckout(session.id, CARD);
    if (!paid.ok) throw new Error(paid.reason);
    for (const event of paid.events) await handlePaymentWebhook(deps, event.payload, event.signature);
    // An admin suspends the landlord by hand; a replayed or unrelated sync must not undo it.
    await deps.db.update(profiles).set({ subscriptionStatus: "suspended" }).where(eq(profiles.id, viewer.id));
    const update = await deps.payments.updateSubscription(session.customerId ?? "", {
      card: { brand: "visa", last4: "1881" },
    });
    if (!update.ok) throw new Error(update.reason);
    for (const event of update.events) await handlePaymentWebhook(deps, event.payload, event.signature);
    expect(await profileOf(deps.db, viewer.id)).toMatchObject({ subscriptionStatus: "suspended" });
  });
});

describeEachDatabase("payments in production without Stripe", (use) => {
  it("the sandbox refuses to open a checkout, and nothing is created", async () => {
    const db = use().db;
    const deps: BillingDeps = {
      db,
      payments: new SandboxPayments(db, SECRET, undefined, false),
      site: { name: "Laneway Rooms", url: "https://rooms.example" },
    };
    const viewer = await createTestViewer(db);
    expect(await startCheckout(deps, viewer, { priceId: deps.payments.priceId })).toMatchObject({
      ok: false,
      reason: "provider-error",
      message: "Failed to start checkout process",
    });
    expect(await db.select().from(sandboxCheckoutSessions)).toHaveLength(0);
  });
});

describeEachDatabase("sandbox checkout abuse", (use) => {
  it("another user's checkout cannot be seen, paid or cancelled, and nothing changes", async () => {
    const deps = depsFor(use().db);
    const { viewer, session } = await tenantAtCheckout(deps);
    const intruder = await createTestViewer(deps.db);
    const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Intruder" };
    expect(await sandboxCheckout(deps, intruder, session.id)).toBeNull();
    expect(await paySandboxCheckout(deps, intruder, { sessionId: session.id, card })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await cancelSandboxCheckout(deps, intruder, session.id)).toMatchObject({ ok: false, reason: "not-found" });
    expect((await deps.payments.checkoutSession(session.id))?.status).toBe("open");
    expect(await profileOf(deps.db, intruder.id)).toMatchObject({ role: "tenant", subscriptionStatus: "inactive" });

    // The owner pays once; paying the same checkout again is refused.
    expect(await paySandboxCheckout(deps, viewer, { sessionId: session.id, card })).toMatchObject({ ok: true });
    expect(await paySandboxCheckout(deps, viewer, { sessionId: session.id, card })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await deps.payments.listSubscriptions(session.customerId ?? "")).toHaveLength(1);
  });

  it("a flood of checkout starts is refused after 20 in 10 minutes, with no checkout made for the refused ones", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await startCheckout(deps, viewer, { priceId: deps.payments.priceId }));
    expect(results.slice(0, 20).every((result) => result.ok)).toBe(true);
    expect(results[20]).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(results[20]?.ok === false && results[20].message).toMatch(/^Too many attempts/);
    expect(await deps.db.select().from(sandboxCheckoutSessions)).toHaveLength(1);
  });
});
