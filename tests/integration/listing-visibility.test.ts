import { eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { listings, profiles } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { featuredListings, findListing, searchListings } from "~/modules/listings/listing-queries.server";
import { propertiesFor } from "~/modules/listings/properties.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { notPublicReasons } from "~/modules/listings/visibility";
import { ownerPublishesColumn, publiclyVisibleSql } from "~/modules/listings/visibility.server";
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

/** The reasons the properties screen gives `landlord` for their listing called `title`. */
async function reasonsOnProperties(db: Database, landlord: Viewer, title: string) {
  const { rows } = await propertiesFor(db, landlord, { q: title, page: 1, pageSize: 12 });
  return rows.find((row) => row.title === title)?.notPublic;
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

  it("a search's total leaves out the listings a suspended or cancelled plan withholds, on every page", async () => {
    const { db } = use();
    const word = `plan${randomUUID().slice(0, 8)}`;
    const active = await createTestViewer(db, { role: "landlord" });
    const suspended = await createTestViewer(db, { role: "landlord", subscriptionStatus: "suspended" });
    const cancelled = await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" });
    for (let index = 0; index < 13; index += 1) {
      await createTestListing(db, { landlordId: active.id, title: `Room ${word} ${index}` });
    }
    await createTestListing(db, { landlordId: suspended.id, title: `Room ${word} suspended` });
    await createTestListing(db, { landlordId: cancelled.id, title: `Room ${word} cancelled` });
    // Pages of 12 and, past the last page, none: each total comes from the count, not a short page.
    for (const page of ["1", "3"]) {
      const search = await searchListings(db, parseSearchParams(new URLSearchParams({ title: word, page })));
      if (!search.ok) throw new Error(`search answered ${search.reason}`);
      expect({ total: search.total, exact: search.totalIsExact }, `page ${page}`).toEqual({ total: 13, exact: true });
    }
  });

  it("listings of admins and of landlords who never subscribed stay public", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin", subscriptionStatus: "cancelled" });
    const pending = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    expect((await publicEverywhere(db, await createTestListing(db, { landlordId: admin.id }))).search).toBe(true);
    expect((await publicEverywhere(db, await createTestListing(db, { landlordId: pending.id }))).search).toBe(true);
  });

  it("a listing without an Available From date is in no public list, its page says it is not available, and its landlord is told why", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const title = `Dateless room ${Date.now()}`;
    const id = await createTestListing(db, { landlordId: landlord.id, title, availableFrom: null });
    expect(await publicEverywhere(db, id)).toEqual({ search: false, featured: false, sitemap: false, page: true });
    expect((await findListing(db, id))?.notPublic).toEqual(["no_available_from"]);
    expect(await reasonsOnProperties(db, landlord, title)).toEqual(["no_available_from"]);

    // A date, even a past one, lists it everywhere at once.
    await db.update(listings).set({ availableFrom: "2026-11-13" }).where(eq(listings.listingId, id));
    expect(await publicEverywhere(db, id)).toEqual({ search: true, featured: true, sitemap: true, page: true });
    expect((await findListing(db, id))?.notPublic).toEqual([]);
    expect(await reasonsOnProperties(db, landlord, title)).toEqual([]);
  });

  it("the SQL rule and the reasons agree on every combination of the facts", async () => {
    const { db } = use();
    const active = await createTestViewer(db, { role: "landlord" });
    const suspended = await createTestViewer(db, { role: "landlord", subscriptionStatus: "suspended" });
    const ids: string[] = [];
    for (const landlordId of [active.id, suspended.id]) {
      for (const availableFrom of ["2026-12-01", null]) {
        for (const status of ["available", "let", "under_review", "hidden"] as const) {
          for (const freshnessPausedAt of [null, new Date()]) {
            ids.push(await createTestListing(db, { landlordId, availableFrom, status, freshnessPausedAt }));
          }
        }
      }
    }
    const rows = await db
      .select({
        row: listings,
        ownerPublishes: ownerPublishesColumn(),
        inSql: sql<boolean>`${publiclyVisibleSql()}`,
      })
      .from(listings)
      .where(inArray(listings.listingId, ids));
    expect(rows).toHaveLength(32);
    for (const { row, ownerPublishes, inSql } of rows) {
      expect(notPublicReasons({ ...row, ownerPublishes }).length === 0, JSON.stringify(row)).toBe(inSql);
    }
    expect(rows.filter((row) => row.inSql)).toHaveLength(2); // an active landlord's dated, unpaused available and let
  });
});
