import type { subscriptionStatuses, userRoles } from "~/db/schema";

export type UserRole = (typeof userRoles)[number];
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Who is asking: the signed-in user's id, role and subscription (from their profile), or null. */
export interface Viewer {
  id: string;
  email: string;
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  twoFactorEnabled: boolean;
  /** Set when an API key (not a session) authenticated the request: some rights differ there (staff hold admin's listing rights through the API). */
  via?: "api-key";
}

export function isStaffOrAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "staff";
}

/** A landlord whose subscription is active: the only landlords who may list and edit. */
export function isActiveLandlord(viewer: Viewer | null): boolean {
  return viewer?.role === "landlord" && viewer.subscriptionStatus === "active";
}

/** API keys are for landlords, staff and admins (landlords also need an active subscription to create one). */
export function canUseApiKeys(viewer: Viewer | null): boolean {
  return viewer?.role === "landlord" || isStaffOrAdmin(viewer);
}

export function displayName(viewer: Pick<Viewer, "firstName" | "lastName" | "email">): string {
  return [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || viewer.email;
}
