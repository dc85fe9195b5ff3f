/**
 * Subscription figures for the admin overview, from our copy of each subscription
 * (`billing_subscriptions`, the provider's last word). Definitions (ADR 105):
 *
 * - paying: provider status `active` or `past_due` (the provider is still collecting a late
 *   payment; the subscription has not ended). A subscription set to cancel at the period's end is
 *   paying until it ends.
 * - trials: provider status `trialing`.
 * - MRR: the sum over paying subscriptions of their price as a monthly amount (a yearly price ÷ 12,
 *   a weekly one × 52 ÷ 12, a daily one × 365 ÷ 12), per currency; trials count nothing.
 * - churn over the window: subscriptions that ended within it after paying (not those that ended
 *   while still in their trial), divided by those paying at any time in it (paying now plus those
 *   that ended). We keep each subscription's current state, not its history, so this is the rate
 *   the records can support exactly.
 */

export const PAYING_STATUSES = ["active", "past_due"] as const;
const DAY_MS = 24 * 60 * 60_000;

export interface SubscriptionRecord {
  providerStatus: string;
  amountCents: number | null;
  currency: string | null;
  interval: string | null;
  trialEnd: Date | null;
  endedAt: Date | null;
}

export interface SubscriptionMetrics {
  paying: number;
  trials: number;
  /** Ended in the window after paying. */
  churned: number;
  /** churned ÷ (paying + churned), or null when there is nobody to lose. */
  churnRate: number | null;
  /** Monthly recurring revenue in cents per currency (upper-case code), largest first. */
  mrr: { currency: string; cents: number }[];
  windowDays: number;
}

/** A price per `interval` as a monthly amount in cents (rounded to the cent), or null for an unknown interval. */
export function monthlyCents(amountCents: number, interval: string | null): number | null {
  switch (interval) {
    case "month":
      return amountCents;
    case "year":
      return Math.round(amountCents / 12);
    case "week":
      return Math.round((amountCents * 52) / 12);
    case "day":
      return Math.round((amountCents * 365) / 12);
    default:
      return null;
  }
}

const isPaying = (record: SubscriptionRecord) =>
  (PAYING_STATUSES as readonly string[]).includes(record.providerStatus) && record.endedAt === null;

export function subscriptionMetrics(records: SubscriptionRecord[], now: Date, windowDays = 30): SubscriptionMetrics {
  const windowStart = now.getTime() - windowDays * DAY_MS;
  let paying = 0;
  let trials = 0;
  let churned = 0;
  const mrr = new Map<string, number>();
  for (const record of records) {
    if (isPaying(record)) {
      paying += 1;
      const monthly = record.amountCents === null ? null : monthlyCents(record.amountCents, record.interval);
      if (monthly !== null) {
        const currency = (record.currency ?? "aud").toUpperCase();
        mrr.set(currency, (mrr.get(currency) ?? 0) + monthly);
      }
    } else if (record.providerStatus === "trialing" && record.endedAt === null) {
      trials += 1;
    } else if (record.endedAt !== null) {
      const ended = record.endedAt.getTime();
      const endedInTrial = record.trialEnd !== null && ended <= record.trialEnd.getTime();
      if (ended >= windowStart && ended <= now.getTime() && !endedInTrial) churned += 1;
    }
  }
  return {
    paying,
    trials,
    churned,
    churnRate: paying + churned === 0 ? null : churned / (paying + churned),
    mrr: [...mrr].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => b.cents - a.cents),
    windowDays,
  };
}
