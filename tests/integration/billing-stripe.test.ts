import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { paymentEvents, profiles } from "~/db/schema";
import { StripePayments } from "~/lib/adapters/payments/stripe-payments.server";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { billingOverview } from "~/modules/billing/billing-overview.server";
import { CHECKOUT_BUSY, confirmCheckout, startCheckout } from "~/modules/billing/checkout.server";
import { freeTrialDays } from "~/modules/billing/free-trial.server";
import { handlePaymentWebhook } from "~/modules/billing/webhook.server";
import { createTestViewer } from "~/tests/support/factories";
import { startStripeApiServer, type StripeApiServer } from "~/tests/support/stripe-api-server";
import { describeEachDatabase } from "~/tests/support/test-database";

/** The Stripe implementation, through the official SDK, against a local server that answers like Stripe. */
const WEBHOOK_SECRET = "whsec_stripe_test";
const PRICE = "price_test_professional";
let stripe: StripeApiServer;

beforeAll(async () => {
  stripe = await startStripeApiServer();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
  stripe.failSubscriptions = false;
});

function depsFor(db: Database): BillingDeps {
  return {
    db,
    payments: new StripePayments({
      secretKey: "sk_test_local",
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE,
      apiBase: { host: "127.0.0.1", port: stripe.port, protocol: "http" },
    }),
    site: { name: "Laneway Rooms", url: "https://rooms.example" },
  };
}

function subscriptionEvent(
  type: string,
  subscription: Record<string, unknown>,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: subscription },
  });
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
  };
}

/** Starts the viewer's checkout and completes it at Stripe; the subscription Stripe made. */
async function paidCheckout(deps: BillingDeps, viewer: Viewer) {
  const started = await startCheckout(deps, viewer, { priceId: PRICE });
  if (!started.ok) throw new Error(started.message);
  return stripe.completeSession(started.url.split("/").pop() ?? "");
}

const posts = (path: string) => stripe.requests.filter((r) => r.method === "POST" && r.path === path);

