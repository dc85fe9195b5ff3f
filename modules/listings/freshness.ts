/**
 * Listing freshness: landlords are asked every 14 days whether an available room is still
 * available, and a listing neither updated nor confirmed for 30 days is paused (out of public
 * search until its landlord resumes it). Shared with the browser ("Updated N days ago").
 */

export const DAY_MS = 86_400_000;
export const FRESHNESS_ASK_AFTER_DAYS = 14;
export const FRESHNESS_PAUSE_AFTER_DAYS = 30;

/** When the listing was last known to be current: its last update or its landlord's last confirmation. */
export function listingFreshAt(listing: { updatedAt: Date; confirmedAt: Date | null }): Date {
  return listing.confirmedAt && listing.confirmedAt > listing.updatedAt ? listing.confirmedAt : listing.updatedAt;
}

/** "Updated today", "Updated 1 day ago", "Updated N days ago". */
export function updatedAgo(freshAt: string | Date, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(freshAt).getTime()) / DAY_MS));
  if (days === 0) return "Updated today";
  return days === 1 ? "Updated 1 day ago" : `Updated ${days} days ago`;
}
