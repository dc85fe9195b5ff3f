import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import {
  checkCard,
  SANDBOX_PRICE,
  SandboxPayments,
  type CardInput,
  type SignedEvent,
} from "~/lib/adapters/payments/sandbox-payments.server";
import type { SandboxClockStep } from "~/lib/adapters/payments/sandbox-clock";
import type { Viewer } from "~/modules/auth/viewer";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { formatAmount, formatBillingDate } from "~/modules/billing/billing-format";
import { PLAN_NAME } from "~/modules/billing/subscription-state";
import { handlePaymentWebhook } from "~/modules/billing/webhook.server";

/**
 * The sandbox provider's pages (checkout, portal) and its clock. Every change it makes reaches our
 * state only as a signed event through the webhook handler, exactly as Stripe's would.
 */

export type SandboxActionResult =
  { ok: true; redirectTo: string } | { ok: false; reason: "not-found" | "invalid"; message: string };

function sandboxOf(deps: BillingDeps): SandboxPayments | null {
  return deps.payments instanceof SandboxPayments ? deps.payments : null;
}

/** Hands the sandbox's events to the webhook handler, in order. */
export async function deliverSandboxEvents(deps: BillingDeps, events: SignedEvent[]): Promise<void> {
  for (const event of events) await handlePaymentWebhook(deps, event.payload, event.signature);
}

export interface SandboxCheckoutView {
  sessionId: string;
  plan: string;
  price: string;
  /** 0 when the customer has had their free trial: the first month is charged now. */
  trialDays: number;
  firstPayment: string;
  dueToday: string;
  email: string;
}

/** The checkout page: only the viewer's own open checkout. */
export async function sandboxCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  sessionId: string,
): Promise<SandboxCheckoutView | null> {
  const session = await sandboxOf(deps)?.checkoutSession(sessionId);
  if (!session || session.clientReferenceId !== viewer.id || session.status !== "open") return null;
  const now = deps.now?.() ?? new Date();
  return {
    sessionId: session.id,
    plan: PLAN_NAME,
    price: formatAmount(SANDBOX_PRICE.amountCents),
    trialDays: session.trialDays,
    firstPayment: formatBillingDate(new Date(now.getTime() + session.trialDays * 86_400_000)),
    dueToday: formatAmount(session.trialDays > 0 ? 0 : SANDBOX_PRICE.amountCents),
    email: viewer.email,
  };
}

export async function paySandboxCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  input: { sessionId: string; card: CardInput },
): Promise<SandboxActionResult> {
  const sandbox = sandboxOf(deps);
  const session = await sandbox?.checkoutSession(input.sessionId);
  if (!sandbox || !session || session.clientReferenceId !== viewer.id || session.status !== "open") {
    return { ok: false, reason: "not-found", message: "This checkout is no longer open." };
  }
  const card = checkCard(input.card, deps.now?.());
  if (!card.ok) return { ok: false, reason: "invalid", message: card.reason };
  const result = await sandbox.completeCheckout(session.id, card);
  if (!result.ok) return { ok: false, reason: "invalid", message: result.reason };
  await deliverSandboxEvents(deps, result.events);
  return { ok: true, redirectTo: session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id) };
}

export async function cancelSandboxCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  sessionId: string,
): Promise<SandboxActionResult> {
  const sandbox = sandboxOf(deps);
  const session = await sandbox?.checkoutSession(sessionId);
  if (!sandbox || !session || session.clientReferenceId !== viewer.id) {
    return { ok: false, reason: "not-found", message: "This checkout is no longer open." };
  }
  const result = await sandbox.expireCheckout(session.id);
  if (result.ok) await deliverSandboxEvents(deps, result.events);
  return { ok: true, redirectTo: session.cancelUrl };
}

async function viewerCustomerId(deps: BillingDeps, viewer: Viewer): Promise<string | null> {
  const [row] = await deps.db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  return row?.customerId ?? null;
}

