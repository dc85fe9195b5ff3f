import type { Executor } from "~/lib/db/client.server";
import { logger } from "~/lib/logger.server";
import type { Viewer } from "~/modules/auth/viewer";
import { favouriteIds, listFavourites } from "~/modules/favourites/favourites.server";
import { canEditListing } from "~/modules/listings/permissions";
import { melbourneToday } from "~/modules/listings/availability-text";
import { listingCardFacts, type ListingCardFacts, type ListingSummary } from "~/modules/listings/listing-types";

/** What a card needs to know about the viewer: `favourited` is null when nobody is signed in. */
export interface ViewerFlags {
  favourited: boolean | null;
  canEdit: boolean;
}

/**
 * The viewer's favourites among these listings, or null when signed out. A failed check counts as
 * "not favourited": the page still renders, and the failure is logged.
 */
async function favouritesAmong(
  db: Executor,
  viewer: Viewer | null,
  listingIds: readonly string[],
): Promise<Set<string> | null> {
  if (!viewer) return null;
  try {
    return await favouriteIds(db, viewer.id, listingIds);
  } catch (error) {
    logger.error({ err: error, userId: viewer.id }, "favourite status check failed");
    return new Set();
  }
}

/** A card as a page sends it: what the card shows, and what the viewer may do with it. */
type ListingCardData = ListingCardFacts & ViewerFlags;

function card(
  viewer: Viewer | null,
  listing: ListingSummary,
  favourited: boolean | null,
  today: string,
): ListingCardData {
  return { ...listingCardFacts(listing, today), favourited, canEdit: canEditListing(viewer, listing) };
}

/** Listings as cards, each with the viewer's favourite state and edit permission. */
export async function withViewerFlags(
  db: Executor,
  viewer: Viewer | null,
  listings: readonly ListingSummary[],
): Promise<ListingCardData[]> {
  const favourited = await favouritesAmong(
    db,
    viewer,
    listings.map((listing) => listing.id),
  );
  const today = melbourneToday();
  return listings.map((listing) => card(viewer, listing, favourited && favourited.has(listing.id), today));
}

/** The viewer's favourite state for one listing (null when signed out). */
export async function viewerFavourited(
  db: Executor,
  viewer: Viewer | null,
  listingId: string,
): Promise<boolean | null> {
  const favourited = await favouritesAmong(db, viewer, [listingId]);
  return favourited && favourited.has(listingId);
}

/**
 * A favourite as the favourites page sends it: the listing's card while the public sees it, else
 * only its id, to show as "No longer available" and to remove.
 */
export type FavouriteCard = ({ available: true } & ListingCardData) | { available: false; id: string };

/** The viewer's favourites page: every card is favourited, so unfavouriting removes it on reload. */
export async function favouriteCards(db: Executor, viewer: Viewer): Promise<FavouriteCard[]> {
  const favourites = await listFavourites(db, viewer.id);
  const today = melbourneToday();
  return favourites.map((favourite) =>
    favourite.available
      ? { available: true, ...card(viewer, favourite.listing, true, today) }
      : { available: false, id: favourite.listingId },
  );
}
