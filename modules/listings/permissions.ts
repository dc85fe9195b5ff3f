import { isActiveLandlord, isStaffOrAdmin, type Viewer } from "~/modules/auth/viewer";

/**
 * Who may edit a listing (spec §6, design §5): admins and staff any listing; a landlord with an
 * active subscription only the listings they own (by id — never by e-mail). Nobody else.
 */
export function canEditListing(viewer: Viewer | null, listing: { landlordId: string | null }): boolean {
  if (isStaffOrAdmin(viewer)) return true;
  return isActiveLandlord(viewer) && listing.landlordId !== null && listing.landlordId === viewer?.id;
}