export type PortalAction = { action: "cancel" } | { action: "resume" } | { action: "change-card"; card: CardInput };

/** The portal's actions, always on the viewer's own subscription. */
export async function sandboxPortalAction(
  deps: BillingDeps,
  viewer: Viewer,
  input: PortalAction,
): Promise<SandboxActionResult> {
  const sandbox = sandboxOf(deps);
  const customerId = await viewerCustomerId(deps, viewer);
  if (!sandbox || !customerId)
    return { ok: false, reason: "not-found", message: "There is no subscription to change." };
  let change: { cancelAtPeriodEnd: boolean } | { card: { brand: string; last4: string } };
  if (input.action === "change-card") {
    const card = checkCard(input.card, deps.now?.());
    if (!card.ok) return { ok: false, reason: "invalid", message: card.reason };
    change = { card };
  } else change = { cancelAtPeriodEnd: input.action === "cancel" };
  const result = await sandbox.updateSubscription(customerId, change);
  if (!result.ok) return { ok: false, reason: "invalid", message: result.reason };
  await deliverSandboxEvents(deps, result.events);
  return { ok: true, redirectTo: "/settings/billing" };
}

/**
 * Moves a sandbox subscription's clock on (development pages and the npm script only): the one
 * given, or the newest live one of the customer with that e-mail.
 */
export async function advanceSandboxClock(
  deps: BillingDeps,
  input: { subscriptionId?: string; email?: string; step: SandboxClockStep },
): Promise<SandboxActionResult> {
  const sandbox = sandboxOf(deps);
  if (!sandbox) return { ok: false, reason: "not-found", message: "The sandbox is not the payment provider." };
  const email = input.email?.trim().toLowerCase();
  const subscriptionId =
    input.subscriptionId ||
    (email
      ? (await sandbox.listAll()).find((row) => row.email.toLowerCase() === email && row.status !== "canceled")?.id
      : undefined);
  if (!subscriptionId) return { ok: false, reason: "not-found", message: "No such subscription." };
  const result = await sandbox.advance(subscriptionId, input.step);
  if (!result.ok) return { ok: false, reason: "invalid", message: result.reason };
  await deliverSandboxEvents(deps, result.events);
  return { ok: true, redirectTo: "/dev/billing" };
}

/** Every sandbox subscription, for the clock page. */
export async function sandboxSubscriptions(deps: BillingDeps) {
  return (await sandboxOf(deps)?.listAll()) ?? [];
}

/** A sandbox invoice, for its owner only. */
export async function sandboxInvoice(deps: BillingDeps, viewer: Viewer, invoiceId: string) {
  const invoice = await sandboxOf(deps)?.invoice(invoiceId);
  if (!invoice || invoice.userId !== viewer.id) return null;
  return {
    id: invoice.id,
    number: invoice.id.slice(-8).toUpperCase(),
    email: invoice.email,
    amount: formatAmount(invoice.amountCents, invoice.currency),
    status: invoice.status,
    date: formatBillingDate(invoice.createdAt),
    period: `${formatBillingDate(invoice.periodStart)} – ${formatBillingDate(invoice.periodEnd)}`,
    plan: PLAN_NAME,
  };
}

export async function sandboxPortal(deps: BillingDeps, viewer: Viewer) {
  const sandbox = sandboxOf(deps);
  const customerId = await viewerCustomerId(deps, viewer);
  if (!sandbox || !customerId) return null;
  const [subscription] = await sandbox.listSubscriptions(customerId);
  if (!subscription) return null;
  return {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    periodEnd: subscription.currentPeriodEnd ? formatBillingDate(subscription.currentPeriodEnd) : null,
    card: subscription.card
      ? `${subscription.card.brand.charAt(0).toUpperCase()}${subscription.card.brand.slice(1)} ending in ${subscription.card.last4}`
      : null,
    ended: subscription.status === "canceled",
  };
}
