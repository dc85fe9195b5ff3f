import { canUseApiKeys, isActiveLandlord, isStaffOrAdmin, type Viewer } from "~/modules/auth/viewer";

/**
 * Who may hold working API keys: staff, admins and landlords with an active subscription. The same
 * rule decides who may create a key and whether a key still works, so a key stops the moment its
 * owner's role changes or their subscription lapses. (The keys screen itself is `canUseApiKeys`:
 * an inactive landlord sees it, with the subscription notice.)
 */
export function canHoldApiKeys(viewer: Viewer | null): boolean {
  return canUseApiKeys(viewer) && (isStaffOrAdmin(viewer) || isActiveLandlord(viewer));
}

/** Why a viewer may not create keys. */
export function apiKeyRefusal(viewer: Viewer): "subscription-required" | "not-allowed" {
  return viewer.role === "landlord" ? "subscription-required" : "not-allowed";
}

export const API_KEYS_ACCESS_DENIED = {
  title: "Access Denied",
  description: "Only landlords, staff, and admins can access API keys",
} as const;
export const API_KEY_SUBSCRIPTION_NOTICE = "You need an active subscription to create API keys.";
