import { asc, eq } from "drizzle-orm";
import { identityChecks } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";

/** The person's own identity checks as "Download my data" shows them: all we keep of each (ADR 109). */
export async function identityChecksOf(db: Executor, viewer: Pick<Viewer, "id">) {
  const rows = await db
    .select({
      provider: identityChecks.provider,
      status: identityChecks.status,
      failureReason: identityChecks.failureReason,
      initials: identityChecks.initials,
      documentCountry: identityChecks.documentCountry,
      verifiedAt: identityChecks.verifiedAt,
      expiresAt: identityChecks.expiresAt,
      createdAt: identityChecks.createdAt,
    })
    .from(identityChecks)
    .where(eq(identityChecks.userId, viewer.id))
    .orderBy(asc(identityChecks.createdAt));
  return rows.map((row) => ({
    ...row,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
