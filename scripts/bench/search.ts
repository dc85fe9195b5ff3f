/**
 * `npm run bench:search [-- --listings 10000] [--duration 10] [--only pglite|postgres]`
 *
 * Seeds N synthetic listings into a fresh PGlite data directory and a throwaway PostgreSQL
 * database, then for each database:
 *   1. times `searchListings(db, state)` in-process for a set of realistic searches (p50/p95),
 *      times its two queries (page of rows, exact count) on their own, and prints
 *      EXPLAIN (ANALYZE, BUFFERS) of the unfiltered, selective-term and common-term queries;
 *   2. starts the production server against it and drives the same searches as /search URLs with
 *      autocannon over loopback: 10 connections for --duration seconds each (throughput and
 *      latency under load), then 1 connection for half as long (latency of a lone request).
 *
 * PostgreSQL: a new database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test (loopback only), dropped at the end. Servers, databases
 * and temporary directories are removed even on error or Ctrl-C.
 *
 * Other flags: --connections (10), --iterations (50, in-process calls per search), --warmup (3 s),
 * --build (run `npx react-router build` first; otherwise the current build/ is copied),
 * --keep-indexes (above 20,000 listings the seed normally drops the secondary indexes and rebuilds
 * them after the insert), --database NAME (PostgreSQL: use and keep this database; it is created and
 * seeded on the first run and reused, migrated but not re-seeded, on later runs with the same
 * --listings), --skip-load (no runs under --connections; the one-connection pass only).
 *
 * --cpu-prof DIR: the search server writes a V8 CPU profile into DIR when it stops (sum it by function
 * with `npx tsx scripts/bench/cpu-profile-summary.ts FILE`; with --skip-load it covers the warm-up
 * and the one-connection pass).
 *
 * --pages: after seeding, instead of the searches, the sustained throughput of the home page,
 * /search, a listing page and `GET /api/listings/{id}` (with a key): one instance, and on
 * PostgreSQL also two instances behind Debian's nginx (ports 46040–46042).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import { isNotNull } from "drizzle-orm";
import pg from "pg";
import * as schema from "~/db/schema";
import { connectDatabase, type Database, type DatabaseHandle } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { searchListings } from "~/modules/listings/listing-queries.server";
import { resolveLocation, type LocationSearch } from "~/modules/listings/location-filter";
import { parseSearchParams, searchHref, toSearchParams, type SearchState } from "~/modules/listings/search-params";
import {
  Cleanup,
  formatDuration,
  formatMs,
  loadAverage,
  machineSummary,
  percentile,
  positiveInteger,
  privateBuild,
  processCpuMs,
  startServer,
  summarizeLog,
  table,
  type PrivateApp,
} from "./support";
import { syntheticLandlords, syntheticListings } from "./synthetic-listings";
import { startNginx } from "../ops/nginx";
import { createTestApiKey, createTestViewer } from "~/tests/support/factories";

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

const { values: flags } = parseArgs({
  options: {
    listings: { type: "string" },
    duration: { type: "string" },
    only: { type: "string" },
    connections: { type: "string" },
    iterations: { type: "string" },
    warmup: { type: "string" },
    build: { type: "boolean", default: false },
    "keep-indexes": { type: "boolean", default: false },
    database: { type: "string" },
    "skip-load": { type: "boolean", default: false },
    pages: { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
  },
  strict: true,
});

const LISTINGS = positiveInteger("listings", flags.listings, 10_000);
const DURATION = positiveInteger("duration", flags.duration, 10);
const CONNECTIONS = positiveInteger("connections", flags.connections, 10);
const ITERATIONS = positiveInteger("iterations", flags.iterations, 50);
const WARMUP = positiveInteger("warmup", flags.warmup, 3);
const BATCH = 1000;
/** Above this many listings the seed drops the secondary indexes and rebuilds them after the insert. */
const REBUILD_INDEXES_ABOVE = 20_000;
if (flags.only !== undefined && flags.only !== "pglite" && flags.only !== "postgres") {
  throw new Error(`--only: expected pglite or postgres, got "${flags.only}"`);
}
const KEPT_DATABASE = flags.database;
if (KEPT_DATABASE !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(KEPT_DATABASE)) {
  throw new Error(`--database: expected a lower-case PostgreSQL identifier, got "${KEPT_DATABASE}"`);
}
const KINDS = flags.only ? [flags.only as Kind] : (["pglite", "postgres"] as const);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Kind = "pglite" | "postgres";

