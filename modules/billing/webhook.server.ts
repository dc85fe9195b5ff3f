import { eq, sql } from "drizzle-orm";
import { paymentEvents } from "~/db/schema";
import { PaymentSignatureError, type PaymentEvent } from "~/lib/adapters/payments/payments-adapter";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { recordProcessedEvent, syncSubscription } from "~/modules/billing/sync-subscription.server";

/** Events that can change a subscription; each one leads to a sync of its customer. */
const SUBSCRIPTION_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_succeeded",
  "invoice.marked_uncollectible",
]);

const MAX_ERROR_LENGTH = 1000;

export type WebhookResult =
  | { ok: true; outcome: "processed" | "duplicate" | "ignored" }
  | { ok: false; reason: "bad-signature" | "failed"; message: string };

/**
 * One delivered webhook: the signature is checked on the raw body first (a bad or stale one
 * changes nothing); events about a subscription sync its customer, with the event id recorded in
 * the same transaction; other types are recorded and ignored, so the provider never sees an error
 * for them. A failure rolls the effect back, keeps the error on the event's row, and is reported
 * so the provider delivers the event again.
 */
export async function handlePaymentWebhook(
  deps: BillingDeps,
  payload: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  let event: PaymentEvent;
  try {
    event = deps.payments.verifyEvent(payload, signature ?? "");
  } catch (error) {
    if (error instanceof PaymentSignatureError) return { ok: false, reason: "bad-signature", message: error.message };
    throw error;
  }
  const now = deps.now?.() ?? new Date();
  try {
    if (!SUBSCRIPTION_EVENTS.has(event.type) || !event.customerId) {
      const fresh = await deps.db.transaction((tx) => recordProcessedEvent(tx, event, now));
      return { ok: true, outcome: fresh ? "ignored" : "duplicate" };
    }
    const outcome = await syncSubscription(deps, event.customerId, { event });
    return { ok: true, outcome: outcome === "duplicate" ? "duplicate" : "processed" };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    await deps.db
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, customerId: event.customerId, status: "failed", error: message })
      .onConflictDoUpdate({
        target: paymentEvents.id,
        set: { error: message, attempts: sql`${paymentEvents.attempts} + 1` },
        setWhere: eq(paymentEvents.status, "failed"),
      });
    return { ok: false, reason: "failed", message };
  }
}
