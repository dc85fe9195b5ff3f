import type { Context } from "hono";
import type { AuditMeta } from "~/modules/audit/record-audit.server";
import type { ApiEnv } from "~/server/api/key-auth";

/** Who asked, for the audit row a staff change through the API writes (as the admin pages do). */
export function apiAuditMeta(c: Context<ApiEnv>): AuditMeta {
  return { clientAddress: c.get("requestInfo")?.clientAddress ?? "unknown" };
}
