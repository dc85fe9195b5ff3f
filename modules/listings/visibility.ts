import type { listingStatuses } from "~/db/schema";
import type { SubscriptionStatus, UserRole } from "~/modules/auth/viewer";

/**
 * Which listings the public sees: search, featured, the listing page and the sitemap. The one
 * definition of the rule; the SQL conditions in `visibility.server.ts` are derived from it.
 */

type ListingStatus = (typeof listingStatuses)[number];

/**
 * The statuses the public sees: available and let. Hidden and under-review listings (moderation)
 * leave search, the home page and the sitemap, and their pages are not found for the public.
 */
export const PUBLIC_LISTING_STATUSES = ["available", "let"] as const satisfies readonly ListingStatus[];

/** The statuses only moderation sets; a landlord cannot lift them. */
export const MODERATED_LISTING_STATUSES = ["under_review", "hidden"] as const satisfies readonly ListingStatus[];

export function isModerated(listing: { status: ListingStatus }): boolean {
  return (MODERATED_LISTING_STATUSES as readonly string[]).includes(listing.status);
}

export interface ListingOwnerFacts {
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
}

/** The owner's plan keeps their listings public: anyone but a landlord whose plan is suspended or has ended. */
export function ownerPublishes(owner: ListingOwnerFacts | null): boolean {
  return !(
    owner?.role === "landlord" &&
    (owner.subscriptionStatus === "suspended" || owner.subscriptionStatus === "cancelled")
  );
}

/**
 * Listed publicly (search, featured, sitemap): an availability date, a status the public sees, and an
 * owner whose plan keeps it public. A listing hidden because of its owner's plan is unpublished, never
 * deleted, and returns as soon as the plan is active again. (The listing page also opens, by link, for
 * a listing without a date.) A listing paused for freshness (not updated or confirmed for 30 days,
 * freshness.ts) is unlisted too until its landlord resumes it.
 */
export function isPubliclyVisible(listing: {
  availableFrom: string | null;
  status: ListingStatus;
  owner: ListingOwnerFacts | null;
  freshnessPausedAt?: Date | null;
}): boolean {
  return (
    listing.availableFrom !== null &&
    !isModerated(listing) &&
    ownerPublishes(listing.owner) &&
    !listing.freshnessPausedAt
  );
}
