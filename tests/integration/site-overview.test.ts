import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { conversations } from "~/db/schema";
import { melbourneDay } from "~/modules/admin/site-overview";
import { siteOverview } from "~/modules/admin/site-overview.server";
import {
  createTestConversation,
  createTestListing,
  createTestSubscription,
  createTestViewer,
} from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const DAY_MS = 24 * 60 * 60_000;

describeEachDatabase("the admin site overview", (use) => {
  it("counts live listings, new listings, enquiries and lets per day, and the subscription figures", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const tenant = await createTestViewer(db);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

    // Listings: two live (one listed 40 days ago, outside the daily window), one hidden, one let.
    await createTestListing(db, { landlordId: landlord.id, createdAt: daysAgo(3) });
    await createTestListing(db, { landlordId: landlord.id, createdAt: daysAgo(40) });
    await createTestListing(db, { landlordId: landlord.id, status: "hidden", createdAt: daysAgo(3) });
    // Two enquiries (each on a fresh live listing, listed today); one closed as let.
    const first = await createTestConversation(db, tenant, landlord);
    await createTestConversation(db, tenant, landlord);
    await db.update(conversations).set({ status: "let" }).where(eq(conversations.id, first.conversationId));

    // Subscriptions made by the factory: two paying (one yearly), one trial, one churned, one ended in its trial.
    const subscriber = async () => (await createTestViewer(db, { role: "landlord" })).id;
    await createTestSubscription(db, await subscriber());
    await createTestSubscription(db, await subscriber(), { interval: "year", amountCents: 47_988 });
    await createTestSubscription(db, await subscriber(), { providerStatus: "trialing", trialEnd: daysAgo(-7) });
    await createTestSubscription(db, await subscriber(), {
      providerStatus: "canceled",
      trialEnd: daysAgo(60),
      endedAt: daysAgo(5),
    });
    await createTestSubscription(db, await subscriber(), {
      providerStatus: "canceled",
      trialEnd: daysAgo(1),
      endedAt: daysAgo(2),
    });

    const result = await siteOverview(db, staff, new Date());
    if (!result.ok) throw new Error(result.reason);
    const { overview } = result;
    expect(overview.listingsLive).toBe(4);
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)?.day).toBe(melbourneDay(new Date()));
    const total = (key: "newListings" | "enquiries" | "lets") => overview.days.reduce((sum, day) => sum + day[key], 0);
    expect([total("newListings"), total("enquiries"), total("lets")]).toEqual([4, 2, 1]);
    expect(overview.days.find((day) => day.day === melbourneDay(daysAgo(3)))?.newListings).toBe(2);
    expect(overview.subscriptions).toEqual({
      paying: 2,
      trials: 1,
      churned: 1,
      churnRate: 1 / 3,
      mrr: [{ currency: "AUD", cents: 4999 + 3999 }],
      windowDays: 30,
    });
  });

  it("is for staff and admins only", async () => {
    const { db } = use();
    for (const viewer of [
      await createTestViewer(db),
      await createTestViewer(db, { role: "landlord" }),
      await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" }),
    ]) {
      expect(await siteOverview(db, viewer)).toEqual({ ok: false, reason: "forbidden" });
    }
    const admin = await createTestViewer(db, { role: "admin" });
    expect(await siteOverview(db, admin)).toMatchObject({ ok: true, overview: { listingsLive: 0 } });
  });
});
