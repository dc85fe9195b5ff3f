/**
 * `npm run bench:admin-users [-- --users 100000] [--iterations 30]`
 *
 * Seeds N users with profiles into a throwaway PostgreSQL database (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; loopback only; dropped at the
 * end), then times the /admin/users screen's query (`listUsers`, in-process) for the first page, a
 * deep page, searches by name and by e-mail and each role and status filter (p50/p95 over
 * --iterations calls), and prints EXPLAIN (ANALYZE, BUFFERS) of each query so index use can be
 * checked. Run by hand; never part of the test suite.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { parseArgs } from "node:util";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "~/db/schema";
import { connectDatabase, type Database } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import type { UsersQuery } from "~/modules/admin/users";
import { listUsers } from "~/modules/admin/users.server";
import type { Viewer } from "~/modules/auth/viewer";
import { Cleanup, formatMs, loadAverage, machineSummary, percentile, positiveInteger, table } from "./support";

const { values: flags } = parseArgs({
  options: { users: { type: "string" }, iterations: { type: "string" } },
  strict: true,
});
const USERS = positiveInteger("users", flags.users, 100_000);
const ITERATIONS = positiveInteger("iterations", flags.iterations, 30);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * N users with profiles in one statement each: names from small lists (so a name search matches
 * about 1 in 40 users), roles and statuses in realistic proportions, joined dates over four years.
 */
async function seed(client: pg.Pool): Promise<number> {
  const started = performance.now();
  await client.query(
    `insert into users (id, name, email, email_verified, created_at, updated_at)
     select 'bench-' || n, 'Bench User ' || n, 'user' || n || '@bench.example', true,
            now() - (n * interval '20 minutes'), now()
     from generate_series(1, $1) as n`,
    [USERS],
  );
  await client.query(
    `insert into profiles (id, first_name, last_name, role, subscription_status, created_at, updated_at)
     select 'bench-' || n,
            (array['Ada','Ben','Chloe','Dan','Ella','Finn','Grace','Hugo','Isla','Jack','Kai','Lena','Mei','Noah','Olive','Priya','Quinn','Ravi','Sara','Tom'])[1 + n % 20],
            (array['Nguyen','Smith','Chen','Patel','Brown','Wilson','Taylor','Lee','Martin','Kelly'])[1 + (n / 20) % 10] || (n % 2),
            (case when n % 50 = 0 then 'landlord' when n % 5000 = 1 then 'staff' when n % 20000 = 2 then 'admin' else 'tenant' end)::user_role,
            (case when n % 50 = 0 then 'active' when n % 50 = 25 then 'cancelled' when n % 500 = 7 then 'suspended' else 'inactive' end)::subscription_status,
            now() - (n * interval '20 minutes'), now()
     from generate_series(1, $1) as n`,
    [USERS],
  );
  await client.query("analyze users");
  await client.query("analyze profiles");
  return performance.now() - started;
}

const CASES: { name: string; query: Partial<UsersQuery> }[] = [
  { name: "first page", query: {} },
  { name: "deep page (page 200)", query: { page: 200 } },
  { name: "search by first name (Priya)", query: { q: "Priya" } },
  { name: "search by full name (Priya Chen1)", query: { q: "Priya Chen1" } },
  { name: "search by e-mail (user4242@)", query: { q: "user4242@" } },
  { name: "search with no match", query: { q: "zzzzqx" } },
  { name: "role: landlord", query: { role: "landlord" } },
  { name: "role: staff", query: { role: "staff" } },
  { name: "role: admin", query: { role: "admin" } },
  { name: "role: tenant", query: { role: "tenant" } },
  { name: "status: active", query: { status: "active" } },
  { name: "status: suspended", query: { status: "suspended" } },
  { name: "status: cancelled", query: { status: "cancelled" } },
  { name: "status: inactive", query: { status: "inactive" } },
  { name: "role landlord + status suspended", query: { role: "landlord", status: "suspended" } },
];

const ADMIN: Viewer = {
  id: "bench-admin",
  email: "admin@bench.example",
  role: "admin",
  subscriptionStatus: "inactive",
  firstName: "Bench",
  lastName: "Admin",
  avatarUrl: null,
  twoFactorEnabled: true,
};

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    console.log(`# bench:admin-users — ${machineSummary()}`);
    console.log(
      `users: ${USERS.toLocaleString("en-AU")}, ${ITERATIONS} calls per case, load ${loadAverage().toFixed(1)}`,
    );
    const admin = new URL(ADMIN_URL);
    if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(admin.hostname)) {
      throw new Error(`refusing to benchmark on ${admin.host}: only loopback servers are used`);
    }
    const name = `laneway_bench_users_${randomBytes(5).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    cleanup.add(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`));
    admin.pathname = `/${name}`;
    const handle = await connectDatabase({ databaseUrl: admin.toString(), dataDir: tmpdir() });
    cleanup.add("close the connection", () => handle.close());
    await migrateDatabase(handle);
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const seedMs = await seed(pool);
    console.log(`seeded in ${formatMs(seedMs)}`);

    const recorded: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) };
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    const rows: (string | number)[][] = [];
    const plans: string[] = [];
    for (const { name: caseName, query: partial } of CASES) {
      const query: UsersQuery = { q: "", role: null, status: null, page: 1, pageSize: 24, ...partial } as UsersQuery;
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        const result = await listUsers(db, ADMIN, query);
        times.push(performance.now() - started);
        if (result.ok) found = result.rows.length;
      }
      times.sort((a, b) => a - b);
      rows.push([caseName, found, formatMs(percentile(times, 50)), formatMs(percentile(times, 95))]);
      const last = recorded.at(-1);
      recorded.length = 0;
      if (!last) continue;
      const plan = await pool.query(`explain (analyze, buffers) ${last.sql}`, last.params);
      const text = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
      plans.push(`### ${caseName}\n${text}`);
    }
    console.log(`\n${table(["case", "rows", "p50", "p95"], rows, ["l", "r", "r", "r"])}`);
    console.log(`\n## Query plans\n\n${plans.join("\n\n")}`);
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
