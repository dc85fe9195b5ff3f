import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { identityChecks, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { accountNameHash } from "~/modules/identity/internal/name-hash.server";

const nameHash = accountNameHash(sql`verified.verified_first_name`, sql`verified.verified_last_name`);

/**
 * The SQL form of "is this user's identity verified now": a passed check that has not expired,
 * for the name the account has now. `userId` is the column (or value) naming the user. The checks
 * are read through a derived table whose columns share no name with any other table's, so an
 * unqualified column of the surrounding query (Drizzle leaves them so in single-table queries)
 * still means that query's column.
 */
export function identityVerifiedSql(userId: AnyColumn | SQL, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from (
      select check_row.user_id as verified_user_id, check_row.status as verified_status,
        check_row.expires_at as verified_until, check_row.name_hash as verified_name_hash,
        profile_row.first_name as verified_first_name, profile_row.last_name as verified_last_name
      from ${identityChecks} check_row inner join ${profiles} profile_row on profile_row.id = check_row.user_id
    ) verified
    where verified.verified_user_id = ${userId} and verified.verified_status = 'verified'
      and verified.verified_until > ${now.toISOString()}::timestamptz and verified.verified_name_hash = ${nameHash})`;
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
