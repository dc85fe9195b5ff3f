import { can } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/**
 * Who writes blog posts — lists drafts, creates, edits, publishes, deletes: staff and admins. The one
 * definition of this rule; the admin screens and the REST API both go through it.
 */
export function canManagePosts(viewer: Viewer | null): boolean {
  return can(viewer, "manage:post:any");
}
