import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { favourites, listings, profiles, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
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
import { describeEachDatabase } from "~/tests/support/test-database";

const MISSING_LISTING = "00000000-0000-4000-8000-000000000000";

function viewer(id: string, role: Viewer["role"] = "tenant"): Viewer {
  return {
    id,
    email: `${id}@example.com`,
    role,
    subscriptionStatus: role === "landlord" ? "active" : "inactive",
    firstName: null,
    lastName: null,
    avatarUrl: null,
    twoFactorEnabled: false,
  };
}

/** Two tenants, an active landlord owning the second listing, and three listings (oldest first). */
async function insertFixtures(db: Database) {
  for (const [id, role] of [
    ["tina", "tenant"],
    ["tom", "tenant"],
    ["lara", "landlord"],
  ] as const) {
    await db.insert(users).values({ id, name: id, email: `${id}@example.com` });
    await db.insert(profiles).values({ id, role, subscriptionStatus: role === "landlord" ? "active" : "inactive" });
  }
  const rows = await db
    .insert(listings)
    .values([
      {
        listingTitle: "Carlton room",
        description: "Desk · Wardrobe\nNear the university",
        availableFrom: "2026-12-01",
      },
      { listingTitle: "Southbank room", landlordId: "lara", availableFrom: "2026-12-05" },
      { listingTitle: "Richmond room", availableFrom: "2027-01-10" },
    ])
    .returning({ id: listings.listingId });
  return rows.map((row) => row.id) as [string, string, string];
}

describeEachDatabase("favourites", (use) => {
  it("adds idempotently, reports which listings are favourited, and removes", async () => {
    const { db } = use();
    const [carlton, southbank, richmond] = await insertFixtures(db);

    await addFavourite(db, "tina", carlton);
    await addFavourite(db, "tina", carlton);
    await addFavourite(db, "tina", richmond);
    await addFavourite(db, "tom", southbank);

    expect(await db.select().from(favourites).where(eq(favourites.userId, "tina"))).toHaveLength(2);
    expect(await favouriteIds(db, "tina", [carlton, southbank, richmond, carlton])).toEqual(
      new Set([carlton, richmond]),
    );
    expect(await favouriteIds(db, "tina", [])).toEqual(new Set());
    expect(await isFavourited(db, "tina", southbank)).toBe(false);
    expect(await isFavourited(db, "tom", southbank)).toBe(true);

    await removeFavourite(db, "tina", carlton);
    await removeFavourite(db, "tina", carlton);
    expect(await isFavourited(db, "tina", carlton)).toBe(false);
    // Only the user's own favourite goes.
    expect(await isFavourited(db, "tom", southbank)).toBe(true);
  });

  it("refuses a listing that does not exist", async () => {
    const { db } = use();
    await insertFixtures(db);
    await expect(addFavourite(db, "tina", MISSING_LISTING)).rejects.toBeInstanceOf(ListingNotFoundError);
    expect(await db.select().from(favourites)).toEqual([]);
  });

  it("lists a user's favourites as cards, most recently favourited first", async () => {
    const { db } = use();
    const [carlton, southbank, richmond] = await insertFixtures(db);
    await db.insert(favourites).values([
      { userId: "tina", listingId: southbank, createdAt: new Date("2026-05-01T10:00:00Z") },
      { userId: "tina", listingId: carlton, createdAt: new Date("2026-05-03T10:00:00Z") },
      { userId: "tom", listingId: richmond, createdAt: new Date("2026-05-04T10:00:00Z") },
    ]);

    const list = await listFavourites(db, "tina");
    expect(list.map((listing) => listing.title)).toEqual(["Carlton room", "Southbank room"]);
    expect(list[0]).toMatchObject({ id: carlton, features: "Desk · Wardrobe", details: "Near the university" });
    expect(await listFavourites(db, "lara")).toEqual([]);
  });

  it("updateFavourite validates the request and answers with the new state", async () => {
    const { db } = use();
    const [carlton] = await insertFixtures(db);

    expect(await updateFavourite(db, "tina", { listingId: carlton, intent: "add" })).toEqual({
      ok: true,
      favourited: true,
    });
    expect(await updateFavourite(db, "tina", { listingId: carlton, intent: "remove" })).toEqual({
      ok: true,
      favourited: false,
    });
    for (const input of [
      { listingId: "not-a-uuid", intent: "add" },
      { listingId: carlton, intent: "toggle" },
      { listingId: null, intent: null },
    ]) {
      expect(await updateFavourite(db, "tina", input)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await updateFavourite(db, "tina", { listingId: MISSING_LISTING, intent: "add" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await db.select().from(favourites)).toEqual([]);
  });

  it("flags cards with the viewer's favourites and edit permission", async () => {
    const { db } = use();
    const [carlton, southbank] = await insertFixtures(db);
    await addFavourite(db, "tina", carlton);
    const featured = await featuredListings(db, 6);

    const flagsOf = (cards: { id: string; favourited: boolean | null; canEdit: boolean }[]) =>
      Object.fromEntries(cards.map((card) => [card.id, [card.favourited, card.canEdit]]));

    expect(Object.values(flagsOf(await withViewerFlags(db, null, featured)))).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
    const tina = flagsOf(await withViewerFlags(db, viewer("tina"), featured));
    expect(tina[carlton]).toEqual([true, false]);
    expect(tina[southbank]).toEqual([false, false]);
    expect(flagsOf(await withViewerFlags(db, viewer("lara", "landlord"), featured))[southbank]).toEqual([false, true]);

    expect(await viewerFavourited(db, null, carlton)).toBeNull();
    expect(await viewerFavourited(db, viewer("tina"), carlton)).toBe(true);
    expect(await viewerFavourited(db, viewer("tom"), carlton)).toBe(false);

    expect(await favouriteCards(db, viewer("tina"))).toMatchObject([{ id: carlton, favourited: true, canEdit: false }]);
  });

  it("a favourite goes with its listing", async () => {
    const { db } = use();
    const [carlton] = await insertFixtures(db);
    await addFavourite(db, "tina", carlton);
    await db.delete(listings).where(eq(listings.listingId, carlton));
    expect(await listFavourites(db, "tina")).toEqual([]);
  });
});
