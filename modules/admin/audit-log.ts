import type { Viewer } from "~/modules/auth/viewer";

/** The audit log is read by admins only (staff's own changes are in it too); nobody edits it. */
export function canReadAuditLog(viewer: Viewer | null): boolean {
  return viewer?.role === "admin";
}
