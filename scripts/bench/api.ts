/**
 * `npm run bench:api [-- --duration 10] [--connections 10] [--floor] [--rounds 3]`
 *
 * `GET /api/listings/{id}` and `GET /api/listings` (a page of 20) with a valid read key, on
 * PostgreSQL, driven by autocannon over loopback against the production server: requests/s, latency
 * and the server's CPU per request, then a check that a revoked key is refused within a second (the
 * key check is cached for at most that long).
 *
 * --floor: also runs a bare `node:http` + node-postgres server (`api-floor-server.ts`) that reads the
 * same rows and answers them as JSON, and alternates rounds of the two (--rounds, 3 by default), so
 * both are measured under the same conditions; prints both rates and the ratio of the API's to the
 * floor's (issue target: ≥ 0.5).
 *
 * --cpu-prof DIR: the API server writes a V8 CPU profile into DIR when it stops (open it in Chrome's
 * DevTools, or sum it by function with `npx tsx scripts/bench/cpu-profile-summary.ts FILE`).
 *
 * PostgreSQL: a new database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test (loopback only), dropped at the end. The server runs with
 * a per-key rate limit high enough not to interfere (API_RATE_LIMIT_PER_MINUTE).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { apiKeys, listings, profiles, users } from "~/db/schema";
import { connectDatabase } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { createApiKey } from "~/modules/api-keys/api-keys.server";
import { findViewer } from "~/modules/auth/viewer.server";
import {
  Cleanup,
  formatMs,
  loadAverage,
  machineSummary,
  percentile,
  positiveInteger,
  privateBuild,
  processCpuMs,
  sleep,
  startServer,
  summarizeLog,
  table,
} from "./support";

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string" },
    connections: { type: "string" },
    warmup: { type: "string" },
    build: { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
    rounds: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const DURATION = positiveInteger("--duration", flags.duration, 10);
const CONNECTIONS = positiveInteger("--connections", flags.connections, 10);
const WARMUP = positiveInteger("--warmup", flags.warmup, 3);
const ROUNDS = flags.floor ? positiveInteger("--rounds", flags.rounds, 3) : 1;
const TARGET_RPS = 2000;
const TARGET_RATIO = 0.5;
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface AutocannonResult {
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
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
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

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    console.log(`# bench:api — ${machineSummary()}`);
    console.log(`1-minute load average at the start: ${loadAverage().toFixed(1)} on ${availableParallelism()} cores`);
    const admin = new URL(ADMIN_URL);
    if (!isLoopback(admin)) throw new Error(`refusing to benchmark on ${admin.host}: only loopback servers are used`);
    const app = await privateBuild(cleanup, { rebuild: flags.build });

    const name = `laneway_bench_${randomBytes(5).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    cleanup.add(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const dataDir = path.join(app.scratchDir, "data");
    mkdirSync(dataDir, { recursive: true });

    // A landlord with an active subscription, 100 listings of theirs, and one key.
    const handle = connectDatabase({ databaseUrl, dataDir });
    await migrateDatabase(handle);
    const userId = randomUUID();
    await handle.db
      .insert(users)
      .values({ id: userId, name: "Bench landlord", email: "bench@example.com", emailVerified: true });
    await handle.db.insert(profiles).values({ id: userId, role: "landlord", subscriptionStatus: "active" });
    const rows = await handle.db
      .insert(listings)
      .values(
        Array.from({ length: 100 }, (_, index) => ({
          listingTitle: `Bench room ${index}`,
          description: "Furnished · bills included\nA quiet room near the station.",
          landlordId: userId,
          weeklyRent: 300 + index,
          availableFrom: "2026-12-01",
        })),
      )
      .returning({ id: listings.listingId });
    const viewer = await findViewer(handle.db, userId);
    if (!viewer) throw new Error("the bench user was not found");
    const created = await createApiKey(
      handle.db,
      viewer,
      { name: "bench", scope: "read", expiresInDays: null },
      { production: false },
    );
    if (!created.ok) throw new Error(`could not create a key: ${created.reason}`);
    const target = rows[50]?.id ?? "";

    const server = await startServer(cleanup, app, {
      label: "postgres",
      dataDir,
      env: {
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "false",
        API_RATE_LIMIT_PER_MINUTE: "1000000",
        ...(flags["cpu-prof"] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(flags["cpu-prof"])}` } : {}),
      },
    });
    const headers = { authorization: `Bearer ${created.key}`, "user-agent": "laneway-bench" };
    const endpoints = [
      { name: "GET /api/listings/{id}", path: `/api/listings/${target}` },
      { name: "GET /api/listings (20)", path: "/api/listings" },
    ];
    for (const { path: endpointPath } of endpoints) {
      const check = await fetch(`${server.url}${endpointPath}`, { headers });
      await check.arrayBuffer();
      if (check.status !== 200) throw new Error(`${endpointPath} answered ${check.status}, expected 200`);
    }
    const floor = flags.floor
      ? await startServer(cleanup, app, {
          label: "floor",
          dataDir,
          env: { DATABASE_URL: databaseUrl },
          script: path.resolve("scripts/bench/api-floor-server.ts"),
        })
      : null;

    const run = async (target: { url: string; pid: number }, endpointPath: string, duration: number) => {
      const latencies: number[] = [];
      const instance = autocannon({ url: `${target.url}${endpointPath}`, connections: CONNECTIONS, duration, headers });
      instance.on("response", (_client, _status, _bytes, time) => latencies.push(time));
      const cpuBefore = processCpuMs(target.pid);
      const result = await instance;
      const cpuAfter = processCpuMs(target.pid);
      latencies.sort((a, b) => a - b);
      return {
        rps: latencies.length / result.duration,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        cpuMs:
          cpuBefore !== undefined && cpuAfter !== undefined && latencies.length
            ? (cpuAfter - cpuBefore) / latencies.length
            : Number.NaN,
      };
    };
    const servers = floor
      ? [
          { label: "API", server },
          { label: "floor", server: floor },
        ]
      : [{ label: "API", server }];
    console.log(`warming up (${WARMUP} s each)…`);
    for (const { server: each } of servers) for (const endpoint of endpoints) await run(each, endpoint.path, WARMUP);
    console.log(
      `${CONNECTIONS} connections × ${DURATION} s per run; ${ROUNDS} round(s), ${floor ? "the API and the floor alternating" : "the API"}`,
    );
    const results: (string | number)[][] = [];
    const rates = new Map<string, { api: number[]; floor: number[] }>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const endpoint of endpoints) {
        for (const { label, server: each } of servers) {
          const measured = await run(each, endpoint.path, DURATION);
          const rate = rates.get(endpoint.name) ?? { api: [], floor: [] };
          (label === "API" ? rate.api : rate.floor).push(measured.rps);
          rates.set(endpoint.name, rate);
          results.push([
            endpoint.name,
            label,
            round,
            measured.rps.toFixed(0),
            formatMs(measured.p50),
            formatMs(measured.p95),
            formatMs(measured.p99),
            measured.non2xx,
            measured.errors,
            measured.cpuMs.toFixed(2),
            loadAverage().toFixed(1),
          ]);
        }
      }
    }
    console.log(
      table(
        [
          "endpoint",
          "server",
          "round",
          "requests/s",
          "p50 ms",
          "p95 ms",
          "p99 ms",
          "non-2xx",
          "errors",
          "CPU ms/req",
          "load",
        ],
        results,
        ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
      ),
    );
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    for (const [name, rate] of rates) {
      const api = median(rate.api);
      if (!floor) {
        console.log(
          `${name}: ${api.toFixed(0)} requests/s (target ≥ ${TARGET_RPS}: ${api >= TARGET_RPS ? "PASS" : "MISS"})`,
        );
        continue;
      }
      const ratios = rate.api.map((value, index) => value / (rate.floor[index] ?? Number.NaN));
      const ratio = median(ratios);
      console.log(
        `${name}: API ${api.toFixed(0)} vs floor ${median(rate.floor).toFixed(0)} requests/s (medians); ratio ${ratio.toFixed(2)} ` +
          `(rounds ${ratios.map((value) => value.toFixed(2)).join(", ")}; target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "PASS" : "MISS"})`,
      );
    }
    await floor?.stop();
    const endpoint = `${server.url}${endpoints[0]!.path}`;

    // Revocation: delete the key behind the server's back and time until it is refused.
    await handle.db.delete(apiKeys);
    const revokedAt = Date.now();
    let refusedAfter = Number.NaN;
    while (Date.now() - revokedAt < 5000) {
      const answer = await fetch(endpoint, { headers });
      await answer.arrayBuffer();
      if (answer.status === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await sleep(20);
    }
    console.log(`revoked key refused after ${refusedAfter} ms (must be ≤ 1000 ms + one request)`);
    await handle.close();
    await server.stop();
    const warnings = summarizeLog(server.output);
    if (warnings.length > 0) console.log(`server warnings:\n${warnings.join("\n")}`);
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
