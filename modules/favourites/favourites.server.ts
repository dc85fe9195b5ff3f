import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { favourites, listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";
import { FAVOURITE_INTENTS } from "~/modules/favourites/favourite-text";
import { toSummary } from "~/modules/listings/listing-queries.server";
import type { ListingSummary } from "~/modules/listings/listing-types";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";

// Every query below filters on user_id (and listing_id): favourites_user_listing_idx serves them all.
//
// Favourites are a renter's view: a listing is favourited, and a favourite shows its listing, only
// while the public sees it (`publiclyVisibleSql`, the one visibility rule), for its landlord and
// moderators too, who see their unpublished listings in their own tools (/settings/properties, /admin).

export class ListingNotFoundError extends Error {
  constructor(readonly listingId: string) {
    super(`listing ${listingId} not found`);
    this.name = "ListingNotFoundError";
  }
}

/** Which of these listings the user has favourited, in one query. */
export async function favouriteIds(db: Executor, userId: string, listingIds: readonly string[]): Promise<Set<string>> {
  if (listingIds.length === 0) return new Set();
  const rows = await db
    .select({ listingId: favourites.listingId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), inArray(favourites.listingId, [...new Set(listingIds)])));
  return new Set(rows.map((row) => row.listingId));
}

export async function isFavourited(db: Executor, userId: string, listingId: string): Promise<boolean> {
  return (await favouriteIds(db, userId, [listingId])).has(listingId);
}

/**
 * Favourites a listing the public sees; favouriting it again changes nothing. Throws
 * ListingNotFoundError alike for a listing that does not exist and one the public does not see, so
 * the answer never tells whether an unpublished listing exists.
 */
export async function addFavourite(db: Executor, userId: string, listingId: string): Promise<boolean> {
  const [listing] = await db
    .select({ id: listings.listingId })
    .from(listings)
    .where(and(eq(listings.listingId, listingId), publiclyVisibleSql()))
    .limit(1);
  if (!listing) throw new ListingNotFoundError(listingId);
  const added = await db
    .insert(favourites)
    .values({ userId, listingId })
    .onConflictDoNothing({ target: [favourites.userId, favourites.listingId] })
    .returning({ id: favourites.id });
  return added.length > 0;
}

/** Removes a favourite; removing one that is not there changes nothing. Whether one was removed. */
export async function removeFavourite(db: Executor, userId: string, listingId: string): Promise<boolean> {
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)))
    .returning({ id: favourites.id });
  return removed.length > 0;
}

/**
 * A favourite: its listing while the public sees it, else only the listing's id (so it can be
 * removed) and nothing of its content.
 */
export type Favourite = { available: true; listing: ListingSummary } | { available: false; listingId: string };

/** The user's favourites, the most recently favourited first. */
export async function listFavourites(db: Executor, userId: string): Promise<Favourite[]> {
  const rows = await db
    .select({ listing: listings, available: sql<boolean>`${publiclyVisibleSql()}` })
    .from(favourites)
    .innerJoin(listings, eq(listings.listingId, favourites.listingId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  return rows.map(({ listing, available }) =>
    available ? { available: true, listing: toSummary(listing) } : { available: false, listingId: listing.listingId },
  );
}

// Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type accepts (not only RFC 4122 versions).
const favouriteInput = z.object({ listingId: z.guid(), intent: z.enum(FAVOURITE_INTENTS) });

/** The new state, or why nothing changed: a malformed request, or no such listing. */
export type UpdateFavouriteResult = { ok: true; favourited: boolean } | { ok: false; reason: "invalid" | "not-found" };

/** The heart's request (`listingId`, `intent` add|remove), validated and applied; a change is counted for the listing's analytics. */
export async function updateFavourite(
  db: Executor,
  userId: string,
  input: { listingId: unknown; intent: unknown },
  analytics?: Pick<ListingCounter, "count">,
): Promise<UpdateFavouriteResult> {
  const parsed = favouriteInput.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { listingId, intent } = parsed.data;
  if (intent === "remove") {
    if (await removeFavourite(db, userId, listingId)) analytics?.count(listingId, "favouritesRemoved");
    return { ok: true, favourited: false };
  }
  try {
    if (await addFavourite(db, userId, listingId)) analytics?.count(listingId, "favouritesAdded");
  } catch (error) {
    if (error instanceof ListingNotFoundError) return { ok: false, reason: "not-found" };
    throw error;
  }
  return { ok: true, favourited: true };
}
