import { can, missingPermissionReason } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/**
 * Which listings a viewer manages — creates, edits, marks let, deletes: admins every listing, a
 * landlord with an active subscription only the listings they own (by id, never by e-mail), nobody
 * else (staff moderate from the admin area, and through the API have admin's rights). The one definition of this rule: the checks below and
 * the SQL filter in `listing-scope.server.ts` are derived from it.
 */
export type ListingScope = "all" | "own" | "none";

export function listingScope(viewer: Viewer | null): ListingScope {
  // Through the API staff have admin's listing rights; on the web they moderate from the admin area.
  if (can(viewer, "write:listing:any")) return "all";
  if (can(viewer, "write:listing:own")) return "own";
  return "none";
}

/** May use the listing form at all (create, and edit within their scope). */
export function canWriteListings(viewer: Viewer | null): boolean {
  return listingScope(viewer) !== "none";
}

/**
 * May create listings: any listing writer on the web; through the API only those who manage every
 * listing: `POST /api/listings` is for admins and staff, not landlords.
 */
export function canCreateListings(viewer: Viewer | null): boolean {
  const scope = listingScope(viewer);
  return viewer?.via === "api-key" ? scope === "all" : scope !== "none";
}

export function canEditListing(viewer: Viewer | null, listing: { landlordId: string | null }): boolean {
  const scope = listingScope(viewer);
  return scope === "all" || (scope === "own" && listing.landlordId !== null && listing.landlordId === viewer?.id);
}

/** Why a viewer manages no listings: a landlord needs an active subscription; anyone else may not. */
export function noListingScopeReason(viewer: Viewer): "subscription-required" | "not-allowed" {
  return missingPermissionReason(viewer, "write:listing:own");
}

/**
 * Who moderates listings (sets available, under review, let or hidden, with a reason): staff and
 * admins. Deleting from the back-office stays with admins (`listingScope` "all").
 */
export function canModerateListings(viewer: Viewer | null): boolean {
  return can(viewer, "moderate:listing:any");
}

/** Who still sees a listing the public does not (hidden or under review): its landlord and moderators. */
export function canSeeUnpublishedListing(viewer: Viewer | null, listing: { landlordId: string | null }): boolean {
  return canModerateListings(viewer) || (viewer !== null && listing.landlordId === viewer.id);
}
