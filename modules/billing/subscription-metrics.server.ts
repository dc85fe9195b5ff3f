import { billingSubscriptions } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { subscriptionMetrics, type SubscriptionMetrics } from "~/modules/billing/subscription-metrics";

/** The subscription figures (see subscription-metrics.ts) from every subscription record. */
export async function readSubscriptionMetrics(db: Executor, now: Date, windowDays = 30): Promise<SubscriptionMetrics> {
  const records = await db
    .select({
      providerStatus: billingSubscriptions.providerStatus,
      amountCents: billingSubscriptions.amountCents,
      currency: billingSubscriptions.currency,
      interval: billingSubscriptions.interval,
      trialEnd: billingSubscriptions.trialEnd,
      endedAt: billingSubscriptions.endedAt,
    })
    .from(billingSubscriptions);
  return subscriptionMetrics(records, now, windowDays);
}
