import { can, missingPermissionReason } from "~/modules/auth/permissions";
import { adminAccess } from "~/modules/admin/access";
import type { Viewer } from "~/modules/auth/viewer";

/** Whether a viewer may hold working API keys, or why not. */
export type ApiKeyAccess = "granted" | "subscription-required" | "two-factor-required" | "not-allowed";

/**
 * Who may hold working API keys: landlords with an active subscription, and staff and admins. A
 * staff or admin key carries admin-level rights (every listing, the blog), so it needs what the
 * admin area needs: in production, two-factor on (`adminAccess`), or a stolen password or mailbox
 * would be enough to mint one. The same rule decides who may create or roll a key and whether a key
 * still works, so a key stops the moment its owner's role changes, their subscription lapses or
 * they turn two-factor off. (The keys screen itself is `canUseApiKeys`: it shows these refusals.)
 */
export function apiKeyAccess(viewer: Viewer | null, { production }: { production: boolean }): ApiKeyAccess {
  if (!viewer) return "not-allowed";
  if (!can(viewer, "hold:api-key:own")) return missingPermissionReason(viewer, "hold:api-key:own");
  // Only staff and admins meet the admin area's two-factor rule; a landlord's key needs no more.
  return adminAccess(viewer, { production }) === "two-factor-required" ? "two-factor-required" : "granted";
}

/** The keys screen: everyone who may hold a key, and a lapsed landlord, who is told how to get one back. */
export function canUseApiKeys(viewer: Viewer | null): boolean {
  return can(viewer, "open:api-keys:own");
}

/**
 * The most keys one person may have working at once (a rolled key's old value counts until its
 * overlap ends): enough for every app they run, and no flood of keys to track or leak.
 */
export const MAX_ACTIVE_API_KEYS = 10;
