import type { subscriptionStatuses, userRoles } from "~/db/schema";

/** Who is asking: the signed-in user's id, role and subscription (from their profile), or null. */
export interface Viewer {
  id: string;
  email: string;
  role: (typeof userRoles)[number];
  subscriptionStatus: (typeof subscriptionStatuses)[number];
}

export function isStaffOrAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "staff";
}

/** A landlord whose subscription is active: the only landlords who may list and edit. */
export function isActiveLandlord(viewer: Viewer | null): boolean {
  return viewer?.role === "landlord" && viewer.subscriptionStatus === "active";
}
