import { roleWithLivePlan } from "~/modules/auth/viewer";
import { eq, sql } from "drizzle-orm";
import { billingSubscriptions, listings, paymentEvents, profiles, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { PaymentEvent, ProviderSubscription } from "~/lib/adapters/payments/payments-adapter";
import type { Executor } from "~/lib/db/client.server";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { formatAmount, formatBillingDate } from "~/modules/billing/billing-format";
import { currentSubscription, derivedStatus, PLAN_NAME } from "~/modules/billing/subscription-state";
import { paymentFailedEmail, subscriptionEndedEmail, subscriptionStartedEmail } from "~/modules/mail/billing-emails";

/**
 * "updated": our state was written; "not-ours": no user has this customer; "duplicate": the event
 * was already processed, so nothing happened.
 */
export type SyncOutcome = "updated" | "not-ours" | "duplicate";

/**
 * The one way provider state becomes ours: re-reads the customer's subscriptions from the provider
 * and writes the profile (status, role, plan, dates, ids), our copy of the subscription and the
 * e-mails a change calls for, in one transaction. With an event, the event's id is recorded in the
 * same transaction, so a replay changes nothing. Called by the webhook handler, the success page
 * and the reconcile job.
 */
export async function syncSubscription(
  deps: BillingDeps,
  customerId: string,
  options: { event?: PaymentEvent } = {},
): Promise<SyncOutcome> {
  const subscriptions = await deps.payments.listSubscriptions(customerId);
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    if (options.event && !(await recordProcessedEvent(tx, options.event, now))) return "duplicate";
    return applySubscription(tx, deps, customerId, currentSubscription(subscriptions), now);
  });
}

/** Records the event as processed; false when it already was (a replay). */
export async function recordProcessedEvent(tx: Executor, event: PaymentEvent, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, customerId: event.customerId, status: "processed", processedAt: now })
    .onConflictDoUpdate({
      target: paymentEvents.id,
      set: { status: "processed", error: null, processedAt: now, attempts: sql`${paymentEvents.attempts} + 1` },
      setWhere: eq(paymentEvents.status, "failed"),
    })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

async function applySubscription(
  tx: Executor,
  deps: BillingDeps,
  customerId: string,
  subscription: ProviderSubscription | null,
  now: Date,
): Promise<SyncOutcome> {
  const [profile] = await tx
    .select({
      id: profiles.id,
      role: profiles.role,
      status: profiles.subscriptionStatus,
      startDate: profiles.subscriptionStartDate,
      email: users.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.stripeCustomerId, customerId))
    .for("update", { of: profiles });
  if (!profile) return "not-ours";
  if (!subscription) return "updated";

  const [previous] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, profile.id));
  const derived = derivedStatus(subscription.status);
  const sameSubscription = previous?.subscriptionId === subscription.id;
  const changed = derived !== null && (derived !== previous?.derivedStatus || !sameSubscription);

  const mirror = {
    customerId,
    subscriptionId: subscription.id,
    providerStatus: subscription.status,
    derivedStatus: derived ?? previous?.derivedStatus ?? null,
    priceId: subscription.priceId,
    amountCents: subscription.amountCents,
    currency: subscription.currency,
    interval: subscription.interval,
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endedAt: subscription.endedAt,
    cardBrand: subscription.card?.brand ?? null,
    cardLast4: subscription.card?.last4 ?? null,
    syncedAt: now,
    ...(sameSubscription ? {} : { trialReminderSentAt: null }),
  };
  await tx
    .insert(billingSubscriptions)
    .values({ userId: profile.id, ...mirror })
    .onConflictDoUpdate({ target: billingSubscriptions.userId, set: mirror });

  const billingUrl = `${deps.site.url}/settings/billing`;
  const mail = { siteName: deps.site.name, billingUrl };
  if (!changed) {
    if (!sameSubscription) {
      await tx.update(profiles).set({ stripeSubscriptionId: subscription.id }).where(eq(profiles.id, profile.id));
    }
  } else {
    // Staff and admins keep their role; anyone else with a live plan is a landlord.
    const role = derived === "active" ? roleWithLivePlan(profile.role) : profile.role;
    await tx
      .update(profiles)
      .set({
        role,
        subscriptionStatus: derived,
        subscriptionPlan: PLAN_NAME,
        stripeSubscriptionId: subscription.id,
        subscriptionStartDate: derived === "active" ? subscription.startDate : profile.startDate,
        subscriptionEndDate: derived === "cancelled" ? (subscription.endedAt ?? now) : null,
      })
      .where(eq(profiles.id, profile.id));
    if (derived === "active" && profile.status !== "active") {
      const trialEnd =
        subscription.status === "trialing" && subscription.trialEnd ? formatBillingDate(subscription.trialEnd) : null;
      await queueMail(tx, { to: profile.email, ...subscriptionStartedEmail({ ...mail, trialEnd }) });
    }
    if (derived === "cancelled" || derived === "suspended") {
      const owned = await tx
        .select({ title: listings.listingTitle })
        .from(listings)
        .where(eq(listings.landlordId, profile.id))
        .orderBy(listings.listingTitle);
      const date = formatBillingDate(derived === "cancelled" ? (subscription.endedAt ?? now) : now);
      await queueMail(tx, {
        to: profile.email,
        ...subscriptionEndedEmail({ ...mail, kind: derived, date, listingTitles: owned.map((row) => row.title) }),
      });
    }
  }
  if (subscription.status === "past_due" && previous?.providerStatus !== "past_due") {
    const amount = formatAmount(subscription.amountCents ?? 0, subscription.currency ?? "aud");
    await queueMail(tx, { to: profile.email, ...paymentFailedEmail({ ...mail, amount }) });
  }
  return "updated";
}
