import { standing, type Standing, type UserRole, type Viewer } from "~/modules/auth/viewer";

/** A grant: a standing, on every channel or only through an API key. */
type Grant = Standing | `${Standing} via api-key`;

/**
 * Every role rule of the product, as `action:entity:access` (`any`: every one; `own`: the person's
 * own) and who holds it. The predicates (`canManageUsers`, `listingScope`, …) are derived from this
 * table, and tests/integration/server/permission-table.test.ts walks it against the authorization
 * matrix: a row here without its routes there, or the other way, fails.
 */
export const PERMISSIONS = {
  // Listings: the form, edits, let, delete (`listingScope`); staff moderate on the web.
  "write:listing:any": ["admin", "staff via api-key"],
  "write:listing:own": ["landlord"],
  "moderate:listing:any": ["staff", "admin"],
  // The blog's drafts and posts, in the admin area and through the API.
  "manage:post:any": ["staff", "admin"],
  // The admin area and its day-to-day work: the contact inbox, newsletter subscribers, payments.
  "enter:admin-area:any": ["staff", "admin"],
  "use:back-office:any": ["staff", "admin"],
  // Reported conversations and sender suspensions.
  "moderate:enquiry:any": ["staff", "admin"],
  // Roles and subscription statuses; staff see the users screen read-only.
  "manage:user:any": ["admin"],
  "read:audit-log:any": ["admin"],
  "edit:site-settings:any": ["admin"],
  // Listing analytics (the dashboard, its CSV, the stats API): a landlord's own, and any for our team.
  "read:listing-stats:own": ["landlord"],
  "read:listing-stats:any": ["staff", "admin"],
  // The keys screen (a lapsed landlord sees it with the subscription notice), and working keys.
  "open:api-keys:own": ["lapsedLandlord", "landlord", "staff", "admin"],
  "hold:api-key:own": ["landlord", "staff", "admin"],
  // The verified tenant database: search findable renters and invite them to a listing (ADR 113).
  "find:renter:any": ["landlord"],
  // Support requests answered first, within the promised time (the plan's "Priority support").
  "get:priority-support:own": ["landlord"],
} as const satisfies Record<string, readonly Grant[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether the person holds the permission (on the channel they came through). */
export function can(
  viewer: (Pick<Viewer, "role" | "subscriptionStatus"> & Pick<Viewer, "via">) | null,
  permission: Permission,
): boolean {
  if (!viewer) return false;
  const grants: readonly Grant[] = PERMISSIONS[permission];
  const held = standing(viewer);
  return grants.includes(held) || (viewer.via === "api-key" && grants.includes(`${held} via api-key`));
}

/**
 * Why someone does not hold a permission: "subscription-required" when an active plan would give
 * it to them (a lapsed landlord), "not-allowed" otherwise.
 */
export function missingPermissionReason(
  viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via">,
  permission: Permission,
): "subscription-required" | "not-allowed" {
  return can({ ...viewer, subscriptionStatus: "active" }, permission) ? "subscription-required" : "not-allowed";
}

/** Whether a role, whatever its subscription, holds the permission on the web. */
export function roleCan(role: UserRole, permission: Permission): boolean {
  return can({ role, subscriptionStatus: "active" }, permission);
}
