import { isLandlordWithEndedPlan } from "~/modules/auth/viewer";
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
  return !(owner && isLandlordWithEndedPlan(owner));
}

/** Why the public may not see a listing; a listing with none of them is publicly visible. */
export const NOT_PUBLIC_REASONS = ["hidden", "under_review", "owner_plan", "no_available_from", "paused"] as const;
export type NotPublicReason = (typeof NOT_PUBLIC_REASONS)[number];

/** What decides a listing's public visibility: its own columns and whether its owner's plan publishes. */
export interface VisibilityFacts {
  availableFrom: string | null;
  status: ListingStatus;
  /** `ownerPublishes` of the listing's owner. */
  ownerPublishes: boolean;
  freshnessPausedAt?: Date | string | null;
}

/**
 * The one rule for "is this listing public?" (search, featured, the sitemap, the listing page's
 * availability, the landlord's badge and the API's `visibility`), as the reasons it is not, in the
 * order they are shown. A listing is public with an availability date, a status the public sees, an
 * owner whose plan keeps it public, and no freshness pause (not updated or confirmed for 30 days,
 * freshness.ts). Hidden for its owner's plan or paused, it is unpublished, never deleted, and returns
 * as soon as the plan is active or it is resumed. `publiclyVisibleSql` (visibility.server.ts) is
 * this rule in SQL.
 */
export function notPublicReasons(listing: VisibilityFacts): NotPublicReason[] {
  const reasons: NotPublicReason[] = [];
  if (listing.status === "hidden" || listing.status === "under_review") reasons.push(listing.status);
  if (!listing.ownerPublishes) reasons.push("owner_plan");
  if (listing.availableFrom === null) reasons.push("no_available_from");
  if (listing.freshnessPausedAt) reasons.push("paused");
  return reasons;
}

/** Listed publicly (search, featured, sitemap): no reason not to be (`notPublicReasons`). */
export function isPubliclyVisible(
  listing: Omit<VisibilityFacts, "ownerPublishes"> & { owner: ListingOwnerFacts | null },
): boolean {
  return notPublicReasons({ ...listing, ownerPublishes: ownerPublishes(listing.owner) }).length === 0;
}
