/**
 * `npm run bench:analytics [-- --listings 200000] [--days 365] [--iterations 30] [--views 200000]
 *   [--database name]`
 * `npm run bench:analytics -- --http [--rounds 3] [--seconds 8]` (./analytics-http.ts)
 *
 * Two parts of listing analytics (ADR 100), on a throwaway PostgreSQL database (BENCH_DATABASE_URL,
 * else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; loopback only; dropped at
 * the end):
 * - the counter path in-process: how long recording a view takes (the only work a page does), and
 *   how long flushing a window of them takes (`--views` views over 2,000 listings and 20,000
 *   addresses, as ten seconds at 2,000 views a second would bring);
 * - the dashboard's query (`landlordDashboard`) for a landlord with 50 listings over 7, 30 and 90
 *   days, with N listings × D days of daily rows in the table, p50/p95 over --iterations calls, and
 *   EXPLAIN (ANALYZE, BUFFERS) of its statements; and one listing's comparison (`compareListing`).
 * `--database name` keeps the seeded database for the next run with the same name (created and
 * seeded only when it does not exist; drop it by hand), instead of a throwaway one.
 * Run by hand; never part of the test suite.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { parseArgs } from "node:util";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "~/db/schema";
import { connectDatabase, type Database } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { recordListingView } from "~/modules/analytics/counted-request";
import { ListingCounter } from "~/modules/analytics/listing-counter.server";
import { compareListing } from "~/modules/analytics/listing-comparison.server";
import { landlordDashboard, periodRange } from "~/modules/analytics/listing-stats.server";
import { countedPageViews } from "./analytics-http";
import {
  Cleanup,
  formatDuration,
  formatMs,
  loadAverage,
  machineSummary,
  percentile,
  positiveInteger,
  table,
} from "./support";

const { values: flags } = parseArgs({
  options: {
    listings: { type: "string" },
    days: { type: "string" },
    iterations: { type: "string" },
    views: { type: "string" },
    http: { type: "boolean", default: false },
    rounds: { type: "string" },
    seconds: { type: "string" },
    database: { type: "string" },
  },
  strict: true,
});
const LISTINGS = positiveInteger("listings", flags.listings, 200_000);
const DAYS = positiveInteger("days", flags.days, 365);
const ITERATIONS = positiveInteger("iterations", flags.iterations, 30);
const VIEWS = positiveInteger("views", flags.views, 20_000);
const ROUNDS = positiveInteger("rounds", flags.rounds, 3);
const SECONDS = positiveInteger("seconds", flags.seconds, 8);
/** A database kept between runs: seeding 73 million rows takes minutes, a run of the queries seconds. */
const KEPT_DATABASE = flags.database;
if (KEPT_DATABASE !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(KEPT_DATABASE)) {
  throw new Error(`--database: a lower-case name of letters, digits and underscores, not ${KEPT_DATABASE}`);
}
const LANDLORD_LISTINGS = 50;
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** One landlord per 50 listings (the first is the one measured), and D days of rows for every listing. */
async function seed(pool: pg.Client): Promise<number> {
  const started = performance.now();
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select 'bench-' || n, 'Landlord ' || n, 'landlord' || n || '@bench.example', true
     from generate_series(0, $1::int / ${LANDLORD_LISTINGS}) as n`,
    [LISTINGS],
  );
  await pool.query(
    `insert into profiles (id, role, subscription_status)
     select 'bench-' || n, 'landlord', 'active' from generate_series(0, $1::int / ${LANDLORD_LISTINGS}) as n`,
    [LISTINGS],
  );
  await pool.query(
    `insert into listings (listing_id, landlord_id, listing_title, suburb, weekly_rent, available_from, created_at)
     select md5('listing' || n)::uuid, 'bench-' || (n / ${LANDLORD_LISTINGS}), 'Room ' || n,
            (array['Carlton','Fitzroy','Richmond','Brunswick','Southbank'])[1 + n % 5], 200 + n % 600,
            '2026-12-01', now() - (n * interval '1 minute')
     from generate_series(0, $1::int - 1) as n`,
    [LISTINGS],
  );
  // Written in order of the primary key (listing, day), as a table filled by daily flushes is not:
  // the measured landlord's rows are spread over the table by inserting days in the outer loop.
  // The key and the foreign key are dropped for the insert and made again after it: one sorted
  // index build and one join instead of 73 million random index insertions and trigger checks.
  const { rows: constraints } = await pool.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = 'listing_daily_stats'::regclass order by contype = 'f'`,
  );
  for (const { name } of [...constraints].reverse()) {
    await pool.query(`alter table listing_daily_stats drop constraint "${name}"`);
  }
  await pool.query(
    `insert into listing_daily_stats (listing_id, day, views, unique_visitors, impressions, favourites_added, enquiries)
     select md5('listing' || n)::uuid, current_date - d, (n + d) % 40, (n + d) % 25, (n * d) % 200, (n + d) % 3, (n + d) % 7 / 6
     from generate_series(0, $2::int - 1) as d, generate_series(0, $1::int - 1) as n`,
    [LISTINGS, DAYS],
  );
  await pool.query("set maintenance_work_mem = '1GB'");
  for (const { name, definition } of constraints) {
    await pool.query(`alter table listing_daily_stats add constraint "${name}" ${definition}`);
  }
  await pool.query("vacuum analyze listings");
  await pool.query("vacuum analyze listing_daily_stats");
  return performance.now() - started;
}

