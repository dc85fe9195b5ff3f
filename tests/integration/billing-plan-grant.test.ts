import { expect, it } from "vitest";
import { billingSubscriptions } from "~/db/schema";
import { SandboxPayments } from "~/lib/adapters/payments/sandbox-payments.server";
import type { Database } from "~/lib/db/client.server";
import { setSubscriptionStatus } from "~/modules/admin/users.server";
import { createUser } from "~/modules/auth/create-user.server";
import { findViewer } from "~/modules/auth/viewer.server";
import type { BillingDeps } from "~/modules/billing/billing-deps";
import { billingOverview } from "~/modules/billing/billing-overview.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const meta = { clientAddress: "203.0.113.9" };

function depsFor(db: Database): BillingDeps {
  return {
    db,
    payments: new SandboxPayments(db, "whsec_test_plan_grant"),
    site: { name: "Laneway Rooms", url: "http://localhost:3000" },
  };
}

async function adminNamed(db: Database, firstName: string, lastName: string) {
  return createTestViewer(db, { role: "admin", firstName, lastName });
}

/** A stored copy of a provider subscription in `providerStatus` for the user. */
async function mirrorOf(db: Database, userId: string, providerStatus: string) {
  await db.insert(billingSubscriptions).values({
    userId,
    customerId: `cus_${userId.slice(0, 8)}`,
    subscriptionId: `sub_${userId.slice(0, 8)}`,
    providerStatus,
    amountCents: 4999,
    currency: "aud",
    endedAt: providerStatus === "canceled" ? new Date("2026-10-01T00:00:00Z") : null,
  });
}

describeEachDatabase("a plan granted without a payment", (use) => {
  it("an account set up with an active plan (the demo data) shows the plan, since when, and that it came with the account", async () => {
    const deps = depsFor(use().db);
    const { id } = await createUser(deps.db, {
      email: "set-up@example.com",
      password: "a-long-password",
      role: "landlord",
      subscriptionStatus: "active",
    });
    const viewer = await findViewer(deps.db, id);
    if (!viewer) throw new Error("no viewer");
    const overview = await billingOverview(deps, viewer);
    expect(overview).toMatchObject({
      state: "none",
      status: "active",
      subscription: null,
      grant: { plan: "Professional Plan", grantedBy: { kind: "account-setup" } },
      invoices: [],
    });
    expect(overview.grant?.since).toMatch(/^\d{1,2} \w+ \d{4}$/);
  });

  it("an administrator's override names the administrator; a later override by another names them instead", async () => {
    const deps = depsFor(use().db);
    const first = await adminNamed(deps.db, "Alex", "Admin");
    const second = await adminNamed(deps.db, "Bea", "Boss");
    const tenant = await createTestViewer(deps.db);
    expect((await billingOverview(deps, tenant)).grant).toBeNull();

    expect(await setSubscriptionStatus(deps.db, first, tenant.id, "active", meta)).toMatchObject({ ok: true });
    expect((await billingOverview(deps, tenant)).grant).toMatchObject({
      grantedBy: { kind: "administrator", name: "Alex Admin" },
    });
    expect((await billingOverview(deps, tenant)).grant?.since).toMatch(/^\d{1,2} \w+ \d{4}$/);

    // Taken away, then granted again by someone else: the current grant is theirs.
    await setSubscriptionStatus(deps.db, first, tenant.id, "cancelled", meta);
    expect((await billingOverview(deps, tenant)).grant).toBeNull();
    await setSubscriptionStatus(deps.db, second, tenant.id, "active", meta);
    expect((await billingOverview(deps, tenant)).grant).toMatchObject({
      grantedBy: { kind: "administrator", name: "Bea Boss" },
    });
  });

  it("an override on an account whose paid subscription ended shows the grant, not the ended subscription", async () => {
    const deps = depsFor(use().db);
    const admin = await adminNamed(deps.db, "Alex", "Admin");
    const lapsed = await createTestViewer(deps.db, { role: "landlord", subscriptionStatus: "cancelled" });
    await mirrorOf(deps.db, lapsed.id, "canceled");
    expect((await billingOverview(deps, lapsed)).grant).toBeNull();

    await setSubscriptionStatus(deps.db, admin, lapsed.id, "active", meta);
    const overview = await billingOverview(deps, lapsed);
    expect(overview.grant).toMatchObject({ grantedBy: { kind: "administrator", name: "Alex Admin" } });
  });

  it("a plan paid at the provider is never shown as a grant, even after an override", async () => {
    const deps = depsFor(use().db);
    const admin = await adminNamed(deps.db, "Alex", "Admin");
    const subscriber = await createTestViewer(deps.db, { role: "landlord", subscriptionStatus: "suspended" });
    await mirrorOf(deps.db, subscriber.id, "unpaid");
    await setSubscriptionStatus(deps.db, admin, subscriber.id, "active", meta);
    await deps.db.update(billingSubscriptions).set({ providerStatus: "active" });
    const overview = await billingOverview(deps, subscriber);
    expect(overview.grant).toBeNull();
    expect(overview.subscription).toMatchObject({ providerStatus: "active" });
  });
});
