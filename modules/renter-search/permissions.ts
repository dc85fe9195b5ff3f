import { can, missingPermissionReason } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/** Who may open the renter search and invite. */
export type RenterSearchAccess = "allowed" | "subscription-required" | "not-allowed";

/**
 * The verified tenant database (ADR 113): landlords with an active plan search the renters who
 * chose to be findable and invite them to view one of their own published rooms. A lapsed landlord
 * is told the plan brings it back. Staff and admins do not search renters: the renters agreed to be
 * found by landlords, and the back-office has no need of it.
 */
export function renterSearchAccess(
  viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via"> | null,
): RenterSearchAccess {
  if (!viewer) return "not-allowed";
  if (can(viewer, "find:renter:any")) return "allowed";
  return missingPermissionReason(viewer, "find:renter:any");
}

/** Whether the settings navigation offers the renter search (a lapsed landlord is told why it is closed). */
export function offersRenterSearch(viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via"> | null): boolean {
  return renterSearchAccess(viewer) !== "not-allowed";
}

/**
 * Whether a renter may be invited: they are findable and accept invitations. The SQL twin is
 * `invitableRenterSql` (renter-search.server.ts).
 */
export function isInvitable(profile: { findable: boolean; acceptsInvitations: boolean } | null): boolean {
  return profile !== null && profile.findable && profile.acceptsInvitations;
}

/** Invitations one landlord may send in a rolling 24 hours (ADR 113: counted in SQL). */
export const INVITATIONS_PER_DAY = 20;
