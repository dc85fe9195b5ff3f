import { can } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

export type AdminAccess = "granted" | "denied" | "two-factor-required";

/**
 * Who enters the admin area: staff and admins. In production they must also have two-factor on,
 * since these accounts can change anyone's role and take listings down; a local demo relaxes it so
 * the seeded staff accounts work without an authenticator app.
 */
export function adminAccess(viewer: Viewer | null, { production }: { production: boolean }): AdminAccess {
  if (!canEnterAdminArea(viewer)) return "denied";
  if (production && !viewer?.twoFactorEnabled) return "two-factor-required";
  return "granted";
}

/** Whether the admin area is theirs (its link in the menus); the gate itself is `adminAccess`. */
export function canEnterAdminArea(viewer: Viewer | null): boolean {
  return can(viewer, "enter:admin-area:any");
}

/** The back-office's day-to-day work (the contact inbox, newsletter subscribers): staff and admins. */
export function canUseBackOffice(viewer: Viewer | null): boolean {
  return can(viewer, "use:back-office:any");
}