describeEachDatabase("Stripe payments", (use) => {
  it("a double click creates one customer and one checkout, each create with an Idempotency-Key", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    const results = await Promise.all([
      startCheckout(deps, viewer, { priceId: PRICE }),
      startCheckout(deps, viewer, { priceId: PRICE }),
    ]);

    const started = results.filter((result) => result.ok);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const result of results)
      if (!result.ok) expect(result).toMatchObject({ reason: "busy", message: CHECKOUT_BUSY });
    expect(new Set(started.map((result) => result.ok && result.url)).size).toBe(1);
    expect(posts("/v1/customers")).toHaveLength(1);
    expect(posts("/v1/checkout/sessions")).toHaveLength(1);
    for (const request of stripe.requests.filter((r) => r.method === "POST"))
      expect(request.idempotencyKey).toBeTruthy();
    expect(posts("/v1/customers")[0]?.idempotencyKey).toBe(`customer:${viewer.id}`);
    expect(stripe.requests.every((r) => r.authorization === "Bearer sk_test_local")).toBe(true);

    const checkout = posts("/v1/checkout/sessions")[0]?.params;
    expect(checkout?.get("mode")).toBe("subscription");
    expect(checkout?.get("client_reference_id")).toBe(viewer.id);
    expect(checkout?.get("line_items[0][price]")).toBe(PRICE);
    expect(checkout?.get("subscription_data[trial_period_days]")).toBe("14");
    expect(checkout?.get("success_url")).toBe(
      "https://rooms.example/subscription/success?session_id={CHECKOUT_SESSION_ID}",
    );

    // A second tab later gets the same open checkout, not another one.
    const again = await startCheckout(deps, viewer, { priceId: PRICE });
    expect(again).toEqual(started[0]);
    expect(posts("/v1/checkout/sessions")).toHaveLength(1);
    expect(posts("/v1/customers")).toHaveLength(1);
  });

  it("refuses a price that is not the configured one, and creates nothing", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    expect(await startCheckout(deps, viewer, { priceId: "price_cheaper" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(stripe.requests).toHaveLength(0);
  });

  it("the success page syncs from Stripe before the webhook, and a subscriber is sent to the portal, never to a second checkout", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    const started = await startCheckout(deps, viewer, { priceId: PRICE });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop() ?? "";
    stripe.completeSession(sessionId);

    // Another user's session id grants nothing.
    const other = await createTestViewer(deps.db);
    expect(await confirmCheckout(deps, other, sessionId)).toEqual({ ok: false, reason: "not-found" });
    expect(await confirmCheckout(deps, viewer, "cs_test_unknown")).toEqual({ ok: false, reason: "not-found" });

    expect(await confirmCheckout(deps, viewer, sessionId)).toEqual({ ok: true });
    const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(profile).toMatchObject({ role: "landlord", subscriptionStatus: "active" });

    const again = await startCheckout(deps, viewer, { priceId: PRICE });
    expect(again).toMatchObject({ ok: true, kind: "manage" });
    expect(again.ok && again.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(posts("/v1/checkout/sessions")).toHaveLength(1);
  });

  it("a webhook re-reads the subscription from Stripe; a failure answers an error, writes nothing, and the retry succeeds", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    const subscription = await paidCheckout(deps, viewer);
    const event = subscriptionEvent("customer.subscription.created", subscription, "evt_created_1");

    stripe.failSubscriptions = true;
    expect(await handlePaymentWebhook(deps, event.payload, event.signature)).toMatchObject({
      ok: false,
      reason: "failed",
    });
    const [before] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(before).toMatchObject({ role: "tenant", subscriptionStatus: "inactive" });
    const [failed] = await deps.db.select().from(paymentEvents);
    expect(failed).toMatchObject({ id: "evt_created_1", status: "failed" });
    expect(failed?.error).toBeTruthy();

    stripe.failSubscriptions = false;
    expect(await handlePaymentWebhook(deps, event.payload, event.signature)).toEqual({
      ok: true,
      outcome: "processed",
    });
    const [after] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(after).toMatchObject({ role: "landlord", subscriptionStatus: "active" });
    expect(await deps.db.select().from(paymentEvents)).toMatchObject([
      { status: "processed", error: null, attempts: 2 },
    ]);

    // Cancelled at Stripe: the subscription ends, with its end date.
    const endedAt = Math.floor(Date.now() / 1000);
    const deleted = stripe.updateSubscription(subscription.id as string, {
      status: "canceled",
      ended_at: endedAt,
      canceled_at: endedAt,
    });
    const deletedEvent = subscriptionEvent("customer.subscription.deleted", deleted);
    expect(await handlePaymentWebhook(deps, deletedEvent.payload, deletedEvent.signature)).toMatchObject({ ok: true });
    const [ended] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(ended).toMatchObject({ subscriptionStatus: "cancelled" });
    expect(ended?.subscriptionEndDate?.getTime()).toBe(endedAt * 1000);
  });

  it("back from a paid checkout before Stripe answers, the billing page says it is activating the plan, then shows it", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    expect(await billingOverview(deps, viewer)).toMatchObject({ state: "none", subscription: null });
    const started = await startCheckout(deps, viewer, { priceId: PRICE });
    if (!started.ok) throw new Error(started.message);
    stripe.completeSession(started.url.split("/").pop() ?? "");

    stripe.failSubscriptions = true;
    expect(await billingOverview(deps, viewer)).toMatchObject({ state: "activating", subscription: null });
    stripe.failSubscriptions = false;
    expect(await billingOverview(deps, viewer)).toMatchObject({
      state: "subscribed",
      status: "active",
      subscription: {
        plan: "Professional Plan",
        providerStatus: "trialing",
        amount: "$49.99",
        card: "Visa ending in 4242",
      },
    });
  });

  it("a webhook signed more than 5 minutes ahead or behind is refused and changes nothing", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    const subscription = await paidCheckout(deps, viewer);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 301, now + 86_400, now - 301]) {
      const event = subscriptionEvent("customer.subscription.created", subscription, undefined, timestamp);
      expect(await handlePaymentWebhook(deps, event.payload, event.signature)).toEqual({
        ok: false,
        reason: "bad-signature",
        message: "Timestamp outside the tolerance zone",
      });
    }
    expect(await deps.db.select().from(paymentEvents)).toEqual([]);
    const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(profile).toMatchObject({ role: "tenant", subscriptionStatus: "inactive" });
  });

  it("a customer who cancelled in the trial gets no second trial: the new checkout sends none and is charged at once", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    expect(await billingOverview(deps, viewer)).toMatchObject({ freeTrialDays: 14 });
    const first = await paidCheckout(deps, viewer);
    expect(first).toMatchObject({ status: "trialing" });
    // Cancelled before the trial ends: Stripe ends the subscription and says so.
    const endedAt = Math.floor(Date.now() / 1000);
    const ended = stripe.updateSubscription(first.id as string, { status: "canceled", ended_at: endedAt });
    const deleted = subscriptionEvent("customer.subscription.deleted", ended);
    expect(await handlePaymentWebhook(deps, deleted.payload, deleted.signature)).toMatchObject({ ok: true });
    expect(await billingOverview(deps, viewer)).toMatchObject({ status: "cancelled", freeTrialDays: 0 });

    const second = await paidCheckout(deps, viewer);
    const [, again] = posts("/v1/checkout/sessions");
    expect(again?.params.has("subscription_data[trial_period_days]")).toBe(false);
    expect(again?.params.get("subscription_data[metadata][user_id]")).toBe(viewer.id);
    expect(second).toMatchObject({ status: "active", trial_end: null });
    const created = subscriptionEvent("customer.subscription.created", second);
    expect(await handlePaymentWebhook(deps, created.payload, created.signature)).toMatchObject({ ok: true });
    expect(await billingOverview(deps, viewer)).toMatchObject({
      status: "active",
      subscription: { providerStatus: "active", trialEnd: null },
      freeTrialDays: 0,
    });
  });

  it("Stripe's history of the customer counts even when our records missed it", async () => {
    const deps = depsFor(use().db);
    const viewer = await createTestViewer(deps.db);
    // A subscription had and ended at Stripe whose events never reached us.
    const lost = await paidCheckout(deps, viewer);
    stripe.updateSubscription(lost.id as string, { status: "canceled", ended_at: Math.floor(Date.now() / 1000) });
    const customerId = lost.customer as string;
    expect(await freeTrialDays(deps.db, viewer)).toBe(14);
    expect(await freeTrialDays(deps.db, viewer, await deps.payments.listSubscriptions(customerId))).toBe(0);
  });

  it("cancels the customer's live subscriptions at Stripe for an account's deletion, and throws when Stripe fails", async () => {
    const { db } = use();
    const deps = depsFor(db);
    const viewer = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    const subscription = await paidCheckout(deps, viewer);
    stripe.failSubscriptions = true;
    await expect(deps.payments.cancelSubscriptions(String(subscription.customer))).rejects.toThrow();
    expect(stripe.subscriptions.get(String(subscription.id))?.status).toBe("trialing");
    stripe.failSubscriptions = false;
    await deps.payments.cancelSubscriptions(String(subscription.customer));
    expect(stripe.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/v1/subscriptions/${String(subscription.id)}`,
    ]);
    expect(stripe.subscriptions.get(String(subscription.id))?.status).toBe("canceled");
    // An ended subscription is not cancelled twice.
    await deps.payments.cancelSubscriptions(String(subscription.customer));
    expect(stripe.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
  });
});
