import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { billingCheckouts, profiles } from "~/db/schema";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { displayName } from "~/modules/auth/viewer";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { freeTrialDays } from "~/modules/billing/free-trial.server";
import { isLive } from "~/modules/billing/subscription-state";
import { syncSubscription } from "~/modules/billing/sync-subscription.server";

export const CHECKOUT_FAILED = "Failed to start checkout process";
export const CHECKOUT_BUSY = "Your checkout is already being prepared in another window. Please try again in a moment.";
export const PRICE_UNKNOWN = "That plan is not available.";

export type CheckoutResult =
  | { ok: true; url: string; kind: "checkout" | "manage" }
  | { ok: false; reason: "invalid" | "busy" | "rate-limited" | "provider-error"; message: string };

/** Checkouts and portal sessions a user may start: each one calls the provider. */
export const CHECKOUT_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;
const checkoutLimiter = createRateLimiter({ name: "billing-checkout", ...CHECKOUT_RATE_LIMIT });
const tooMany = (seconds: number) =>
  `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""} and try again.`;

/** How long a claim (a customer or checkout being created) holds before another request may take over. */
const CLAIM_TIMEOUT_MS = 30_000;
const CLAIM = "claim:";

const claimValue = (now: Date) => `${CLAIM}${now.getTime()}:${randomUUID()}`;
const claimIsStale = (value: string, now: Date) => Number(value.split(":")[1]) < now.getTime() - CLAIM_TIMEOUT_MS;

/**
 * Subscribe: the viewer's customer is created once (an atomic claim on the profile, and an
 * idempotency key derived from the user id), a subscriber is sent to manage their plan instead of a
 * second checkout, and an open checkout is reused, so two tabs or a double click lead to one
 * checkout. The price must be the configured one. The free trial is given only to a customer who
 * has never had a subscription (`freeTrialDays`).
 */
export async function startCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  input: { priceId: string },
): Promise<CheckoutResult> {
  if (input.priceId !== deps.payments.priceId) return { ok: false, reason: "invalid", message: PRICE_UNKNOWN };
  const limit = await checkoutLimiter.hit(viewer.id);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", message: tooMany(limit.retryAfterSeconds) };
  try {
    const customer = await ensureCustomer(deps, viewer);
    if (!customer.ok) return customer;
    const customerId = customer.id;
    // The provider's word, not ours: a user back from checkout before its webhook is already subscribed.
    await syncSubscription(deps, customerId);
    const subscriptions = await deps.payments.listSubscriptions(customerId);
    if (subscriptions.some((subscription) => isLive(subscription.status))) {
      const portal = await deps.payments.createPortalSession(
        { customerId, returnUrl: `${deps.site.url}/settings/billing` },
        `portal:${randomUUID()}`,
      );
      return { ok: true, kind: "manage", url: portal.url };
    }
    return await openCheckout(deps, viewer, customerId, await freeTrialDays(deps.db, viewer, subscriptions));
  } catch {
    return { ok: false, reason: "provider-error", message: CHECKOUT_FAILED };
  }
}

async function ensureCustomer(
  deps: BillingDeps,
  viewer: Viewer,
): Promise<{ ok: true; id: string } | { ok: false; reason: "busy"; message: string }> {
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  const current = row?.customerId ?? null;
  if (current && !current.startsWith(CLAIM)) return { ok: true, id: current };
  if (current && !claimIsStale(current, now)) return { ok: false, reason: "busy", message: CHECKOUT_BUSY };
  const claim = claimValue(now);
  const claimed = await deps.db
    .update(profiles)
    .set({ stripeCustomerId: claim })
    .where(
      and(
        eq(profiles.id, viewer.id),
        current ? eq(profiles.stripeCustomerId, current) : isNull(profiles.stripeCustomerId),
      ),
    )
    .returning({ id: profiles.id });
  if (claimed.length === 0) return { ok: false, reason: "busy", message: CHECKOUT_BUSY };
  try {
    const customer = await deps.payments.createCustomer(
      { userId: viewer.id, email: viewer.email, name: displayName(viewer) },
      `customer:${viewer.id}`,
    );
    await deps.db
      .update(profiles)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(profiles.id, viewer.id), eq(profiles.stripeCustomerId, claim)));
    return { ok: true, id: customer.id };
  } catch (error) {
    await deps.db
      .update(profiles)
      .set({ stripeCustomerId: null })
      .where(and(eq(profiles.id, viewer.id), eq(profiles.stripeCustomerId, claim)));
    throw error;
  }
}

