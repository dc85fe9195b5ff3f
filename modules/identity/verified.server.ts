import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { identityChecks, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { accountNameHash } from "~/modules/identity/internal/name-hash.server";

// Aliased so the filter can sit inside a query that reads profiles or checks itself.
const check = alias(identityChecks, "verified_check");
const checkedProfile = alias(profiles, "verified_profile");

/**
 * The SQL form of "is this user's identity verified now": a passed check that has not expired,
 * for the name the account has now. `userId` is the column (or value) naming the user.
 */
export function identityVerifiedSql(userId: AnyColumn | SQL, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${check} inner join ${checkedProfile} on ${checkedProfile.id} = ${check.userId} where ${check.userId} = ${userId} and ${check.status} = 'verified' and ${check.expiresAt} > ${now.toISOString()}::timestamptz and ${check.nameHash} = ${accountNameHash(checkedProfile.firstName, checkedProfile.lastName)})`;
}

/** Whether this user's identity is verified now (the boolean form of `identityVerifiedSql`). */
export async function isIdentityVerified(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ verified: identityVerifiedSql(sql`${userId}`, now) }).from(sql`(select 1) as one`);
  return row?.verified === true;
}

/** Which of these users are verified now, in one query (badges on lists). */
export async function verifiedAmong(db: Executor, userIds: string[], now: Date): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`${inArray(profiles.id, ids)} and ${identityVerifiedSql(profiles.id, now)}`);
  return new Set(rows.map((row) => row.id));
}
