import { listingFacts } from "~/modules/listings/listing-facts.server";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, listings } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { ListingFormInput } from "~/modules/listings/listing-form";
import { featuredListings, findListing, searchListings } from "~/modules/listings/listing-queries.server";
import { deleteListing, setListingStatus, updateListing } from "~/modules/listings/listing-write.server";
import { deleteListingAsAdmin, moderateListing, propertiesForModeration } from "~/modules/listings/moderation.server";
import { canSeeUnpublishedListing } from "~/modules/listings/permissions";
import { propertiesFor } from "~/modules/listings/properties.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { sitemapContent } from "~/modules/seo/sitemap.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testMaps, testStorage } from "~/tests/support/services";

const meta = { clientAddress: "192.0.2.44" };
const query = { q: "", page: 1, pageSize: 12 as const };

async function listingRow(db: Database, id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.listingId, id));
  return row;
}
/** The edit form's input for a stored listing, as it stands. */
function formInput(row: typeof listings.$inferSelect): ListingFormInput {
  return {
    title: row.listingTitle,
    address: row.address,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    description: row.description,
    weeklyRent: row.weeklyRent,
    availableFrom: row.availableFrom,
    latitude: row.latitude,
    longitude: row.longitude,
    locationPrecision: row.locationPrecision,
    photos: [],
    ...listingFacts(row),
  };
}
const auditRows = (db: Database) => db.select().from(auditLog).orderBy(auditLog.createdAt);

async function publicIds(db: Database) {
  const search = await searchListings(db, parseSearchParams(new URLSearchParams()));
  if (!search.ok) throw new Error(`search answered ${search.reason}`);
  const featured = await featuredListings(db);
  const sitemap = await sitemapContent(db);
  return {
    search: search.listings.map((listing) => listing.id),
    total: search.total,
    featured: featured.map((listing) => listing.id),
    sitemap: sitemap.listings.map((listing) => listing.id),
  };
}