async function openCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  customerId: string,
  trialDays: number,
): Promise<CheckoutResult> {
  const now = deps.now?.() ?? new Date();
  const [existing] = await deps.db.select().from(billingCheckouts).where(eq(billingCheckouts.userId, viewer.id));
  if (existing && !existing.sessionId.startsWith(CLAIM)) {
    const session = await deps.payments.retrieveCheckoutSession(existing.sessionId);
    if (session?.status === "open" && session.url) return { ok: true, kind: "checkout", url: session.url };
  } else if (existing && !claimIsStale(existing.sessionId, now)) {
    return { ok: false, reason: "busy", message: CHECKOUT_BUSY };
  }
  // Compare-and-swap on what was read: of two requests, one claims and the other is told to wait.
  const claim = claimValue(now);
  const claimed = await deps.db
    .insert(billingCheckouts)
    .values({ userId: viewer.id, sessionId: claim, url: "", createdAt: now })
    .onConflictDoUpdate({
      target: billingCheckouts.userId,
      set: { sessionId: claim, url: "", createdAt: now },
      setWhere: existing ? eq(billingCheckouts.sessionId, existing.sessionId) : sql`false`,
    })
    .returning({ userId: billingCheckouts.userId });
  if (claimed.length === 0) return { ok: false, reason: "busy", message: CHECKOUT_BUSY };
  try {
    const session = await deps.payments.createCheckoutSession(
      {
        customerId,
        priceId: deps.payments.priceId,
        userId: viewer.id,
        trialDays,
        successUrl: `${deps.site.url}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.site.url}/subscription/cancel`,
      },
      `checkout:${claim.slice(CLAIM.length)}`,
    );
    if (!session.url) throw new Error("the provider returned a checkout without a URL");
    await deps.db
      .update(billingCheckouts)
      .set({ sessionId: session.id, url: session.url })
      .where(and(eq(billingCheckouts.userId, viewer.id), eq(billingCheckouts.sessionId, claim)));
    return { ok: true, kind: "checkout", url: session.url };
  } catch (error) {
    await deps.db
      .delete(billingCheckouts)
      .where(and(eq(billingCheckouts.userId, viewer.id), eq(billingCheckouts.sessionId, claim)));
    throw error;
  }
}

export type PortalResult =
  | { ok: true; url: string }
  | { ok: false; reason: "no-subscription" | "rate-limited" | "provider-error"; message: string };

/** The provider's page for managing the plan: payment method, cancelling, resuming. */
export async function openPortal(deps: BillingDeps, viewer: Viewer): Promise<PortalResult> {
  const [row] = await deps.db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  const customerId = row?.customerId;
  if (!customerId || customerId.startsWith(CLAIM)) {
    return { ok: false, reason: "no-subscription", message: "You don't have a subscription to manage yet." };
  }
  const limit = await checkoutLimiter.hit(viewer.id);
  if (!limit.allowed) return { ok: false, reason: "rate-limited", message: tooMany(limit.retryAfterSeconds) };
  try {
    const portal = await deps.payments.createPortalSession(
      { customerId, returnUrl: `${deps.site.url}/settings/billing` },
      `portal:${randomUUID()}`,
    );
    return { ok: true, url: portal.url };
  } catch {
    return { ok: false, reason: "provider-error", message: "Failed to open the billing portal. Please try again." };
  }
}

/**
 * The success page: the checkout is looked up at the provider (never trusted from the URL), must be
 * the viewer's own, and its customer is synced before the page renders.
 */
export async function confirmCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  sessionId: string | null,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!sessionId || sessionId.length > 255) return { ok: false, reason: "not-found" };
  const session = await deps.payments.retrieveCheckoutSession(sessionId).catch(() => null);
  if (!session || session.clientReferenceId !== viewer.id || !session.customerId)
    return { ok: false, reason: "not-found" };
  const [row] = await deps.db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  if (row?.customerId !== session.customerId) return { ok: false, reason: "not-found" };
  await syncSubscription(deps, session.customerId);
  if (session.status === "complete") {
    await deps.db
      .delete(billingCheckouts)
      .where(and(eq(billingCheckouts.userId, viewer.id), eq(billingCheckouts.sessionId, session.id)));
  }
  return { ok: true };
}
