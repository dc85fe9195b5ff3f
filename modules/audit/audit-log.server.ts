import { and, desc, eq, ilike, sql } from "drizzle-orm";
import { auditLog, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { AUDIT_PAGE_SIZE, canReadAuditLog, type AuditQuery, type AuditRow } from "~/modules/audit/audit-log";
import type { Viewer } from "~/modules/auth/viewer";

/** One page of the audit log, newest first, filtered; admins only. */
export async function listAuditLog(
  db: Executor,
  viewer: Viewer,
  query: AuditQuery,
): Promise<{ ok: true; rows: AuditRow[]; hasNext: boolean } | { ok: false; reason: "forbidden" }> {
  if (!canReadAuditLog(viewer)) return { ok: false, reason: "forbidden" };
  const actor = query.actor.replace(/[\\%_]/g, (character) => `\\${character}`);
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actor ? ilike(auditLog.actorEmail, `%${actor}%`) : undefined,
        query.target ? eq(auditLog.targetId, query.target) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return {
    ok: true,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      clientAddress: row.clientAddress,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * The latest back-office override that made the user's subscription active: when, and the name of
 * the administrator who made it (null if their profile has none or is gone). Null if none ever did.
 */
export async function lastSubscriptionGrant(
  db: Executor,
  userId: string,
): Promise<{ at: Date; actorName: string | null } | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetType, "user"),
        eq(auditLog.targetId, userId),
        eq(auditLog.action, "user.subscription"),
        sql`${auditLog.after} ->> 'status' = 'active'`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const actorName = [row.firstName, row.lastName].filter(Boolean).join(" ") || null;
  return { at: row.at, actorName };
}
