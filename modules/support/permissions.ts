import { can } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/** Whose support requests are Priority: landlords with an active plan (the plan sells it). */
export function hasPrioritySupport(viewer: Pick<Viewer, "role" | "subscriptionStatus" | "via"> | null): boolean {
  return can(viewer, "get:priority-support:own");
}
