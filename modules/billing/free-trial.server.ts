import { eq } from "drizzle-orm";
import { billingSubscriptions } from "~/db/schema";
import type { ProviderSubscription } from "~/lib/adapters/payments/payments-adapter";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { TRIAL_DAYS } from "~/modules/billing/subscription-state";

/**
 * The days of free trial a checkout gives the viewer: TRIAL_DAYS for a customer who has never had a
 * subscription, else 0. Our record is the subscription mirror (`billing_subscriptions`), which the
 * first sync of any subscription writes and nothing removes, so cancelling — in the trial or after —
 * never earns a second one. At checkout the provider's history of the customer is passed too, and
 * any subscription in it counts (one made before our record, or elsewhere). The plan card and the
 * billing page ask without it; a signed-out visitor is told of the trial.
 */
export async function freeTrialDays(
  db: Executor,
  viewer: Viewer | null,
  providerHistory: readonly ProviderSubscription[] = [],
): Promise<number> {
  if (!viewer) return TRIAL_DAYS;
  if (providerHistory.length > 0) return 0;
  const [recorded] = await db
    .select({ userId: billingSubscriptions.userId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, viewer.id));
  return recorded ? 0 : TRIAL_DAYS;
}
