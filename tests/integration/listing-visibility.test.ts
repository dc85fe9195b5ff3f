import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { profiles } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { featuredListings, findListing, searchListings } from "~/modules/listings/listing-queries.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { sitemapContent } from "~/modules/seo/sitemap.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

async function publicEverywhere(db: Database, id: string) {
  const search = await searchListings(db, parseSearchParams(new URLSearchParams()));
  if (!search.ok) throw new Error(`search answered ${search.reason}`);
  const featured = await featuredListings(db, 50);
  const sitemap = await sitemapContent(db);
  return {
    search: search.listings.some((listing) => listing.id === id),
    featured: featured.some((listing) => listing.id === id),
    sitemap: sitemap.listings.some((listing) => listing.id === id),
    page: (await findListing(db, id)) !== null,
  };
}

describeEachDatabase("public visibility of listings", (use) => {
  it("a suspended or cancelled landlord's listings leave search, featured, the sitemap and their page, and return when the plan is active", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const id = await createTestListing(db, { landlordId: landlord.id });
    const everywhere = { search: true, featured: true, sitemap: true, page: true };
    const nowhere = { search: false, featured: false, sitemap: false, page: false };
    expect(await publicEverywhere(db, id)).toEqual(everywhere);

    for (const status of ["suspended", "cancelled"] as const) {
      await db.update(profiles).set({ subscriptionStatus: status }).where(eq(profiles.id, landlord.id));
      expect(await publicEverywhere(db, id), status).toEqual(nowhere);
    }
    await db.update(profiles).set({ subscriptionStatus: "active" }).where(eq(profiles.id, landlord.id));
    expect(await publicEverywhere(db, id)).toEqual(everywhere);
  });

  it("listings of admins and of landlords who never subscribed stay public", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin", subscriptionStatus: "cancelled" });
    const pending = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    expect((await publicEverywhere(db, await createTestListing(db, { landlordId: admin.id }))).search).toBe(true);
    expect((await publicEverywhere(db, await createTestListing(db, { landlordId: pending.id }))).search).toBe(true);
  });
});
