import type { listingStatuses } from "~/db/schema";

type ListingStatus = (typeof listingStatuses)[number];

/**
 * The statuses the public sees: available and let. Hidden and under-review listings (moderation)
 * leave search, the home page and the sitemap, and their pages are not found for the public. The
 * one definition of public visibility; its SQL form is `publiclyVisibleListings()`.
 */
export const PUBLIC_LISTING_STATUSES = ["available", "let"] as const satisfies readonly ListingStatus[];

/** The statuses only moderation sets; a landlord cannot lift them. */
export const MODERATED_LISTING_STATUSES = ["under_review", "hidden"] as const satisfies readonly ListingStatus[];

export function isPubliclyVisible(listing: { status: ListingStatus }): boolean {
  return (PUBLIC_LISTING_STATUSES as readonly string[]).includes(listing.status);
}

export function isModerated(listing: { status: ListingStatus }): boolean {
  return (MODERATED_LISTING_STATUSES as readonly string[]).includes(listing.status);
}
