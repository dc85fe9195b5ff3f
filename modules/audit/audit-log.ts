import { can } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/** The audit log is read by admins only (staff's own changes are in it too); nobody edits it. */
export function canReadAuditLog(viewer: Viewer | null): boolean {
  return can(viewer, "read:audit-log:any");
}

/** The actions the log records, for the filter. */
export const AUDIT_ACTIONS = [
  { value: "user.role", label: "Role change" },
  { value: "user.subscription", label: "Subscription override" },
  { value: "post.create", label: "Post created" },
  { value: "post.update", label: "Post edited" },
  { value: "post.publish", label: "Post published" },
  { value: "post.unpublish", label: "Post unpublished" },
  { value: "post.delete", label: "Post deleted" },
  { value: "listing.moderate", label: "Listing moderated" },
  { value: "listing.update", label: "Listing edited by an admin" },
  { value: "listing.status", label: "Listing status changed by an admin" },
  { value: "listing.delete", label: "Listing deleted" },
  { value: "settings.update", label: "Settings changed" },
  { value: "newsletter.unsubscribe", label: "Newsletter unsubscribe" },
] as const;

export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  action: string | null;
  /** Part of the actor's e-mail. */
  actor: string;
  /** A target id, exactly. */
  target: string;
  page: number;
}

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const action = params.get("action");
  const page = Number(params.get("page"));
  return {
    action: AUDIT_ACTIONS.some((option) => option.value === action) ? action : null,
    actor: (params.get("actor") ?? "").trim().slice(0, 200),
    target: (params.get("target") ?? "").trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function auditHref(query: Partial<AuditQuery>): string {
  const params = new URLSearchParams();
  if (query.action) params.set("action", query.action);
  if (query.actor) params.set("actor", query.actor);
  if (query.target) params.set("target", query.target);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}

export interface AuditRow {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  clientAddress: string;
  createdAt: string;
}
