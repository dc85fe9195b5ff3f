import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { accounts, blogPosts, listings, profiles, users } from "~/db/schema";
import { demoAccounts, DEMO_PASSWORD } from "~/scripts/seed/demo-accounts";
import { isDatabaseEmpty, seedDemoData } from "~/scripts/seed/seed.server";
import { verifyPassword } from "~/lib/password.server";
import { describeEachDatabase } from "~/tests/support/test-database";

describeEachDatabase("demo seed", (use) => {
  it("creates the demo accounts with their roles, subscriptions and verified e-mail", async () => {
    const { db } = use();
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemoData(db);
    expect(await isDatabaseEmpty(db)).toBe(false);

    const rows = await db
      .select({
        email: users.email,
        verified: users.emailVerified,
        role: profiles.role,
        status: profiles.subscriptionStatus,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id));
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get("admin@example.com")).toMatchObject({ role: "admin", verified: true });
    expect(byEmail.get("staff@example.com")).toMatchObject({ role: "staff" });
    expect(byEmail.get("landlord@example.com")).toMatchObject({ role: "landlord", status: "active" });
    expect(byEmail.get("landlord.pending@example.com")).toMatchObject({ role: "landlord", status: "inactive" });
    expect(byEmail.get("tenant@example.com")).toMatchObject({ role: "tenant" });
  });

  it("stores the demo password as an argon2id hash that verifies", async () => {
    const { db } = use();
    await seedDemoData(db);
    const [credential] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, "tenant@example.com"));
    expect(credential?.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(credential?.password ?? "", DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(credential?.password ?? "", "wrong password")).toBe(false);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const { db } = use();
    const first = await seedDemoData(db);
    expect(first.accountsCreated).toBe(demoAccounts.length);
    const before = await Promise.all(
      [listings, blogPosts, users].map((table) => db.select({ n: count() }).from(table)),
    );
    const second = await seedDemoData(db);
    expect(second).toEqual({ accountsCreated: 0, listingsCreated: 0, postsCreated: 0 });
    const after = await Promise.all([listings, blogPosts, users].map((table) => db.select({ n: count() }).from(table)));
    expect(after).toEqual(before);
  });
});
