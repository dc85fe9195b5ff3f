import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema";
import { spawnServer, type ExitResult, type ServerProcess } from "~/tests/support/server-process";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

describeOnPostgres("a production server asked to seed the demo data", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let exit: ExitResult;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    server = await spawnServer({
      env: {
        NODE_ENV: "production",
        SEED_DEMO: "true",
        AUTH_SECRET: "a-production-secret-of-enough-length-0123456789",
        SMTP_URL: "smtp://127.0.0.1:9",
        DATABASE_URL: database.url,
        LOG_LEVEL: "info",
      },
    });
    // It either gives up, or boots (seeding first) and says so; a booted server is stopped here.
    const booted = server
      .waitForLine((line) => line.includes("server listening"), 30_000)
      .then(
        () => "booted" as const,
        () => "gave up" as const,
      );
    const outcome = await Promise.race([server.exited.then(() => "gave up" as const), booted]);
    if (outcome === "booted") await server.stop("SIGKILL");
    exit = await server.exited;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it("refuses to boot, naming the variable, with a plain message and a non-zero exit", () => {
    const output = [...server.stderr, ...server.stdout].join("\n");
    expect(output).not.toContain("server listening");
    expect(exit.code, output).not.toBeNull();
    expect(exit.code, output).not.toBe(0);
    expect(output).toMatch(/SEED_DEMO: refused in production/);
    expect(server.stderr.join("\n")).not.toMatch(/^\s+at /m);
  });

  it("seeds nothing: no demo account, no account at all", async () => {
    const [demoAdmin] = await database.db.select().from(users).where(eq(users.email, "admin@example.com"));
    expect(demoAdmin).toBeUndefined();
    const [{ accounts } = { accounts: -1 }] = await database.db.select({ accounts: count() }).from(users);
    expect(accounts).toBe(0);
  });
});
