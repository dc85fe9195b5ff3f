import type { SubscriptionStatus, UserRole } from "~/modules/auth/viewer";

/**
 * Which listings the public sees — search, featured, the listing page and the sitemap. The one
 * definition of the rule: the SQL conditions in `visibility.server.ts` are derived from it.
 */

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
 * Listed publicly: the listing has an availability date and its owner's plan keeps it public. A
 * listing hidden because of its owner's plan is unpublished, never deleted, and returns as soon as
 * the plan is active again. (The listing page also opens for a listing without a date, by link.)
 */
export function isPubliclyVisible(listing: { availableFrom: string | null; owner: ListingOwnerFacts | null }): boolean {
  return listing.availableFrom !== null && ownerPublishes(listing.owner);
}