async function counterPath(db: Database): Promise<(string | number)[][]> {
  const counter = new ListingCounter();
  const listingIds = await (db as unknown as { $client: pg.Pool }).$client.query<{ id: string }>(
    `select listing_id as id from listings order by listing_id limit 2000`,
  );
  const ids = listingIds.rows.map((row) => row.id);
  const requests = Array.from({ length: 20_000 }, (_, n) => ({
    viewer: null,
    clientAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: new Headers({ "user-agent": CHROME, "accept-language": "en-AU" }),
  }));
  const rows: (string | number)[][] = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    for (let n = 0; n < VIEWS; n += 1) {
      recordListingView(counter, requests[n % requests.length]!, { id: ids[n % ids.length]!, landlordId: null });
    }
    const recordMs = performance.now() - started;
    const flushStarted = performance.now();
    await counter.flush(db);
    const flushMs = performance.now() - flushStarted;
    rows.push([`round ${round + 1}`, VIEWS, `${((recordMs * 1000) / VIEWS).toFixed(2)} µs`, formatMs(flushMs)]);
  }
  return rows;
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    console.log(`# bench:analytics — ${machineSummary()}`);
    if (flags.http) {
      await countedPageViews(cleanup, { rounds: ROUNDS, seconds: SECONDS });
      return;
    }
    console.log(
      `listings: ${LISTINGS.toLocaleString("en-AU")} × ${DAYS} days of rows, ${ITERATIONS} calls per period, load ${loadAverage().toFixed(1)}`,
    );
    const admin = new URL(ADMIN_URL);
    if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(admin.hostname)) {
      throw new Error(`refusing to benchmark on ${admin.host}: only loopback servers are used`);
    }
    const name = KEPT_DATABASE ?? `laneway_bench_analytics_${randomBytes(5).toString("hex")}`;
    const fresh = !KEPT_DATABASE || !(await databaseExists(name));
    if (fresh) await adminQuery(`create database ${name}`);
    // A kept database is dropped too when its seeding fails, never reused half-filled.
    const drop = fresh
      ? cleanup.add(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`))
      : undefined;
    admin.pathname = `/${name}`;
    const handle = await connectDatabase({ databaseUrl: admin.toString(), dataDir: tmpdir() });
    cleanup.add("close the connection", () => handle.close());
    await migrateDatabase(handle);
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    if (fresh) {
      // Seeded on a connection of its own: the app's pool stops statements that run for seconds.
      const seeder = new pg.Client({ connectionString: admin.toString() });
      await seeder.connect();
      try {
        console.log(`seeded in ${formatDuration(await seed(seeder))}`);
      } finally {
        await seeder.end();
      }
      if (KEPT_DATABASE) drop?.();
    } else {
      console.log(`reusing ${name} as seeded by an earlier run (drop it by hand when done)`);
    }

    console.log(`\n## Counter path (record in memory, then one flush)\n`);
    console.log(table(["", "views", "per view", "flush"], await counterPath(handle.db), ["l", "r", "r", "r"]));

    const recorded: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) };
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    const owner = { id: "bench-1", name: "Landlord 1", email: "landlord1@bench.example" };
    const rows: (string | number)[][] = [];
    const plans: string[] = [];
    for (const period of [7, 30, 90] as const) {
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        await landlordDashboard(db, owner, periodRange(period));
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push([`${period} days`, formatMs(percentile(times, 50)), formatMs(percentile(times, 95))]);
      const statements = recorded.slice(-3);
      recorded.length = 0;
      if (period !== 90) continue;
      for (const statement of statements) {
        const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
        plans.push(plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
      }
    }
    // One listing's comparison with similar rooms (here 40,000 in its suburb), as the dashboard shows it.
    const { listings: owned } = await landlordDashboard(db, owner, periodRange(7));
    const compared = owned[0]!.id;
    for (const period of [7, 30, 90] as const) {
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const started = performance.now();
        await compareListing(db, compared, periodRange(period));
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push([`comparison, ${period} days`, formatMs(percentile(times, 50)), formatMs(percentile(times, 95))]);
    }
    recorded.length = 0;
    console.log(`\n## Dashboard, a landlord with ${LANDLORD_LISTINGS} listings\n`);
    console.log(table(["period", "p50", "p95"], rows, ["l", "r", "r"]));
    console.log(`\n## Query plans (90 days)\n\n${plans.join("\n\n")}`);
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
