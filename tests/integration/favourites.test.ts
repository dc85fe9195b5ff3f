import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { favourites, listings, profiles } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  addFavourite,
  favouriteIds,
  isFavourited,
  ListingNotFoundError,
  listFavourites,
  removeFavourite,
  updateFavourite,
} from "~/modules/favourites/favourites.server";
import { favouriteCards, viewerFavourited, withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { featuredListings, findListing } from "~/modules/listings/listing-queries.server";
import { listingPageFacts } from "~/modules/listings/listing-types";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const MISSING_LISTING = "00000000-0000-4000-8000-000000000000";

/** Two tenants, an active landlord owning the second listing, and three listings (oldest first). */
async function insertFixtures(db: Database) {
  const tina = await createTestViewer(db);
  const tom = await createTestViewer(db);
  const lara = await createTestViewer(db, { role: "landlord" });
  const carlton = await createTestListing(db, {
    title: "Carlton room",
    description: "Desk · Wardrobe\nNear the university",
    availableFrom: "2026-12-01",
  });
  const southbank = await createTestListing(db, {
    title: "Southbank room",
    landlordId: lara.id,
    availableFrom: "2026-12-05",
  });
  const richmond = await createTestListing(db, { title: "Richmond room", availableFrom: "2027-01-10" });
  return { tina, tom, lara, carlton, southbank, richmond };
}

/**
 * One listing for each reason the public does not see it: hidden or under review by moderation,
 * paused for freshness, and an owner whose plan has ended (`lapsedOwner`, whose plan the caller ends
 * when it wants). The rule itself is `publiclyVisibleSql`'s, tested with the listings.
 */
async function unpublishedListings(db: Database, { owner, lapsedOwner }: { owner: string; lapsedOwner: string }) {
  return {
    hidden: await createTestListing(db, { landlordId: owner, status: "hidden" }),
    underReview: await createTestListing(db, { landlordId: owner, status: "under_review" }),
    paused: await createTestListing(db, { landlordId: owner, freshnessPausedAt: new Date() }),
    lapsedPlan: await createTestListing(db, { landlordId: lapsedOwner }),
  };
}

describeEachDatabase("favourites", (use) => {
  it("adds idempotently, reports which listings are favourited, and removes", async () => {
    const { db } = use();
    const { tina, tom, carlton, southbank, richmond } = await insertFixtures(db);

    await addFavourite(db, tina.id, carlton);
    await addFavourite(db, tina.id, carlton);
    await addFavourite(db, tina.id, richmond);
    await addFavourite(db, tom.id, southbank);

    expect(await db.select().from(favourites).where(eq(favourites.userId, tina.id))).toHaveLength(2);
    expect(await favouriteIds(db, tina.id, [carlton, southbank, richmond, carlton])).toEqual(
      new Set([carlton, richmond]),
    );
    expect(await favouriteIds(db, tina.id, [])).toEqual(new Set());
    expect(await isFavourited(db, tina.id, southbank)).toBe(false);
    expect(await isFavourited(db, tom.id, southbank)).toBe(true);

    await removeFavourite(db, tina.id, carlton);
    await removeFavourite(db, tina.id, carlton);
    expect(await isFavourited(db, tina.id, carlton)).toBe(false);
    // Only the user's own favourite goes.
    expect(await isFavourited(db, tom.id, southbank)).toBe(true);
  });

  it("refuses a listing that does not exist", async () => {
    const { db } = use();
    const { tina } = await insertFixtures(db);
    await expect(addFavourite(db, tina.id, MISSING_LISTING)).rejects.toBeInstanceOf(ListingNotFoundError);
    expect(await db.select().from(favourites)).toEqual([]);
  });

  it("lists a user's favourites as cards, most recently favourited first", async () => {
    const { db } = use();
    const { tina, tom, lara, carlton, southbank, richmond } = await insertFixtures(db);
    await db.insert(favourites).values([
      { userId: tina.id, listingId: southbank, createdAt: new Date("2026-05-01T10:00:00Z") },
      { userId: tina.id, listingId: carlton, createdAt: new Date("2026-05-03T10:00:00Z") },
      { userId: tom.id, listingId: richmond, createdAt: new Date("2026-05-04T10:00:00Z") },
    ]);

    const list = await listFavourites(db, tina.id);
    expect(list.map((favourite) => favourite.available && favourite.listing.title)).toEqual([
      "Carlton room",
      "Southbank room",
    ]);
    expect(list[0]).toMatchObject({
      available: true,
      listing: { id: carlton, features: "Desk · Wardrobe", details: "Near the university" },
    });
    expect(await listFavourites(db, lara.id)).toEqual([]);
  });

  it("updateFavourite validates the request and answers with the new state", async () => {
    const { db } = use();
    const { tina, carlton } = await insertFixtures(db);

    expect(await updateFavourite(db, tina.id, { listingId: carlton, intent: "add" })).toEqual({
      ok: true,
      favourited: true,
    });
    expect(await updateFavourite(db, tina.id, { listingId: carlton, intent: "remove" })).toEqual({
      ok: true,
      favourited: false,
    });
    for (const input of [
      { listingId: "not-a-uuid", intent: "add" },
      { listingId: carlton, intent: "toggle" },
      { listingId: null, intent: null },
    ]) {
      expect(await updateFavourite(db, tina.id, input)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await updateFavourite(db, tina.id, { listingId: MISSING_LISTING, intent: "add" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await db.select().from(favourites)).toEqual([]);
  });

  it("flags cards with the viewer's favourites and edit permission", async () => {
    const { db } = use();
    const { tina, tom, lara, carlton, southbank } = await insertFixtures(db);
    await addFavourite(db, tina.id, carlton);
    const featured = await featuredListings(db, 6);

    const flagsOf = (cards: { id: string; favourited: boolean | null; canEdit: boolean }[]) =>
      Object.fromEntries(cards.map((card) => [card.id, [card.favourited, card.canEdit]]));

    expect(Object.values(flagsOf(await withViewerFlags(db, null, featured)))).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
    const tinasCards = flagsOf(await withViewerFlags(db, tina, featured));
    expect(tinasCards[carlton]).toEqual([true, false]);
    expect(tinasCards[southbank]).toEqual([false, false]);
    expect(flagsOf(await withViewerFlags(db, lara, featured))[southbank]).toEqual([false, true]);

    expect(await viewerFavourited(db, null, carlton)).toBeNull();
    expect(await viewerFavourited(db, tina, carlton)).toBe(true);
    expect(await viewerFavourited(db, tom, carlton)).toBe(false);

    expect(await favouriteCards(db, tina)).toMatchObject([
      { available: true, id: carlton, favourited: true, canEdit: false },
    ]);
  });

  it("a listing the public does not see cannot be favourited, by anyone, and answers as one that does not exist", async () => {
    const { db } = use();
    const { tina, lara } = await insertFixtures(db);
    const staff = await createTestViewer(db, { role: "staff" });
    const lapsed = await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" });
    const unpublished = await unpublishedListings(db, { owner: lara.id, lapsedOwner: lapsed.id });
    for (const [why, listingId] of Object.entries(unpublished)) {
      for (const viewer of [tina, lara, staff]) {
        expect(await updateFavourite(db, viewer.id, { listingId, intent: "add" }), `${why}, ${viewer.role}`).toEqual({
          ok: false,
          reason: "not-found",
        });
      }
    }
    expect(await db.select().from(favourites)).toEqual([]);
  });

  it("a favourite whose listing the public no longer sees is listed as unavailable, without its content", async () => {
    const { db } = use();
    const { tina, lara, carlton } = await insertFixtures(db);
    const lapsed = await createTestViewer(db, { role: "landlord" });
    const unpublished = await unpublishedListings(db, { owner: lara.id, lapsedOwner: lapsed.id });
    // Favourited while the public still saw them (oldest first), then unpublished.
    const ids = [carlton, ...Object.values(unpublished)];
    await db.insert(favourites).values(
      ids.map((listingId, index) => ({
        userId: tina.id,
        listingId,
        createdAt: new Date(Date.UTC(2026, 4, 1 + index)),
      })),
    );
    await db.update(profiles).set({ subscriptionStatus: "cancelled" }).where(eq(profiles.id, lapsed.id));

    const cards = await favouriteCards(db, tina);
    expect(cards).toEqual([
      ...Object.values(unpublished)
        .reverse()
        .map((id) => ({ available: false, id })),
      expect.objectContaining({ available: true, id: carlton, title: "Carlton room" }),
    ]);
    // The owner's own view is the renter's: they manage the listing from their properties page.
    await db.insert(favourites).values({ userId: lara.id, listingId: unpublished.hidden });
    expect(await favouriteCards(db, lara)).toEqual([{ available: false, id: unpublished.hidden }]);
    // Removing an unavailable favourite still works.
    expect(await updateFavourite(db, tina.id, { listingId: unpublished.hidden, intent: "remove" })).toEqual({
      ok: true,
      favourited: false,
    });
    expect(await isFavourited(db, tina.id, unpublished.hidden)).toBe(false);
  });

  it("the listing page offers the heart only on a listing the public sees, and sends no landlord", async () => {
    const { db } = use();
    const { lara, southbank } = await insertFixtures(db);
    const hidden = await createTestListing(db, { landlordId: lara.id, status: "hidden" });
    const ownersView = (id: string) => findListing(db, id, (listing) => listing.landlordId === lara.id);

    const listed = await ownersView(southbank);
    const unlisted = await ownersView(hidden);
    if (!listed || !unlisted) throw new Error("the owner cannot open their listings");
    expect(listingPageFacts(listed)).toMatchObject({ id: southbank, listedPublicly: true, moderatedStatus: null });
    expect(listingPageFacts(unlisted)).toMatchObject({ id: hidden, listedPublicly: false, moderatedStatus: "hidden" });
    for (const field of ["landlordId", "createdAt", "updatedAt", "status", "latitude", "longitude"]) {
      expect(listingPageFacts(listed)).not.toHaveProperty(field);
    }
  });

  it("a favourite goes with its listing", async () => {
    const { db } = use();
    const { tina, carlton } = await insertFixtures(db);
    await addFavourite(db, tina.id, carlton);
    await db.delete(listings).where(eq(listings.listingId, carlton));
    expect(await listFavourites(db, tina.id)).toEqual([]);
  });
});