// ---------------------------------------------------------------------------------------------
// Searches
// ---------------------------------------------------------------------------------------------

interface Scenario {
  name: string;
  state: SearchState;
  /** The canonical /search URL (a non-canonical one would answer with a redirect). */
  url: string;
  /** A selective text search: its database time is held to the 20 ms target. */
  selective?: boolean;
  /** Its EXPLAIN plans are printed. */
  explain?: boolean;
  /** Set when the search outran the statement timeout in-process: its URL would answer 503, so HTTP skips it. */
  timedOut?: boolean;
  /** The state's where, radius and box as /search resolves them (location search, issue 31). */
  location?: LocationSearch | null;
}

const DAY = 86_400_000;

function scenarios(listings: number, now: number): Scenario[] {
  const inDays = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  // About 92 % of the synthetic listings have a date; never ask for a page past the last one.
  const page = (wanted: number, pageSize = 12) =>
    Math.max(1, Math.min(wanted, Math.floor((listings * 0.85) / pageSize)));
  const list: [string, Partial<SearchState>, Partial<Scenario>?][] = [
    ["no filter (newest)", {}, { explain: true }],
    ["title, selective: loft", { title: "loft" }, { selective: true, explain: true }],
    ["title, suburb: Fitzroy", { title: "Fitzroy" }],
    ["title, common: room", { title: "room" }, { explain: true }],
    ["keyword, selective: piano", { keyword: "piano" }, { selective: true, explain: true }],
    ["keyword, common: bills included", { keyword: "bills included" }, { explain: true }],
    ["price $350–450, low to high", { minPrice: 350, maxPrice: 450, sort: "price-asc" }],
    ["available from +60 days", { availableFrom: inDays(60) }],
    ["sort title A–Z", { sort: "title-asc" }],
    ["price high to low, page 20", { sort: "price-desc", page: page(20) }],
    ["newest, 24 per page, page 50", { pageSize: 24, page: page(50, 24) }],
    ["Carlton, ≤ $500, from +30 days", { title: "Carlton", maxPrice: 500, availableFrom: inDays(30) }],
    // Stay fit (issue 17).
    ["move in by +30 days", { moveIn: inDays(30) }, { explain: true }],
    ["stay 9 months", { stay: 9 }, { explain: true }],
    ["all bills included", { bills: ["power", "gas", "internet", "water"] }, { explain: true }],
    ["studio", { roomType: "studio" }, { explain: true }],
    ["all-in ≤ $400, low to high", { maxAllIn: 400, sort: "price-asc" }, { explain: true }],
    [
      "by +60 days, 6 months, internet, ensuite, all-in ≤ $600",
      { moveIn: inDays(60), stay: 6, bills: ["internet"], roomType: "ensuite", maxAllIn: 600 },
      { explain: true },
    ],
    // Location (issue 31): a named place's radius, a suburb, a box, nearest first.
    ["within 2 km of RMIT City", { where: "rmit-city" }, { explain: true }],
    [
      "within 1 km of Melbourne Central Station, nearest first",
      { where: "melbourne-central-station", radiusKm: "1", sort: "distance" },
    ],
    [
      "within 10 km of Monash Caulfield, nearest first, page 5",
      { where: "monash-caulfield", radiusKm: "10", sort: "distance", page: 5 },
      { explain: true },
    ],
    // The synthetic rooms crowd the inner suburbs: this circle holds few or none, its box many.
    ["within 10 km of Monash Clayton, few rooms", { where: "monash-clayton", radiusKm: "10" }],
    ["suburb: Carlton 3053", { where: "carlton-3053" }, { explain: true }],
    ["box: the CBD and inner north", { bbox: "-37.83,144.94,-37.77,145.00" }, { explain: true }],
    [
      "within 5 km of the University of Melbourne, all-in ≤ $500, nearest first",
      { where: "unimelb-parkville", radiusKm: "5", maxAllIn: 500, sort: "distance" },
    ],
  ];
  return list.map(([name, partial, extra]) => ({
    name,
    state: parseSearchParams(toSearchParams(partial)),
    url: searchHref(partial),
    ...extra,
  }));
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface BenchDatabase {
  kind: Kind;
  /** PostgreSQL's connection string (undefined on PGlite). */
  databaseUrl?: string;
  /** For the server: DATABASE_URL, or nothing (PGlite in DATA_DIR). */
  serverEnv: Record<string, string>;
  dataDir: string;
  open(): DatabaseHandle;
}

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const socket = url.searchParams.get("host");
  if (host === "" && socket?.startsWith("/")) return true;
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function createDatabase(kind: Kind, app: PrivateApp, cleanup: Cleanup): Promise<BenchDatabase> {
  const dataDir = path.join(app.scratchDir, `${kind}-data`);
  mkdirSync(dataDir, { recursive: true });
  if (kind === "pglite") {
    return { kind, serverEnv: {}, dataDir, open: () => connectDatabase({ dataDir }) };
  }
  const admin = new URL(ADMIN_URL);
  if (!isLoopback(admin)) throw new Error(`refusing to benchmark on ${admin.host}: only loopback servers are used`);
  const name = KEPT_DATABASE ?? `laneway_bench_${randomBytes(5).toString("hex")}`;
  if (KEPT_DATABASE) {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
    await client.connect();
    const found = await client
      .query("select 1 from pg_database where datname = $1", [name])
      .finally(() => client.end());
    if (found.rowCount === 0) await adminQuery(`create database ${name}`);
  } else {
    await adminQuery(`create database ${name}`);
    cleanup.add(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`));
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind,
    databaseUrl,
    serverEnv: { DATABASE_URL: databaseUrl },
    dataDir,
    open: () => connectDatabase({ databaseUrl, dataDir }),
  };
}

function rawClient(handle: DatabaseHandle): RawClient {
  return (handle.db as unknown as { $client: RawClient }).$client;
}

/**
 * A second Drizzle instance on the same database that records the SQL it sends. On PostgreSQL the
 * pool is wrapped, so queries on a connection checked out of it (a bounded search) are recorded too.
 */
function recordingDb(handle: DatabaseHandle): { db: Database; take(): { sql: string; params: unknown[] }[] } {
  const recorded: { sql: string; params: unknown[] }[] = [];
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === "pglite") {
    const logger = { logQuery: (sql: string, params: unknown[]) => recorded.push({ sql, params }) };
    return {
      db: drizzlePglite(client as PGlite, { schema, logger }) as unknown as Database,
      take: () => recorded.splice(0),
    };
  }
  // Drizzle passes a query config ({ text, … }) and the parameters as the second argument.
  const record = (query: unknown, values: unknown) => {
    const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
    const params = values ?? (query as { values?: unknown } | null)?.values ?? [];
    if (typeof text === "string") recorded.push({ sql: text, params: params as unknown[] });
  };
  const recording = <T extends { query: (...args: never[]) => unknown }>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === "query")
          return (query: unknown, values: unknown, ...rest: unknown[]) => {
            record(query, values);
            return (object.query as (...args: unknown[]) => unknown)(query, values, ...rest);
          };
        if (property === "connect") return async () => recording(await (object as unknown as pg.Pool).connect());
        const value = Reflect.get(object, property, receiver) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  return {
    db: drizzlePg(recording(client as pg.Pool), { schema }) as unknown as Database,
    take: () => recorded.splice(0),
  };
}

function progress(text: string): void {
  if (process.stdout.isTTY) process.stdout.write(`\r${text}`);
}

interface SeedTimes {
  insertMs: number;
  /** How many secondary indexes were dropped before the insert and rebuilt after it. */
  indexesRebuilt: number;
  indexMs: number;
  analyzeMs: number;
}

/**
 * Inserts the landlords and listings in multi-row INSERTs of BATCH rows. For big seeds the
 * listings' secondary indexes (trigram GIN, partial btree) are dropped first and recreated from
 * their own definitions afterwards, as a bulk import would: far faster than maintaining the GIN
 * indexes row by row, and the resulting indexes are the same.
 */
async function seed(database: BenchDatabase, handle: DatabaseHandle, count: number, now: number): Promise<SeedTimes> {
  const raw = rawClient(handle);
  // Index builds and VACUUM may outlast the application pool's query timeout: on PostgreSQL they
  // run on a connection of their own, with more memory for the index build.
  let maintenance: RawClient = raw;
  let closeMaintenance = async () => {};
  if (database.databaseUrl) {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    await client.query("set maintenance_work_mem = '256MB'");
    maintenance = client;
    closeMaintenance = () => client.end();
  }
  try {
    return await seedWith(handle, raw, maintenance, count, now);
  } finally {
    await closeMaintenance();
  }
}

async function seedWith(
  handle: DatabaseHandle,
  raw: RawClient,
  maintenance: RawClient,
  count: number,
  now: number,
): Promise<SeedTimes> {
  const started = performance.now();
  const landlords = syntheticLandlords(Math.max(20, Math.ceil(count / 250)));
  for (let from = 0; from < landlords.length; from += BATCH) {
    await handle.db.insert(schema.users).values(
      landlords.slice(from, from + BATCH).map((landlord) => ({
        id: landlord.id,
        name: landlord.name,
        email: landlord.email,
        emailVerified: true,
      })),
    );
  }
  const rebuild = count > REBUILD_INDEXES_ABOVE && !flags["keep-indexes"];
  const indexes = rebuild
    ? (
        await raw.query(
          "select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'listings' and indexname not in (select conname from pg_constraint)",
        )
      ).rows.map((row) => ({ name: String(row.indexname), definition: String(row.indexdef) }))
    : [];
  for (const index of indexes) await maintenance.query(`drop index "${index.name}"`);

  let reported = -1;
  for (let from = 0; from < count; from += BATCH) {
    const rows = syntheticListings(from, Math.min(count, from + BATCH), { landlords, now });
    await handle.db.insert(schema.listings).values(rows);
    const done = Math.floor(((from + rows.length) / count) * 100);
    if (done !== reported) {
      reported = done;
      progress(`  seeding ${handle.kind}: ${done}% (${formatDuration(performance.now() - started)})`);
    }
  }
  progress("\n");
  const insertMs = performance.now() - started;

  const indexStarted = performance.now();
  for (const index of indexes) await maintenance.query(index.definition);
  const indexMs = performance.now() - indexStarted;

  // Fresh statistics and visibility map, as autovacuum would leave them (PGlite runs no autovacuum).
  const analyzeStarted = performance.now();
  await maintenance.query("vacuum analyze listings");
  await maintenance.query("vacuum analyze users");
  return { insertMs, indexesRebuilt: indexes.length, indexMs, analyzeMs: performance.now() - analyzeStarted };
}

/** Resolves each scenario's place as /search does, with the offline gazetteer; an unknown place stops the bench. */
async function withLocations(list: Scenario[]): Promise<Scenario[]> {
  const places = new OfflineMapsAdapter();
  return Promise.all(
    list.map(async (scenario) => {
      const resolved = await resolveLocation(scenario.state, places);
      if (!resolved.ok) throw new Error(`${scenario.name}: ${resolved.message}`);
      return { ...scenario, location: resolved.search };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// In-process database time
// ---------------------------------------------------------------------------------------------

interface DbTiming {
  scenario: Scenario;
  matches: number | string;
  samples: number;
  p50: number;
  p95: number;
  /** The page-and-total statement alone, without the transaction around it. */
  statementP50: number;
}

async function timed(task: () => Promise<unknown>, iterations: number, budgetMs: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let i = 0; i < iterations && (i < 5 || performance.now() < deadline); i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function measureDatabase(
  handle: DatabaseHandle,
  list: Scenario[],
): Promise<{ timings: DbTiming[]; plans: string[] }> {
  const recorder = recordingDb(handle);
  const raw = rawClient(handle);
  const timings: DbTiming[] = [];
  const plans: string[] = [];
  for (const scenario of list) {
    progress(`  ${handle.kind}: timing searchListings: ${scenario.name}`.padEnd(90));
    recorder.take();
    const options = { location: scenario.location ?? null };
    const result = await searchListings(recorder.db, scenario.state, options);
    if (!result.ok) {
      // Reported, not fatal: the table shows which search outran the statement timeout.
      scenario.timedOut = true;
      timings.push({
        scenario,
        matches: "timed out",
        samples: 1,
        p50: Infinity,
        p95: Infinity,
        statementP50: Infinity,
      });
      continue;
    }
    const total = result.totalIsExact ? result.total : `${result.total}+`;
    // Statements reading listings, not a location search's size test.
    const queries = recorder.take().filter((query) => /^select/i.test(query.sql) && /from "listings"/.test(query.sql));
    // One statement reads the page and its total (a second counts only past the last page); a
    // location search on a large table first reads its matches' ids, up to the cap.
    const pageQuery = queries[0];
    if (!pageQuery) throw new Error(`searchListings sent unexpected queries: ${JSON.stringify(queries)}`);

    for (let i = 0; i < 3; i++) await searchListings(handle.db, scenario.state, options); // warm up
    const times = await timed(() => searchListings(handle.db, scenario.state, options), ITERATIONS, 15_000);
    const statementTimes = await timed(() => raw.query(pageQuery.sql, pageQuery.params), ITERATIONS, 7_500);
    timings.push({
      scenario,
      matches: total,
      samples: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      statementP50: percentile(statementTimes, 50),
    });

    if (scenario.explain) {
      for (const [label, query] of [["page and total", pageQuery]] as const) {
        try {
          const result = await raw.query(`explain (analyze, buffers) ${query.sql}`, query.params);
          const plan = result.rows.map((row) => String(Object.values(row)[0])).join("\n");
          plans.push(
            `--- ${handle.kind}: ${scenario.name} — ${label}\n${query.sql}\n-- params: ${JSON.stringify(query.params)}\n${plan}`,
          );
        } catch (error) {
          plans.push(`--- ${handle.kind}: ${scenario.name} — ${label}: EXPLAIN failed: ${String(error)}`);
        }
      }
    }
  }
  progress("\n");
  return { timings, plans };
}

// ---------------------------------------------------------------------------------------------
// HTTP load
// ---------------------------------------------------------------------------------------------

interface AutocannonResult {
  /** Seconds. */
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): AutocannonInstance;
  stop(): void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { method: "GET"; path: string }[];
}) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** What Chromium asks for (the server answers zstd; Safari, which has no zstd, gets br). */
const HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html", "user-agent": "laneway-bench" };

interface HttpResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  kibPerResponse: number;
  /** CPU time the server process used per completed request (excludes PostgreSQL's own). */
  serverCpuMs: number;
  /** 1-minute load average at the end of the run. */
  load: number;
}

interface Target {
  url: string;
  pid: number;
}

async function load(
  target: Target,
  name: string,
  paths: string[],
  connections: number,
  duration: number,
  headers: Record<string, string> = HEADERS,
): Promise<HttpResult> {
  const latencies: number[] = [];
  let bytes = 0;
  const instance = autocannon({
    url: `${target.url}${paths[0]}`,
    connections,
    duration,
    headers,
    ...(paths.length > 1
      ? { requests: paths.map((requestPath) => ({ method: "GET" as const, path: requestPath })) }
      : {}),
  });
  instance.on("response", (_client, _status, responseBytes, time) => {
    latencies.push(time);
    bytes += responseBytes;
  });
  const cpuBefore = processCpuMs(target.pid);
  const result = await instance;
  const cpuAfter = processCpuMs(target.pid);
  const completed = latencies.length;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: completed / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    kibPerResponse: completed ? bytes / completed / 1024 : 0,
    serverCpuMs:
      cpuBefore !== undefined && cpuAfter !== undefined && completed ? (cpuAfter - cpuBefore) / completed : Number.NaN,
    load: loadAverage(),
  };
}

async function measureHttp(target: Target, kind: Kind, list: Scenario[]) {
  const baseUrl = target.url;
  // Every URL must answer 200 as it is (a redirect would measure the wrong thing).
  for (const scenario of list) {
    const response = await fetch(`${baseUrl}${scenario.url}`, { redirect: "manual", headers: HEADERS });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${scenario.url} answered ${response.status}, expected 200`);
  }
  const paths = list.map((scenario) => scenario.url);
  progress(`  ${kind}: warming up (${WARMUP} s)…`);
  await load(target, "warm-up", paths, CONNECTIONS, WARMUP);

  const loaded: HttpResult[] = [];
  for (const scenario of flags["skip-load"] ? [] : list) {
    progress(`  ${kind}: ${CONNECTIONS} connections, ${DURATION} s: ${scenario.name}`.padEnd(90));
    loaded.push(await load(target, scenario.name, [scenario.url], CONNECTIONS, DURATION));
  }
  if (!flags["skip-load"]) {
    progress(`  ${kind}: ${CONNECTIONS} connections, ${DURATION} s: mix of all`.padEnd(90));
    loaded.push(await load(target, "mix of all the above", paths, CONNECTIONS, DURATION));
  }

  const single: HttpResult[] = [];
  const singleDuration = Math.max(2, Math.round(DURATION / 2));
  for (const scenario of list) {
    progress(`  ${kind}: 1 connection, ${singleDuration} s: ${scenario.name}`.padEnd(90));
    single.push(await load(target, scenario.name, [scenario.url], 1, singleDuration));
  }
  progress("\n");
  return { loaded, single, singleDuration };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

interface Report {
  kind: Kind;
  seed: SeedTimes;
  timings: DbTiming[];
  plans: string[];
  loaded: HttpResult[];
  single: HttpResult[];
  singleDuration: number;
  serverWarnings: string[];
}

const passMiss = (ok: boolean) => (ok ? "PASS" : "MISS");

function seedSummary(times: SeedTimes): string {
  const rate = Math.round(LISTINGS / (times.insertMs / 1000)).toLocaleString("en-AU");
  const total = times.insertMs + times.indexMs + times.analyzeMs;
  return [
    `${formatDuration(total)} in all`,
    `insert ${formatDuration(times.insertMs)} (${rate} rows/s, ${BATCH}-row INSERTs${times.indexesRebuilt > 0 ? ", secondary indexes dropped" : ", indexes in place"})`,
    ...(times.indexesRebuilt > 0
      ? [`${times.indexesRebuilt} indexes rebuilt in ${formatDuration(times.indexMs)}`]
      : []),
    `vacuum analyze ${formatDuration(times.analyzeMs)}`,
  ].join("; ");
}

function printReport(report: Report): void {
  const title = report.kind === "pglite" ? "PGlite" : "PostgreSQL";
  console.log(`\n## ${title}, ${LISTINGS.toLocaleString("en-AU")} listings\n`);
  console.log(`Seeding: ${seedSummary(report.seed)}\n`);
  console.log(`### Database time: searchListings in-process (page of 12 with its total), ms\n`);
  console.log(
    table(
      ["search", "matches", "calls", "p50", "p95", "page + total statement p50"],
      report.timings.map((timing) => [
        timing.scenario.name,
        timing.matches,
        timing.samples,
        formatMs(timing.p50),
        formatMs(timing.p95),
        formatMs(timing.statementP50),
      ]),
      ["l", "r", "r", "r", "r", "r"],
    ),
  );
  const httpTable = (results: HttpResult[]) =>
    table(
      ["search", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors", "KiB/resp", "server CPU ms/req", "load"],
      results.map((result) => [
        result.name,
        result.requestsPerSecond.toFixed(0),
        formatMs(result.p50),
        formatMs(result.p95),
        formatMs(result.p99),
        result.non2xx,
        result.errors,
        result.kibPerResponse.toFixed(1),
        formatMs(result.serverCpuMs),
        result.load.toFixed(1),
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    );
  console.log(`\n### HTTP GET /search under load: ${CONNECTIONS} connections, ${DURATION} s each\n`);
  console.log(httpTable(report.loaded));
  console.log(`\n### HTTP GET /search, one connection (a lone user), ${report.singleDuration} s each\n`);
  console.log(httpTable(report.single));
  if (report.serverWarnings.length > 0) {
    console.log(`\nThe server logged ${report.serverWarnings.length} warning/error lines:`);
    for (const line of summarizeLog(report.serverWarnings).slice(0, 8)) console.log(`  ${line}`);
    const received = [...report.loaded, ...report.single].reduce((sum, result) => sum + result.non2xx, 0);
    if (received === 0) {
      console.log(
        "  (No client received a non-2xx answer: these are the requests still in flight when autocannon ended a run and closed its connections.)",
      );
    }
  }
}

function printTargets(reports: Report[]): void {
  console.log(`\n## Targets\n`);
  const rows: string[][] = [];
  for (const report of reports) {
    const worstSingle = report.single.reduce((worst, result) => (result.p95 > worst.p95 ? result : worst));
    const limit = LISTINGS > 20_000 ? 100 : 50;
    rows.push([
      report.kind,
      `search p95 ≤ ${limit} ms (1 connection, every search; ${limit === 50 ? "10,000" : "200,000"} listings)`,
      `worst: ${worstSingle.name} ${formatMs(worstSingle.p95)} ms`,
      passMiss(report.single.every((result) => result.p95 <= limit)),
    ]);
    if (report.loaded.length > 0) {
      const failed = report.loaded.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
      rows.push([
        report.kind,
        `${CONNECTIONS} connections: 0 errors (a search over the statement timeout answers 503 with an explanation)`,
        `${failed} non-2xx or errors; worst p95 ${formatMs(Math.max(...report.loaded.map((result) => result.p95)))} ms`,
        passMiss(failed === 0),
      ]);
    }
    const worstCpu = report.single.reduce((worst, result) => (result.serverCpuMs > worst.serverCpuMs ? result : worst));
    rows.push([
      report.kind,
      `server CPU ≤ 4 ms per /search request (1 connection; target set at 200,000 listings${report.kind === "pglite" ? "; includes the embedded database" : ""})`,
      `worst: ${worstCpu.name} ${formatMs(worstCpu.serverCpuMs)} ms`,
      passMiss(report.single.every((result) => result.serverCpuMs <= 4)),
    ]);
    for (const timing of report.timings.filter((candidate) => candidate.scenario.selective)) {
      rows.push([
        report.kind,
        `database time ≤ 20 ms for a selective term (target set at 200,000 listings)`,
        `${timing.scenario.name}: p95 ${formatMs(timing.p95)} ms`,
        passMiss(timing.p95 <= 20),
      ]);
    }
  }
  console.log(table(["database", "target", "measured", "result"], rows));
  console.log(`\n(${LISTINGS.toLocaleString("en-AU")} listings in this run.)`);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function benchmark(kind: Kind, app: PrivateApp, cleanup: Cleanup, now: number): Promise<Report | undefined> {
  console.log(`\n# ${kind}: ${LISTINGS.toLocaleString("en-AU")} listings`);
  const database = await createDatabase(kind, app, cleanup);
  const list = await withLocations(scenarios(LISTINGS, now));

  const handle = database.open();
  const closeHandle = cleanup.add(`close the ${kind} connection`, () => handle.close());
  await migrateDatabase(handle);
  const existing = Number((await rawClient(handle).query("select count(*) as n from listings")).rows[0]?.n ?? 0);
  if (existing > 0 && existing !== LISTINGS) {
    throw new Error(
      `database ${KEPT_DATABASE ?? ""} holds ${existing} listings, not ${LISTINGS}: pick another --database`,
    );
  }
  const seedTimes =
    existing > 0
      ? { insertMs: 0, indexesRebuilt: 0, indexMs: 0, analyzeMs: 0 }
      : await seed(database, handle, LISTINGS, now);
  if (existing > 0) await rawClient(handle).query("analyze listings"); // new migrations may add columns
  console.log(`  seeded: ${seedSummary(seedTimes)}`);
  if (flags.pages) {
    await pagesBenchmark(kind, database, handle, app, cleanup, closeHandle);
    return undefined;
  }
  const { timings, plans } = await measureDatabase(handle, list);
  // PGlite is single-process: the server may open the directory only once this handle is closed.
  await handle.close();
  closeHandle();

  const server = await startServer(cleanup, app, {
    label: kind,
    dataDir: database.dataDir,
    env: {
      ...database.serverEnv,
      SEED_DEMO: "false",
      ...(flags["cpu-prof"] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(flags["cpu-prof"])}` } : {}),
    },
  });
  try {
    const http = await measureHttp(
      server,
      kind,
      list.filter((scenario) => !scenario.timedOut),
    );
    return { kind, seed: seedTimes, timings, plans, ...http, serverWarnings: [...server.output] };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// --pages: sustained throughput of the main pages and the API, one and two instances
// ---------------------------------------------------------------------------------------------

/** Loopback ports for --pages (instances, then nginx). */
const PAGE_PORTS = [46040, 46041, 46042];

async function pagesBenchmark(
  kind: Kind,
  database: BenchDatabase,
  handle: DatabaseHandle,
  app: PrivateApp,
  cleanup: Cleanup,
  closeHandle: () => void,
): Promise<void> {
  const staff = await createTestViewer(handle.db, { role: "staff" });
  const { key } = await createTestApiKey(handle.db, staff, { scope: "read" });
  const [listing] = await handle.db
    .select({ id: schema.listings.listingId })
    .from(schema.listings)
    .where(isNotNull(schema.listings.landlordId))
    .limit(1);
  if (!listing) throw new Error("no listing was seeded");
  await handle.close();
  closeHandle();
  const targets = [
    { name: "home", path: "/", headers: HEADERS },
    { name: "/search (newest)", path: "/search", headers: HEADERS },
    { name: "listing page", path: `/listing/${listing.id}`, headers: HEADERS },
    {
      name: "API GET /api/listings/{id}",
      path: `/api/listings/${listing.id}`,
      headers: { authorization: `Bearer ${key}`, "user-agent": "laneway-bench" },
    },
  ];
  // PGlite is one process's embedded database: only PostgreSQL can serve two instances.
  const layouts = kind === "postgres" ? [1, 2] : [1];
  const rows: (string | number)[][] = [];
  for (const instances of layouts) {
    const secret = randomBytes(32).toString("base64url");
    const servers = [];
    for (let index = 0; index < instances; index++) {
      servers.push(
        await startServer(cleanup, app, {
          label: `${kind} ${index + 1}`,
          port: PAGE_PORTS[index],
          dataDir: database.dataDir,
          env: {
            ...database.serverEnv,
            SEED_DEMO: "false",
            AUTH_SECRET: secret,
            API_RATE_LIMIT_PER_MINUTE: "1000000",
          },
        }),
      );
    }
    const front =
      instances === 1
        ? servers[0]!
        : {
            url: (
              await startNginx(cleanup, {
                port: PAGE_PORTS[2]!,
                upstreams: PAGE_PORTS.slice(0, instances),
                prefix: "laneway-bench-nginx-",
              })
            ).url,
            pid: servers[0]!.pid,
          };
    for (const target of targets) {
      const check = await fetch(`${front.url}${target.path}`, { redirect: "manual", headers: target.headers });
      await check.arrayBuffer();
      if (check.status !== 200) throw new Error(`${target.path} answered ${check.status}, expected 200`);
    }
    progress(`  ${kind}, ${instances} instance(s): warming up (${WARMUP} s)…`.padEnd(90));
    await load(front, "warm-up", targets.map((target) => target.path).slice(0, 3), CONNECTIONS, WARMUP);
    for (const target of targets) {
      progress(`  ${kind}, ${instances} instance(s): ${target.name}`.padEnd(90));
      const result = await load(front, target.name, [target.path], CONNECTIONS, DURATION, target.headers);
      rows.push([
        target.name,
        instances,
        result.requestsPerSecond.toFixed(0),
        formatMs(result.p50),
        formatMs(result.p95),
        formatMs(result.p99),
        result.non2xx,
        result.errors,
        result.load.toFixed(1),
      ]);
    }
    progress("\n");
    for (const server of servers) await server.stop();
  }
  console.log(
    `\n## ${kind}, ${LISTINGS.toLocaleString("en-AU")} listings: ${CONNECTIONS} connections × ${DURATION} s per row` +
      `${kind === "postgres" ? " (2 instances: behind nginx, HTTP/1.0 upstream)" : ""}\n`,
  );
  console.log(
    table(["page", "instances", "requests/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "errors", "load"], rows, [
      "l",
      "r",
      "r",
      "r",
      "r",
      "r",
      "r",
      "r",
      "r",
    ]),
  );
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const reports: Report[] = [];
  try {
    console.log(`# bench:search — ${machineSummary()}`);
    console.log(
      `listings: ${LISTINGS.toLocaleString("en-AU")}, databases: ${KINDS.join(", ")}, HTTP: ${CONNECTIONS} connections × ${DURATION} s per search, in-process: up to ${ITERATIONS} calls per search`,
    );
    const load = loadAverage();
    console.log(`1-minute load average at the start: ${load.toFixed(1)} on ${availableParallelism()} cores`);
    if (load > availableParallelism()) {
      console.log("WARNING: the machine is busy with other work; latencies will be inflated (see the load column).");
    }
    const app = await privateBuild(cleanup, { rebuild: flags.build });
    const now = Date.now();
    for (const kind of KINDS) {
      const report = await benchmark(kind, app, cleanup, now);
      if (report) reports.push(report);
    }
    if (flags.pages) return;

    console.log(`\n# Results`);
    for (const report of reports) printReport(report);
    printTargets(reports);
    console.log(`\n## Query plans (EXPLAIN (ANALYZE, BUFFERS))\n`);
    for (const report of reports) for (const plan of report.plans) console.log(`${plan}\n`);
  } finally {
    await cleanup.runAll();
  }
}

// Exit explicitly: a stray handle (a pool, a timer) must not keep a finished benchmark alive.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