describeEachDatabase("listing moderation", (use) => {
  it("staff hide a listing with a reason: off search, home, sitemap and its public page; audited", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const hiddenId = await createTestListing(db, { landlordId: landlord.id });
    const shownId = await createTestListing(db, { landlordId: landlord.id });

    expect(
      await moderateListing(db, staff, hiddenId, { status: "hidden", reason: "Photos show another flat" }, meta),
    ).toEqual({ ok: true });

    const visible = await publicIds(db);
    expect(visible.search).toEqual([shownId]);
    expect(visible.total).toBe(1);
    expect(visible.featured).toEqual([shownId]);
    expect(visible.sitemap).toEqual([shownId]);
    expect(await findListing(db, hiddenId)).toBeNull();
    expect(await findListing(db, hiddenId, (row) => canSeeUnpublishedListing(null, row))).toBeNull();
    const tenant = await createTestViewer(db, { role: "tenant" });
    expect(await findListing(db, hiddenId, (row) => canSeeUnpublishedListing(tenant, row))).toBeNull();
    expect(await findListing(db, hiddenId, (row) => canSeeUnpublishedListing(landlord, row))).not.toBeNull();
    expect(await findListing(db, hiddenId, (row) => canSeeUnpublishedListing(staff, row))).not.toBeNull();

    // The landlord sees the status and the reason on Your Properties.
    const own = await propertiesFor(db, landlord, query);
    expect(own.rows.find((row) => row.id === hiddenId)).toMatchObject({
      status: "hidden",
      moderationReason: "Photos show another flat",
    });

    const [row] = await auditRows(db);
    expect(row).toMatchObject({
      actorId: staff.id,
      action: "listing.moderate",
      targetType: "listing",
      targetId: hiddenId,
      before: { status: "available", reason: null },
      after: { status: "hidden", reason: "Photos show another flat" },
      reason: "Photos show another flat",
      clientAddress: "192.0.2.44",
    });

    // Under review is off the site too; available again brings it back.
    await moderateListing(db, staff, hiddenId, { status: "under_review", reason: "Checking the lease" }, meta);
    expect((await publicIds(db)).search).toEqual([shownId]);
    await moderateListing(db, staff, hiddenId, { status: "available", reason: null }, meta);
    expect((await publicIds(db)).search.sort()).toEqual([hiddenId, shownId].sort());
    expect(await auditRows(db)).toHaveLength(3);
  });

  it("a landlord can neither lift nor set moderation; tenants and landlords cannot moderate", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const id = await createTestListing(db, { landlordId: landlord.id });
    await moderateListing(db, staff, id, { status: "hidden", reason: "Scam report" }, meta);

    expect(await setListingStatus(db, landlord, id, "available")).toEqual({ ok: false, reason: "under-moderation" });
    expect(await setListingStatus(db, landlord, id, "let")).toEqual({ ok: false, reason: "under-moderation" });
    const other = await createTestListing(db, { landlordId: landlord.id });
    expect(await setListingStatus(db, landlord, other, "hidden")).toEqual({ ok: false, reason: "moderators-only" });
    expect((await setListingStatus(db, landlord, other, "let")).ok).toBe(true);

    // An edit that carries a refused status change is refused whole: the other fields stay too.
    const [row] = await db.select().from(listings).where(eq(listings.listingId, other));
    if (!row) throw new Error("no listing");
    const edit = { ...formInput(row), title: "Renamed with a status" };
    expect(
      await updateListing(db, landlord, other, edit, {
        storage: testStorage(),
        maps: testMaps(),
        status: "under_review",
      }),
    ).toEqual({
      ok: false,
      reason: "moderators-only",
    });
    expect(
      await updateListing(db, landlord, id, edit, { storage: testStorage(), maps: testMaps(), status: "available" }),
    ).toEqual({
      ok: false,
      reason: "under-moderation",
    });
    expect(await listingRow(db, other)).toMatchObject({ status: "let", listingTitle: row.listingTitle });
    expect(
      (
        await updateListing(db, landlord, other, edit, {
          storage: testStorage(),
          maps: testMaps(),
          status: "available",
        })
      ).ok,
    ).toBe(true);
    expect(await listingRow(db, other)).toMatchObject({ status: "available", listingTitle: "Renamed with a status" });

    for (const viewer of [landlord, await createTestViewer(db, { role: "tenant" })]) {
      expect(await moderateListing(db, viewer, id, { status: "available", reason: null }, meta)).toEqual({
        ok: false,
        reason: "forbidden",
      });
      expect(await propertiesForModeration(db, viewer, query)).toEqual({ ok: false, reason: "forbidden" });
    }
    expect(await listingRow(db, id)).toMatchObject({ status: "hidden", moderationReason: "Scam report" });
    expect(await auditRows(db)).toHaveLength(1);
  });

  it("only admins delete from the back-office, audited; staff are refused and nothing changes", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const admin = await createTestViewer(db, { role: "admin" });
    const id = await createTestListing(db, { title: "Doomed room" });
    expect(await deleteListingAsAdmin(db, staff, id, meta)).toEqual({ ok: false, reason: "forbidden" });
    expect(await listingRow(db, id)).toBeDefined();
    expect(await auditRows(db)).toHaveLength(0);
    expect(await deleteListingAsAdmin(db, admin, id, meta)).toEqual({ ok: true });
    expect(await listingRow(db, id)).toBeUndefined();
    expect(await deleteListingAsAdmin(db, admin, id, meta)).toEqual({ ok: false, reason: "not-found" });
    const [row] = await auditRows(db);
    expect(row).toMatchObject({ action: "listing.delete", targetId: id, before: { title: "Doomed room" } });
  });

  it("staff see every listing, newest first, on the moderation screen", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const a = await createTestListing(db);
    const b = await createTestListing(db, { landlordId: (await createTestViewer(db, { role: "landlord" })).id });
    const result = await propertiesForModeration(db, staff, query);
    expect(result.ok && result.total).toBe(2);
    expect(result.ok && result.rows.map((row) => row.id).sort()).toEqual([a, b].sort());
  });
});

describeEachDatabase("admin edits of listings", (use) => {
  it("an admin's edit, status change and delete are audited; a landlord's own are not", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const id = await createTestListing(db, { landlordId: landlord.id, title: "Before title" });
    expect((await setListingStatus(db, landlord, id, "let")).ok).toBe(true);
    expect(await auditRows(db)).toHaveLength(0);

    expect((await setListingStatus(db, admin, id, "available", meta)).ok).toBe(true);
    const [row] = await db.select().from(listings).where(eq(listings.listingId, id));
    if (!row) throw new Error("no listing");
    const input = { ...formInput(row), title: "After title" };
    expect((await updateListing(db, admin, id, input, { storage: testStorage(), maps: testMaps(), meta })).ok).toBe(
      true,
    );
    expect((await deleteListing(db, admin, id, meta)).ok).toBe(true);
    const rows = await auditRows(db);
    expect(rows.map((entry) => entry.action)).toEqual(["listing.status", "listing.update", "listing.delete"]);
    expect(rows[0]).toMatchObject({ before: { status: "let" }, after: { status: "available" } });
    expect(rows[1]).toMatchObject({ before: { listingTitle: "Before title" }, after: { listingTitle: "After title" } });
    expect(rows.every((entry) => entry.clientAddress === "192.0.2.44" && entry.actorId === admin.id)).toBe(true);
  });
});
