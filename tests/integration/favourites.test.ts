import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { favourites, listings } from "~/db/schema";
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
import { featuredListings } from "~/modules/listings/listing-queries.server";
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
    expect(list.map((listing) => listing.title)).toEqual(["Carlton room", "Southbank room"]);
    expect(list[0]).toMatchObject({ id: carlton, features: "Desk · Wardrobe", details: "Near the university" });
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

    expect(await favouriteCards(db, tina)).toMatchObject([{ id: carlton, favourited: true, canEdit: false }]);
  });

  it("a favourite goes with its listing", async () => {
    const { db } = use();
    const { tina, carlton } = await insertFixtures(db);
    await addFavourite(db, tina.id, carlton);
    await db.delete(listings).where(eq(listings.listingId, carlton));
    expect(await listFavourites(db, tina.id)).toEqual([]);
  });
});
