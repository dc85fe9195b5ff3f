import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { billingSubscriptions } from "~/db/schema";
import type { Viewer } from "~/modules/auth/viewer";
import {
  mayHaveSubscriptionNotice,
  subscriptionNotice,
  type SubscriptionNotice,
} from "~/modules/billing/subscription-notice";

/** The viewer's subscription notice, if any: one primary-key read, and only when their status can have one. */
export async function subscriptionNoticeFor(db: Database, viewer: Viewer): Promise<SubscriptionNotice | null> {
  const input = { role: viewer.role, status: viewer.subscriptionStatus };
  if (!mayHaveSubscriptionNotice(input)) return null;
  const [mirror] = await db
    .select({ providerStatus: billingSubscriptions.providerStatus })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, viewer.id));
  return subscriptionNotice({ ...input, providerStatus: mirror?.providerStatus ?? null });
}
