import { auditLog } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";

/** What every audited change carries from the transport: the client's address (socket or trusted proxy). */
export interface AuditMeta {
  clientAddress: string;
}

export type AuditTargetType =
  "user" | "post" | "listing" | "settings" | "contact-message" | "newsletter-subscriber" | "support-request";

export interface AuditEntry {
  actor: Pick<Viewer, "id" | "email">;
  /** `<target>.<verb>`, e.g. user.role, post.publish, listing.moderate. */
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  meta: AuditMeta;
}

/**
 * Records one change. Call it with the transaction that makes the change, so the row exists if
 * and only if the change does (a refused or failed change leaves no trace, a made one always does).
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason?.trim() || null,
    clientAddress: entry.meta.clientAddress,
  });
}
