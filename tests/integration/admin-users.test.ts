import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, profiles, users } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { parseAuditQuery } from "~/modules/audit/audit-log";
import { listAuditLog } from "~/modules/audit/audit-log.server";
import { parseUsersQuery } from "~/modules/admin/users";
import { listUsers, setSubscriptionStatus, setUserRole } from "~/modules/admin/users.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const meta = { clientAddress: "198.51.100.9" };

async function profileOf(db: Database, id: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  if (!row) throw new Error("no profile");
  return row;
}
const auditRows = (db: Database) => db.select().from(auditLog).orderBy(auditLog.createdAt);

describeEachDatabase("admin users", (use) => {
  it("an admin changes another user's role, audited with before and after", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const tenant = await createTestViewer(db, { role: "tenant" });
    expect(await setUserRole(db, admin, tenant.id, "landlord", meta)).toEqual({
      ok: true,
      value: { role: "landlord" },
    });
    expect((await profileOf(db, tenant.id)).role).toBe("landlord");
    const [row] = await auditRows(db);
    expect(row).toMatchObject({
      actorId: admin.id,
      action: "user.role",
      targetType: "user",
      targetId: tenant.id,
      before: { role: "tenant" },
      after: { role: "landlord" },
      clientAddress: "198.51.100.9",
    });
  });

  it("nobody changes their own role or status; staff, landlords and tenants change nobody's", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const target = await createTestViewer(db, { role: "tenant" });
    expect(await setUserRole(db, admin, admin.id, "tenant", meta)).toEqual({ ok: false, reason: "self" });
    expect(await setSubscriptionStatus(db, admin, admin.id, "active", meta)).toEqual({ ok: false, reason: "self" });
    for (const role of ["staff", "landlord", "tenant"] as const) {
      const viewer = await createTestViewer(db, { role });
      expect(await setUserRole(db, viewer, target.id, "admin", meta)).toEqual({ ok: false, reason: "forbidden" });
      expect(await setUserRole(db, viewer, viewer.id, "admin", meta)).toMatchObject({ ok: false });
      expect(await setSubscriptionStatus(db, viewer, target.id, "active", meta)).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
    expect(await profileOf(db, target.id)).toMatchObject({ role: "tenant", subscriptionStatus: "inactive" });
    expect((await profileOf(db, admin.id)).role).toBe("admin");
    expect(await auditRows(db)).toHaveLength(0);
  });

  it("a viewer whose admin role was taken away meanwhile is refused (checked again in the transaction)", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    await createTestViewer(db, { role: "admin" });
    const target = await createTestViewer(db, { role: "tenant" });
    await db.update(profiles).set({ role: "tenant" }).where(eq(profiles.id, admin.id));
    expect(await setUserRole(db, admin, target.id, "staff", meta)).toEqual({ ok: false, reason: "forbidden" });
    expect(await setSubscriptionStatus(db, admin, target.id, "active", meta)).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await auditRows(db)).toHaveLength(0);
  });

  it("two admins demoting each other at once leave one admin: the last admin is never demoted", async () => {
    const { db } = use();
    const first = await createTestViewer(db, { role: "admin" });
    const second = await createTestViewer(db, { role: "admin" });
    const results = await Promise.all([
      setUserRole(db, first, second.id, "tenant", meta),
      setUserRole(db, second, first.id, "tenant", meta),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "forbidden" }]);
    const roles = [(await profileOf(db, first.id)).role, (await profileOf(db, second.id)).role].sort();
    expect(roles).toEqual(["admin", "tenant"]);
    expect(await auditRows(db)).toHaveLength(1);
  });

  it("refuses an unknown user", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    expect(await setUserRole(db, admin, "nobody", "staff", meta)).toEqual({ ok: false, reason: "not-found" });
    expect(await setSubscriptionStatus(db, admin, "nobody", "active", meta)).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("applies the subscription date rule and always sets updated_at", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const landlord = await createTestViewer(db, { role: "landlord", subscriptionStatus: "inactive" });
    const old = new Date("2020-01-01T00:00:00Z");
    await db.update(profiles).set({ updatedAt: old }).where(eq(profiles.id, landlord.id));

    await setSubscriptionStatus(db, admin, landlord.id, "active", meta);
    let profile = await profileOf(db, landlord.id);
    expect(profile.subscriptionStatus).toBe("active");
    expect(profile.subscriptionStartDate).toBeInstanceOf(Date);
    expect(profile.updatedAt.getTime()).toBeGreaterThan(old.getTime());

    await setSubscriptionStatus(db, admin, landlord.id, "cancelled", meta);
    profile = await profileOf(db, landlord.id);
    expect(profile.subscriptionEndDate).toBeInstanceOf(Date);

    await setSubscriptionStatus(db, admin, landlord.id, "suspended", meta);
    profile = await profileOf(db, landlord.id);
    expect(profile).toMatchObject({
      subscriptionStatus: "suspended",
      subscriptionStartDate: null,
      subscriptionEndDate: null,
    });

    const rows = await auditRows(db);
    expect(rows.map((row) => row.action)).toEqual(["user.subscription", "user.subscription", "user.subscription"]);
    expect(rows[0]?.before).toMatchObject({ status: "inactive", start: null });
    expect(rows[2]?.after).toEqual({ status: "suspended", start: null, end: null });
  });

  it("lists users newest first, searched by name or e-mail, filtered by role and status, a page at a time", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    for (let index = 1; index <= 14; index += 1) {
      const id = `user-${index}`;
      await db.insert(users).values({ id, name: id, email: `person${index}@example.com` });
      await db.insert(profiles).values({
        id,
        role: index % 2 === 0 ? "landlord" : "tenant",
        subscriptionStatus: index === 4 ? "active" : "inactive",
        firstName: index === 7 ? "Ada" : "Sam",
        lastName: index === 7 ? "Lovelace" : `Number${index}`,
        createdAt: new Date(Date.UTC(2026, 0, index)),
      });
    }
    const list = async (search: string) => {
      const result = await listUsers(db, staff, parseUsersQuery(new URLSearchParams(search)));
      if (!result.ok) throw new Error(result.reason);
      return result;
    };
    const first = await list("");
    expect(first.rows).toHaveLength(12);
    expect(first.rows[0]?.id).toBe(staff.id);
    expect(first.rows[1]?.id).toBe("user-14");
    expect(first.hasNext).toBe(true);
    expect((await list("page=2")).rows.map((row) => row.id)).toEqual(["user-3", "user-2", "user-1"]);
    expect((await list("page=2")).hasNext).toBe(false);
    expect((await list("q=ada+love")).rows.map((row) => row.id)).toEqual(["user-7"]);
    expect((await list("q=PERSON13%40")).rows.map((row) => row.id)).toEqual(["user-13"]);
    expect((await list("q=%25")).rows).toHaveLength(0);
    expect((await list("role=landlord&status=active")).rows.map((row) => row.id)).toEqual(["user-4"]);
    expect((await list("role=landlord&pageSize=24")).rows).toHaveLength(7);

    const tenant = await createTestViewer(db, { role: "tenant" });
    expect(await listUsers(db, tenant, parseUsersQuery(new URLSearchParams()))).toEqual({
      ok: false,
      reason: "forbidden",
    });
  });
});

