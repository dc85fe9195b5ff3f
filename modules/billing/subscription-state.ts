import type { ProviderSubscription, ProviderSubscriptionStatus } from "~/lib/adapters/payments/payments-adapter";
import type { SubscriptionStatus } from "~/modules/auth/viewer";

/**
 * How the provider's subscription becomes ours. Derived from the subscription as it is now, never
 * from which event arrived, so events delivered late or out of order end in the right state.
 */

export const PLAN_NAME = "Professional Plan";
export const TRIAL_DAYS = 14;

/** Statuses of a subscription that still exists at the provider: one of these blocks a second checkout. */
const LIVE_STATUSES: ReadonlySet<ProviderSubscriptionStatus> = new Set([
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
]);

export function isLive(status: ProviderSubscriptionStatus): boolean {
  return LIVE_STATUSES.has(status);
}

/**
 * Our status for the provider's: trialing and active grant the plan; past_due keeps it while the
 * provider retries; unpaid (retries exhausted) and paused suspend it; canceled ends it. A
 * first payment that is incomplete (or expired so) grants nothing (null: the profile stays as it is).
 */
export function derivedStatus(status: ProviderSubscriptionStatus): SubscriptionStatus | null {
  switch (status) {
    case "trialing":
    case "active":
    case "past_due":
      return "active";
    case "unpaid":
    case "paused":
      return "suspended";
    case "canceled":
      return "cancelled";
    case "incomplete":
    case "incomplete_expired":
      return null;
  }
}

/** The subscription that decides the customer's state: the newest live one, else the newest of all. */
export function currentSubscription(subscriptions: ProviderSubscription[]): ProviderSubscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created.getTime() - a.created.getTime());
  return newestFirst.find((subscription) => isLive(subscription.status)) ?? newestFirst[0] ?? null;
}
