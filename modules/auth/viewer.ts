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

/**
 * Who a person is for the rules: their role, and for a landlord whether their plan is active (a
 * landlord without one is a "lapsedLandlord": they keep their account, not the right to list).
 */
export type Standing = "tenant" | "lapsedLandlord" | "landlord" | "staff" | "admin";

export function standing(viewer: Pick<Viewer, "role" | "subscriptionStatus">): Standing {
  if (viewer.role === "landlord") return viewer.subscriptionStatus === "active" ? "landlord" : "lapsedLandlord";
  return viewer.role;
}

/** A landlord whose plan is suspended or has ended: their listings leave the public, and they are told why. */
export function isLandlordWithEndedPlan(person: Pick<Viewer, "role" | "subscriptionStatus">): boolean {
  return (
    person.role === "landlord" &&
    (person.subscriptionStatus === "suspended" || person.subscriptionStatus === "cancelled")
  );
}

/** The role someone has once their plan is live: staff and admins keep theirs, anyone else is a landlord. */
export function roleWithLivePlan(role: UserRole): UserRole {
  return role === "tenant" ? "landlord" : role;
}

export function displayName(viewer: Pick<Viewer, "firstName" | "lastName" | "email">): string {
  return [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || viewer.email;
}