describeEachDatabase("audit log screen", (use) => {
  it("admins read it newest first, filtered by action, actor and target; staff and others may not", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const first = await createTestViewer(db, { role: "tenant" });
    const second = await createTestViewer(db, { role: "tenant" });
    await setUserRole(db, admin, first.id, "landlord", meta);
    await setSubscriptionStatus(db, admin, second.id, "active", meta);
    const list = async (search: string) => {
      const result = await listAuditLog(db, admin, parseAuditQuery(new URLSearchParams(search)));
      if (!result.ok) throw new Error(result.reason);
      return result.rows.map((row) => [row.action, row.targetId]);
    };
    expect(await list("")).toEqual([
      ["user.subscription", second.id],
      ["user.role", first.id],
    ]);
    expect(await list("action=user.role")).toEqual([["user.role", first.id]]);
    expect(await list(`target=${second.id}`)).toEqual([["user.subscription", second.id]]);
    expect(await list(`actor=${admin.email.slice(0, 10).toUpperCase()}`)).toHaveLength(2);
    expect(await list("actor=%25")).toHaveLength(0);
    for (const role of ["staff", "landlord", "tenant"] as const) {
      const viewer = await createTestViewer(db, { role });
      expect(await listAuditLog(db, viewer, parseAuditQuery(new URLSearchParams()))).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
  });
});
