import type { Viewer } from "~/modules/auth/viewer";
import { isAutomatedClient } from "~/modules/analytics/automated-client";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";

/** Who is looking, as counting needs it: never stored, only the day's visitor key is. */
export interface CountedRequest {
  viewer: Pick<Viewer, "id" | "role"> | null;
  headers: Headers;
  clientAddress: string;
  /** The visitor turned analytics off in the cookie preferences. */
  optedOut?: boolean;
}

/**
 * Whether a look at a listing counts: not from a program, not from the listing's own landlord, not
 * from our team (who open listings to moderate them), and not from a visitor who turned analytics off.
 */
export function countsFor(request: CountedRequest, landlordId: string | null): boolean {
  const { viewer } = request;
  if (request.optedOut) return false;
  if (viewer && (viewer.role === "staff" || viewer.role === "admin" || viewer.id === landlordId)) return false;
  return !isAutomatedClient(request.headers);
}

/** A listing page shown. */
export function recordListingView(
  counter: ListingCounter,
  request: CountedRequest,
  listing: { id: string; landlordId: string | null },
): void {
  if (countsFor(request, listing.landlordId)) counter.view(listing.id, request.clientAddress);
}

/** Listing cards shown on a page of search results. */
export function recordImpressions(
  counter: ListingCounter,
  request: CountedRequest,
  cards: readonly { id: string; landlordId: string | null }[],
): void {
  for (const card of cards) if (countsFor(request, card.landlordId)) counter.count(card.id, "impressions");
}
