import { roleCan } from "~/modules/auth/permissions";
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { profiles, renterDocuments, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import { canManageUsers, mayGrantRole, type AdminUserRow, type UsersQuery } from "~/modules/admin/users";
import { canUseBackOffice } from "~/modules/admin/access";
import type { SubscriptionStatus, UserRole, Viewer } from "~/modules/auth/viewer";

export type UserChangeRefusal =
  | "forbidden" // not an admin (staff see the screen read-only)
  | "self" // nobody changes their own role or status
  | "above-own-role"
  | "last-admin"
  | "not-found";

export type UserChangeResult<T> = { ok: true; value: T } | { ok: false; reason: UserChangeRefusal };

function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Every word must be found in the first name, last name or e-mail. Each word is an id set from the
 * two tables' trigram indexes: an OR across the join itself cannot use them and reads every row.
 */
function matching(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  return and(
    ...words.map((word) => {
      const pattern = containing(word);
      // The subqueries' own FROM shadows the outer query's tables of the same name.
      return sql`${profiles.id} in (select ${profiles.id} from ${profiles} where ${or(
        ilike(profiles.firstName, pattern),
        ilike(profiles.lastName, pattern),
      )} union all select ${users.id} from ${users} where ${ilike(users.email, pattern)})`;
    }),
  );
}

/**
 * One page of users for staff and admins, newest first, with whether another page follows. There is
 * no total: counting 100,000 rows on every keystroke is what would make the screen slow, and
 * Previous/Next needs none. The filters and the order match the profiles indexes.
 */
export async function listUsers(
  db: Executor,
  viewer: Viewer,
  query: UsersQuery,
): Promise<{ ok: true; rows: AdminUserRow[]; hasNext: boolean } | { ok: false; reason: "forbidden" }> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const rows = await db
    .select({
      id: profiles.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
      role: profiles.role,
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionPlan: profiles.subscriptionPlan,
      subscriptionStartDate: profiles.subscriptionStartDate,
      subscriptionEndDate: profiles.subscriptionEndDate,
      stripeCustomerId: profiles.stripeCustomerId,
      stripeSubscriptionId: profiles.stripeSubscriptionId,
      createdAt: profiles.createdAt,
      renterDocument: renterDocuments.kind,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(renterDocuments, eq(renterDocuments.userId, profiles.id))
    .where(
      and(
        query.q ? matching(query.q) : undefined,
        query.role ? eq(profiles.role, query.role) : undefined,
        query.status ? eq(profiles.subscriptionStatus, query.status) : undefined,
      ),
    )
    .orderBy(sql`${profiles.createdAt} desc nulls last`, desc(profiles.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return {
    ok: true,
    hasNext: rows.length > query.pageSize,
    rows: rows.slice(0, query.pageSize).map((row) => ({
      ...row,
      subscriptionStartDate: row.subscriptionStartDate?.toISOString() ?? null,
      subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Changes another user's role: admins only, never their own, never above their own role, and never
 * the last admin's. The admins' rows are locked first, so two admins demoting each other at once
 * cannot leave the site without one; the viewer's own role is checked again under that lock.
 */
export async function setUserRole(
  db: Executor,
  viewer: Viewer,
  targetId: string,
  role: UserRole,
  meta: AuditMeta,
): Promise<UserChangeResult<{ role: UserRole }>> {
  if (!canManageUsers(viewer)) return { ok: false, reason: "forbidden" };
  if (targetId === viewer.id) return { ok: false, reason: "self" };
  if (!mayGrantRole(viewer, role)) return { ok: false, reason: "above-own-role" };
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.role, "admin"))
      .orderBy(profiles.id)
      .for("update");
    if (!admins.some((admin) => admin.id === viewer.id)) return { ok: false, reason: "forbidden" } as const;
    const [target] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, targetId))
      .for("update");
    if (!target) return { ok: false, reason: "not-found" } as const;
    // Someone must still be able to manage users.
    if (roleCan(target.role, "manage:user:any") && !roleCan(role, "manage:user:any") && admins.length <= 1) {
      return { ok: false, reason: "last-admin" } as const;
    }
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, targetId));
    await recordAudit(tx, {
      actor: viewer,
      action: "user.role",
      targetType: "user",
      targetId,
      before: { role: target.role },
      after: { role },
      meta,
    });
    return { ok: true, value: { role } } as const;
  });
}

/** The spec's subscription rule: active starts now, cancelled ends now, anything else has no dates. */
function subscriptionDates(status: SubscriptionStatus, now: Date) {
  if (status === "active") return { subscriptionStartDate: now };
  if (status === "cancelled") return { subscriptionEndDate: now };
  return { subscriptionStartDate: null, subscriptionEndDate: null };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Overrides another user's subscription status by hand (admins only, never their own). */
export async function setSubscriptionStatus(
  db: Executor,
  viewer: Viewer,
  targetId: string,
  status: SubscriptionStatus,
  meta: AuditMeta,
): Promise<UserChangeResult<{ status: SubscriptionStatus }>> {
  if (!canManageUsers(viewer)) return { ok: false, reason: "forbidden" };
  if (targetId === viewer.id) return { ok: false, reason: "self" };
  return db.transaction(async (tx) => {
    const [actor] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, viewer.id));
    if (!actor || !roleCan(actor.role, "manage:user:any")) return { ok: false, reason: "forbidden" } as const;
    const [before] = await tx
      .select({
        status: profiles.subscriptionStatus,
        start: profiles.subscriptionStartDate,
        end: profiles.subscriptionEndDate,
      })
      .from(profiles)
      .where(eq(profiles.id, targetId))
      .for("update");
    if (!before) return { ok: false, reason: "not-found" } as const;
    const now = new Date();
    const [after] = await tx
      .update(profiles)
      .set({ subscriptionStatus: status, ...subscriptionDates(status, now), updatedAt: now })
      .where(eq(profiles.id, targetId))
      .returning({
        status: profiles.subscriptionStatus,
        start: profiles.subscriptionStartDate,
        end: profiles.subscriptionEndDate,
      });
    if (!after) throw new Error("the profile update returned no row");
    await recordAudit(tx, {
      actor: viewer,
      action: "user.subscription",
      targetType: "user",
      targetId,
      before: { status: before.status, start: iso(before.start), end: iso(before.end) },
      after: { status: after.status, start: iso(after.start), end: iso(after.end) },
      meta,
    });
    return { ok: true, value: { status } } as const;
  });
}
