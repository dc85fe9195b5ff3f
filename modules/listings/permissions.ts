import { isActiveLandlord, type Viewer } from "~/modules/auth/viewer";

/** What the listing form shows anyone who may not list (spec §6). */
export const ACCESS_DENIED_TITLE = "Access Denied (403)";
export const ACCESS_DENIED_MESSAGE =
  "You need to be a landlord with an active subscription or an administrator to access this page.";

/**
 * Who may edit a listing through the listing form (spec §6, design §5): admins any listing; a
 * landlord with an active subscription only the listings they own (by id — never by e-mail).
 * Nobody else (staff manage listings from the admin area).
 */
export function canEditListing(viewer: Viewer | null, listing: { landlordId: string | null }): boolean {
  if (viewer?.role === "admin") return true;
  return isActiveLandlord(viewer) && listing.landlordId !== null && listing.landlordId === viewer?.id;
}

/** Who may create listings and use the listing form (spec §6): admins, and landlords with an active subscription. */
export function canWriteListings(viewer: Viewer | null): boolean {
  return viewer?.role === "admin" || isActiveLandlord(viewer);
}
