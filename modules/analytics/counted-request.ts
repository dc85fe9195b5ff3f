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

/**
 * Whether the listing's page is asking for its own data again rather than being looked at anew:
 * after a form on it is posted (an enquiry, a favourite, the cookie choice) the page's loader runs
 * again, in the same request without JavaScript and as a `.data` request with it, and refreshing a
 * posted page posts it again. Each of these names the page itself as its referrer; a person
 * arriving at the page names where they came from (a link, search), a reload the page's first referrer.
 */
function fromItsOwnPage(headers: Headers, listingId: string): boolean {
  const referrer = URL.parse(headers.get("referer") ?? "");
  return referrer?.pathname.replace(/\/$/, "").toLowerCase() === `/listing/${listingId.toLowerCase()}`;
}

/**
 * A listing page shown: a view. The page loading its data again after a form on it was posted is
 * not another one (unique visitors count each address once a day either way).
 */
export function recordListingView(
  counter: ListingCounter,
  request: CountedRequest,
  listing: { id: string; landlordId: string | null },
): void {
  if (countsFor(request, listing.landlordId) && !fromItsOwnPage(request.headers, listing.id)) {
    counter.view(listing.id, request.clientAddress);
  }
}

/** Listing cards shown on a page of search results. */
export function recordImpressions(
  counter: ListingCounter,
  request: CountedRequest,
  cards: readonly { id: string; landlordId: string | null }[],
): void {
  for (const card of cards) if (countsFor(request, card.landlordId)) counter.count(card.id, "impressions");
}
