import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { mailOutbox, profiles } from "~/db/schema";
import { SandboxPayments } from "~/lib/adapters/payments/sandbox-payments.server";
import type { Database } from "~/lib/db/client.server";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { RECONCILE_AFTER_MS, reconcileSubscriptions, remindTrialsEnding } from "~/modules/billing/billing-tasks.server";
import { deliverSandboxEvents } from "~/modules/billing/sandbox.server";
import { createTestCustomer, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const DAY_MS = 86_400_000;
const silent = { warn: () => undefined };

function depsAt(db: Database, clock: { now: Date }): BillingDeps & { payments: SandboxPayments } {
  const now = () => clock.now;
  return {
    db,
    payments: new SandboxPayments(db, "whsec_tasks", now),
    site: { name: "Laneway Rooms", url: "http://localhost:3000" },
    now,
  };
}

/** A user whose sandbox trial has started, with every event delivered. */
async function trialing(deps: BillingDeps & { payments: SandboxPayments }) {
  const viewer = await createTestViewer(deps.db);
  const customerId = await createTestCustomer(deps.db, deps.payments, viewer);
  const session = await deps.payments.createCheckoutSession(
    { customerId, priceId: deps.payments.priceId, userId: viewer.id, trialDays: 14, successUrl: "s", cancelUrl: "c" },
    `k:${viewer.id}`,
  );
  const paid = await deps.payments.completeCheckout(session.id, { brand: "visa", last4: "4242" });
  if (!paid.ok) throw new Error(paid.reason);
  await deliverSandboxEvents(deps, paid.events);
  const [subscription] = await deps.payments.listSubscriptions(customerId);
  return { viewer, customerId, subscriptionId: subscription?.id ?? "" };
}

const subjectsTo = async (db: Database, to: string) =>
  (await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to))).map(
    (row) => row.subject,
  );

describeEachDatabase("billing background tasks", (use) => {
  it("sends one 'trial ends in 3 days' e-mail per trial, even from two instances at once", async () => {
    const clock = { now: new Date() };
    const deps = depsAt(use().db, clock);
    const { viewer } = await trialing(deps);
    expect(await remindTrialsEnding(deps)).toBe(0);

    clock.now = new Date(clock.now.getTime() + 11.5 * DAY_MS);
    const counts = await Promise.all([remindTrialsEnding(deps), remindTrialsEnding(deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindTrialsEnding(deps)).toBe(0);
    expect(await subjectsTo(deps.db, viewer.email)).toEqual([
      "Your Professional Plan has started",
      "Your free trial ends in 3 days",
    ]);
  });

  it("the reconcile re-reads a subscription whose webhook was lost", async () => {
    const clock = { now: new Date() };
    const deps = depsAt(use().db, clock);
    const { viewer, subscriptionId } = await trialing(deps);
    // The provider ends the subscription, but its event never arrives.
    const ended = await deps.payments.advance(subscriptionId, "cancelled");
    expect(ended.ok).toBe(true);
    expect(await reconcileSubscriptions(deps, silent)).toEqual({ synced: 0, failed: 0 });

    clock.now = new Date(clock.now.getTime() + RECONCILE_AFTER_MS + 60_000);
    const runs = await Promise.all([reconcileSubscriptions(deps, silent), reconcileSubscriptions(deps, silent)]);
    expect(runs.reduce((sum, run) => sum + run.synced, 0)).toBe(1);
    const [profile] = await deps.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(profile?.subscriptionStatus).toBe("cancelled");
  });
});
