import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { logger } from "~/lib/logger.server";
import { addFavourite } from "~/modules/favourites/favourites.server";
import { viewerFavourited, withViewerFlags } from "~/modules/favourites/viewer-flags.server";
import { toSummary } from "~/modules/listings/listing-queries.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { createTestDatabase, type TestDatabase } from "~/tests/support/test-database";

/** The listings as search result cards, in the order of `ids`. */
async function cardsFor(db: Executor, ids: string[]) {
  const rows = await db.select().from(listings).where(inArray(listings.listingId, ids));
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.listingId === id);
    if (!row) throw new Error(`listing ${id} is missing`);
    return toSummary(row);
  });
}

describe("viewer flags on listing cards", () => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close().catch(() => undefined);
    database = undefined;
  });

  it("marks the viewer's favourites and what they may edit; a visitor gets no heart state", async () => {
    database = await createTestDatabase("pglite");
    const { db } = database;
    const landlord = await createTestViewer(db, { role: "landlord" });
    const admin = await createTestViewer(db, { role: "admin" });
    const own = await createTestListing(db, { landlordId: landlord.id });
    const other = await createTestListing(db);
    await addFavourite(db, landlord.id, other);
    const cards = await cardsFor(db, [own, other]);

    expect((await withViewerFlags(db, null, cards)).map((card) => [card.favourited, card.canEdit])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect((await withViewerFlags(db, landlord, cards)).map((card) => [card.favourited, card.canEdit])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await withViewerFlags(db, admin, cards)).map((card) => card.canEdit)).toEqual([true, true]);
    // A card carries what it shows, not its landlord or the listing's record dates.
    const [card] = await withViewerFlags(db, landlord, cards);
    expect(card).toMatchObject({ id: own, title: cards[0]?.title, canEdit: true });
    for (const field of ["landlordId", "createdAt", "billsIncluded", "suburb"]) expect(card).not.toHaveProperty(field);
  });

  it("treats a failed status check as not favourited and logs it, without failing the page", async () => {
    database = await createTestDatabase("pglite");
    const { db } = database;
    const tenant = await createTestViewer(db);
    const listing = await createTestListing(db);
    const cards = await cardsFor(db, [listing]);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await database.close(); // every query fails from here on

    expect(await withViewerFlags(db, tenant, cards)).toMatchObject([{ favourited: false, canEdit: false }]);
    expect(await viewerFavourited(db, tenant, listing)).toBe(false);
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
