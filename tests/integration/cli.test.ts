import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { accounts, profiles, users } from "~/db/schema";
import { connectDatabase } from "~/lib/db/client.server";
import { verifyPassword } from "~/lib/password.server";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "laneway-cli-"));

/** Runs an npm script's entry the way `npm run …` does, against a throwaway PGlite directory. */
async function cli(script: string, args: string[] = [], extraEnv: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...extraEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function readUser(email: string) {
  const handle = connectDatabase({ dataDir });
  try {
    const [row] = await handle.db
      .select({ role: profiles.role, verified: users.emailVerified, password: accounts.password })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(eq(users.email, email));
    return row;
  } finally {
    await handle.close();
  }
}

// Each CLI run starts Node, compiles TypeScript and opens PGlite: allow for a busy machine.
describe("operator CLIs", { timeout: 180_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("user:create makes a verified admin whose password works, and refuses a duplicate", async () => {
    const created = await cli("scripts/user-create.ts", [
      "--email",
      "Owner@Example.com",
      "--password",
      "correct horse",
      "--role",
      "admin",
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created admin owner@example.com");

    const user = await readUser("owner@example.com");
    expect(user).toMatchObject({ role: "admin", verified: true });
    expect(await verifyPassword(user?.password ?? "", "correct horse")).toBe(true);

    const duplicate = await cli("scripts/user-create.ts", ["--email", "owner@example.com", "--password", "another1"]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("already exists");
  });

  it("user:create explains bad input and writes nothing", async () => {
    const result = await cli("scripts/user-create.ts", [
      "--email",
      "not-an-email",
      "--password",
      "123",
      "--role",
      "king",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("email: Enter a valid e-mail address");
    expect(result.stderr).toContain("password: Password must be at least 6 characters long");
    expect(result.stderr).toMatch(/role: .*"admin"/);
    expect(await readUser("not-an-email")).toBeUndefined();

    const usage = await cli("scripts/user-create.ts", []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run user:create");
  });

  it("db:seed and db:reset refuse production and write nothing", async () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-enough-length-0123456789",
      SMTP_URL: "smtp://127.0.0.1:9",
    };
    for (const script of ["scripts/db-seed.ts", "scripts/db-reset.ts"]) {
      const refused = await cli(script, [], production);
      expect(refused.code, script).not.toBe(0);
      expect(refused.stderr, script).toMatch(/refuses to run with NODE_ENV=production/);
    }
    // The step before a server starts: nothing to do in production, and SEED_DEMO there is refused.
    expect((await cli("scripts/db-seed.ts", ["--on-start"], production)).code).toBe(0);
    const asked = await cli("scripts/db-seed.ts", ["--on-start"], { ...production, SEED_DEMO: "true" });
    expect(asked.code).not.toBe(0);
    expect(asked.stderr).toMatch(/SEED_DEMO: refused in production/);
    expect(await readUser("admin@example.com")).toBeUndefined();
  });

  it("the seed step before a start leaves a database that already has data alone", async () => {
    expect(await readUser("owner@example.com")).toBeDefined();
    const skipped = await cli("scripts/db-seed.ts", ["--on-start"], { SEED_DEMO: "true" });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(await readUser("admin@example.com")).toBeUndefined();
  });

  it("db:seed is idempotent and db:reset starts again from the demo data", async () => {
    const first = await cli("scripts/db-seed.ts");
    expect(first.stdout).toMatch(/Seeded: 8 accounts, \d{2,} listings, \d+ posts\./);
    const second = await cli("scripts/db-seed.ts");
    expect(second.stdout).toContain("Seeded: 0 accounts, 0 listings, 0 posts.");

    const reset = await cli("scripts/db-reset.ts");
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/Database reset: 8 accounts, \d{2,} listings, \d+ posts\./);
    expect(await readUser("owner@example.com")).toBeUndefined();
    expect(await readUser("tenant@example.com")).toMatchObject({ role: "tenant" });
  });
});
