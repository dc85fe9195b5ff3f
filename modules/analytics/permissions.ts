import { can, missingPermissionReason } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/** Whose listing analytics a viewer may read. */
export type StatsAccess = "own" | "any" | "subscription-required" | "not-allowed";

/**
 * Listing analytics: landlords with an active plan read their own listings' figures, staff and
 * admins anyone's; a landlord whose plan has lapsed is told the plan brings them back.
 */
export function statsAccess(viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via"> | null): StatsAccess {
  if (!viewer) return "not-allowed";
  if (can(viewer, "read:listing-stats:any")) return "any";
  if (can(viewer, "read:listing-stats:own")) return "own";
  return missingPermissionReason(viewer, "read:listing-stats:own");
}

/** Whether the settings navigation offers the dashboard (a lapsed landlord is told why it is closed). */
export function canOpenAnalytics(viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via"> | null): boolean {
  return statsAccess(viewer) !== "not-allowed";
}
