import { and, eq, gt, inArray, isNull, lt, lte } from "drizzle-orm";
import { billingCheckouts, billingSubscriptions, profiles, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { formatAmount, formatBillingDate } from "~/modules/billing/billing-format";
import { syncSubscription } from "~/modules/billing/sync-subscription.server";
import { trialEndingEmail } from "~/modules/mail/billing-emails";

const DAY_MS = 86_400_000;
/** A subscription is re-read from the provider once it has not been synced for this long (nightly, give or take). */
export const RECONCILE_AFTER_MS = 20 * 60 * 60_000;
/** A checkout left without a sync (the buyer closed the tab before returning, and a webhook was lost). */
const STALE_CHECKOUT_MS = 10 * 60_000;
const BATCH = 50;

/**
 * Queues the "trial ends in 3 days" e-mail for each trial ending within 3 days that has not had
 * one. Rows are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction as the
 * e-mail is queued, so across instances each trial gets exactly one reminder.
 */
export async function remindTrialsEnding(deps: BillingDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        userId: billingSubscriptions.userId,
        trialEnd: billingSubscriptions.trialEnd,
        amountCents: billingSubscriptions.amountCents,
        currency: billingSubscriptions.currency,
        email: users.email,
      })
      .from(billingSubscriptions)
      .innerJoin(users, eq(users.id, billingSubscriptions.userId))
      .where(
        and(
          eq(billingSubscriptions.providerStatus, "trialing"),
          eq(billingSubscriptions.cancelAtPeriodEnd, false),
          isNull(billingSubscriptions.trialReminderSentAt),
          gt(billingSubscriptions.trialEnd, now),
          lte(billingSubscriptions.trialEnd, new Date(now.getTime() + 3 * DAY_MS)),
        ),
      )
      .limit(BATCH)
      .for("update", { of: billingSubscriptions, skipLocked: true });
    for (const row of due) {
      if (!row.trialEnd) continue;
      await queueMail(tx, {
        to: row.email,
        ...trialEndingEmail({
          siteName: deps.site.name,
          billingUrl: `${deps.site.url}/settings/billing`,
          trialEnd: formatBillingDate(row.trialEnd),
          amount: formatAmount(row.amountCents ?? 0, row.currency ?? "aud"),
        }),
      });
      await tx
        .update(billingSubscriptions)
        .set({ trialReminderSentAt: now })
        .where(eq(billingSubscriptions.userId, row.userId));
    }
    return due.length;
  });
}

/**
 * The nightly reconcile: re-reads from the provider every subscription not synced for
 * RECONCILE_AFTER_MS (claimed by moving its synced_at, with SKIP LOCKED, so each is taken by one
 * instance), and every checkout left unconfirmed, so a lost webhook is made good.
 */
export async function reconcileSubscriptions(
  deps: BillingDeps,
  logger: Pick<Logger, "warn">,
): Promise<{ synced: number; failed: number }> {
  const now = deps.now?.() ?? new Date();
  const claimed = await deps.db.transaction(async (tx) => {
    const stale = await tx
      .select({ userId: billingSubscriptions.userId })
      .from(billingSubscriptions)
      .where(lt(billingSubscriptions.syncedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (stale.length === 0) return [];
    return tx
      .update(billingSubscriptions)
      .set({ syncedAt: now })
      .where(
        inArray(
          billingSubscriptions.userId,
          stale.map((row) => row.userId),
        ),
      )
      .returning({ customerId: billingSubscriptions.customerId });
  });
  const checkouts = await deps.db
    .select({ customerId: profiles.stripeCustomerId, userId: billingCheckouts.userId })
    .from(billingCheckouts)
    .innerJoin(profiles, eq(profiles.id, billingCheckouts.userId))
    .where(lt(billingCheckouts.createdAt, new Date(now.getTime() - STALE_CHECKOUT_MS)))
    .limit(BATCH);

  const result = { synced: 0, failed: 0 };
  const customers = new Set([
    ...claimed.map((row) => row.customerId),
    ...checkouts.flatMap((row) => (row.customerId && !row.customerId.startsWith("claim:") ? [row.customerId] : [])),
  ]);
  for (const customerId of customers) {
    try {
      await syncSubscription(deps, customerId);
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      logger.warn({ err: error, customerId }, "subscription reconcile failed; the next run tries again");
    }
  }
  // A checkout older than a day that led nowhere is forgotten; the next Subscribe starts afresh.
  await deps.db.delete(billingCheckouts).where(lt(billingCheckouts.createdAt, new Date(now.getTime() - DAY_MS)));
  return result;
}

/** Starts the reconcile and trial-reminder tasks; returns a stop function. */
export function startBillingTasks(
  deps: () => BillingDeps,
  options: { intervalMs: number; logger: Pick<Logger, "info" | "warn" | "error"> },
): () => Promise<void> {
  const tasks = [
    startPeriodicTask({
      name: "billing-reconcile",
      intervalMs: options.intervalMs,
      logger: options.logger,
      async run() {
        const result = await reconcileSubscriptions(deps(), options.logger);
        if (result.synced + result.failed > 0)
          options.logger.info(result, "subscriptions reconciled with the provider");
      },
    }),
    startPeriodicTask({
      name: "billing-trial-reminders",
      intervalMs: options.intervalMs,
      logger: options.logger,
      async run() {
        const sent = await remindTrialsEnding(deps());
        if (sent > 0) options.logger.info({ sent }, "trial-ending reminders queued");
      },
    }),
  ];
  return async () => {
    await Promise.all(tasks.map((task) => task.stop()));
  };
}
