import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listings, users } from "~/db/schema";
import { demoAccounts } from "~/scripts/seed/demo-accounts";
import { httpRequest, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

describeOnPostgres("the product on PostgreSQL (DATABASE_URL set, demo data on)", () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // An empty database: the server's own migrations must bring it up from nothing.
    await database.db.execute(
      "drop schema public cascade; create schema public; drop schema if exists drizzle cascade",
    );
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it("migrates, seeds the demo data once, and serves the marketplace", async () => {
    server = await startServer({ env: { DATABASE_URL: database.url, SEED_DEMO: undefined } });
    const home = await httpRequest(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.text()).toContain("Find Your Perfect Room");

    const search = await httpRequest(`${server.url}/search?keyword=balcony`);
    expect(search.status).toBe(200);
    expect(search.text().replaceAll("<!-- -->", "")).toMatch(/<strong[^>]*>\d+<\/strong> rooms? available/);

    const [listingCount] = await database.db.select({ n: count() }).from(listings);
    const [userCount] = await database.db.select({ n: count() }).from(users);
    expect(listingCount?.n).toBeGreaterThanOrEqual(60);
    expect(userCount?.n).toBe(demoAccounts.length);

    // A restart (or a second instance) neither re-migrates destructively nor seeds again.
    await server.stop();
    server = await startServer({ env: { DATABASE_URL: database.url, SEED_DEMO: undefined } });
    expect((await httpRequest(`${server.url}/readyz`)).status).toBe(200);
    const [afterRestart] = await database.db.select({ n: count() }).from(listings);
    expect(afterRestart?.n).toBe(listingCount?.n);
  }, 300_000);
});
