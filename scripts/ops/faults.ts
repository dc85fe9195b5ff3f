/**
 * `npm run test:faults [-- --only postgres|pglite] [--build]`
 *
 * Faults under load, against the production build, on loopback ports 46010–46021:
 *
 * PostgreSQL (a private cluster made with initdb, never the shared server):
 *   1. mixed autocannon load (pages, API reads, API creates with an Idempotency-Key and a client id);
 *   2. `kill -9` the server, start it again on the same database; the load goes on;
 *   3. `pg_ctl stop -m immediate`: pages, the API and /readyz answer 503 within a second, /healthz
 *      200; PostgreSQL is started again and the same process becomes ready (no restart);
 *   4. every create the client saw answered 201 is in the database.
 * PGlite: the same `kill -9` under load, then the data directory is opened again (by the restarted
 * server, and by this script after it stopped) and every acknowledged create is in it.
 *
 * Every wait is bounded; the script exits non-zero on any failed check. SIGTERM under load is
 * covered by tests/integration/server/graceful-shutdown.test.ts.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { like } from "drizzle-orm";
import { listings } from "~/db/schema";
import { connectDatabase } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { Cleanup, formatDuration, loadAverage, machineSummary, privateBuild, sleep } from "../bench/support";
import { startMixedLoad, WRITE_TITLE_PREFIX, type LoadSummary } from "./load";
import { startNginx } from "./nginx";
import { startServerOn } from "./ports";
import { startOwnPostgres } from "./own-postgres";

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    build: { type: "boolean", default: false },
  },
});
if (flags.only !== undefined && !["postgres", "pglite"].includes(flags.only)) {
  throw new Error(`--only: expected postgres or pglite, got "${flags.only}"`);
}

const PORTS = {
  postgres: 46010,
  proxyOnPostgres: 46012,
  proxyOnPglite: 46013,
  serverOnPostgres: 46020,
  serverOnPglite: 46021,
};
/** A request while PostgreSQL is down must be answered (503) within this. */
const FAIL_FAST_MS = 1000;

const failures: string[] = [];
function check(ok: boolean, message: string): void {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${message}`);
  if (!ok) failures.push(message);
}

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function waitUntil(description: string, test: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await test()) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
}

/** A staff member with a read-write key (staff may create listings over the API) and one listing to read. */
async function prepare(databaseUrl: string | undefined, dataDir: string) {
  const handle = connectDatabase({ databaseUrl, dataDir });
  try {
    await migrateDatabase(handle);
    const staff = await createTestViewer(handle.db, { role: "staff" });
    const { key } = await createTestApiKey(handle.db, staff);
    const listingId = await createTestListing(handle.db, { title: "Fault check reading room" });
    return { key, listingId };
  } finally {
    await handle.close();
  }
}

/** Titles of acknowledged creates that are not in the database. */
async function missingWrites(databaseUrl: string | undefined, dataDir: string, acknowledged: string[]) {
  const handle = connectDatabase({ databaseUrl, dataDir });
  try {
    const rows = await handle.db
      .select({ title: listings.listingTitle })
      .from(listings)
      .where(like(listings.listingTitle, `${WRITE_TITLE_PREFIX} %`));
    const present = new Set(rows.map((row) => row.title));
    return { missing: acknowledged.filter((title) => !present.has(title)), stored: present.size };
  } finally {
    await handle.close();
  }
}

function printLoad(summary: LoadSummary, acknowledged: number, unreadable: number): void {
  check(unreadable === 0, `every 201 answer named the listing it created (${unreadable} unreadable)`);
  console.log(
    `  load: ${summary.requests} requests, statuses ${JSON.stringify(summary.statuses)}, ` +
      `${summary.errors} connection errors, ${summary.timeouts} timeouts, ${acknowledged} creates acknowledged`,
  );
}

async function onPostgres(cleanup: Cleanup, app: Awaited<ReturnType<typeof privateBuild>>): Promise<void> {
  console.log("\n## PostgreSQL (a private cluster): kill -9 the server, then crash PostgreSQL, under load");
  const postgres = startOwnPostgres(cleanup, { port: PORTS.postgres, prefix: "flt-faults-pg-" });
  const dataDir = path.join(app.scratchDir, "data-postgres");
  mkdirSync(dataDir, { recursive: true });
  const { key, listingId } = await prepare(postgres.url, dataDir);
  const start = () =>
    startServerOn(cleanup, app, {
      label: "postgres",
      port: PORTS.serverOnPostgres,
      dataDir,
      env: { DATABASE_URL: postgres.url, SEED_DEMO: "false", API_RATE_LIMIT_PER_MINUTE: "1000000" },
    });
  let server = await start();
  const url = server.url;
  // The load goes through nginx, as in production: while the server is dead the proxy answers 502
  // at once instead of the load hammering a closed port.
  const proxy = await startNginx(cleanup, {
    port: PORTS.proxyOnPostgres,
    upstreams: [server.url === "" ? 0 : Number(new URL(server.url).port)],
    prefix: "flt-faults-nginx-",
  });
  const load = startMixedLoad(proxy.url, { apiKey: key, listingId });
  await sleep(4000);
  const beforeKill = load.acknowledged.length;
  check(beforeKill > 0, `creates are acknowledged under load before the kill (${beforeKill})`);

  process.kill(server.pid, "SIGKILL");
  await server.stop(); // returns once the killed process is gone
  await sleep(1000);
  const restartedIn = Date.now();
  server = await start();
  console.log(`  server killed (-9) and started again in ${formatDuration(Date.now() - restartedIn)}`);
  await sleep(3000);
  const afterRestart = load.acknowledged.length - beforeKill;
  check(afterRestart > 0, `creates are acknowledged again after the restart (${afterRestart})`);

  postgres.crash();
  console.log("  PostgreSQL stopped with -m immediate");
  const probes: [string, string, RequestInit?][] = [
    ["home page", "/"],
    ["search", "/search"],
    ["listing page", `/listing/${listingId}`],
    ["API read", `/api/listings/${listingId}`, { headers: { authorization: `Bearer ${key}` } }],
    [
      "API create",
      "/api/listings",
      {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ title: "Fault check while down", weekly_rent: 300 }),
      },
    ],
    ["/readyz", "/readyz"],
  ];
  // Twice: right after the crash (pooled connections die) and once the pool has nothing left.
  for (const round of [1, 2]) {
    for (const [label, probePath, init] of probes) {
      const answer = await timed(`${url}${probePath}`, init);
      check(
        answer.status === 503 && answer.ms < FAIL_FAST_MS,
        `PostgreSQL down (round ${round}): ${label} answers ${answer.status} in ${answer.ms.toFixed(0)} ms (want 503 < ${FAIL_FAST_MS} ms)`,
      );
    }
    if (round === 1) await sleep(1500);
  }
  const live = await timed(`${url}/healthz`);
  check(live.status === 200, `PostgreSQL down: /healthz still answers ${live.status} (the process is fine)`);

  const pid = server.pid;
  postgres.start();
  const readyAfter = await waitUntil(
    "/readyz 200 after PostgreSQL came back",
    async () => {
      return (await timed(`${url}/readyz`)).status === 200;
    },
    30_000,
  );
  check(server.pid === pid, `ready again ${readyAfter} ms after PostgreSQL started, same process (no restart)`);
  const beforeRecovery = load.acknowledged.length;
  await sleep(3000);
  const summary = await load.stop();
  const afterRecovery = load.acknowledged.length - beforeRecovery;
  check(afterRecovery > 0, `creates are acknowledged after PostgreSQL recovered (${afterRecovery})`);
  printLoad(summary, load.acknowledged.length, load.unreadable);
  check(summary.timeouts === 0, `no request hung past autocannon's 10 s timeout (${summary.timeouts})`);
  check(!("500" in summary.statuses), `no 500 answers (${summary.statuses["500"] ?? 0})`);

  const { missing, stored } = await missingWrites(postgres.url, dataDir, load.acknowledged);
  check(
    missing.length === 0,
    `every acknowledged create is stored: ${load.acknowledged.length} acknowledged, ${stored} stored, ${missing.length} missing`,
  );
  await server.stop();
}

async function onPglite(cleanup: Cleanup, app: Awaited<ReturnType<typeof privateBuild>>): Promise<void> {
  console.log("\n## PGlite: kill -9 the server under load");
  const dataDir = path.join(app.scratchDir, "data-pglite");
  mkdirSync(dataDir, { recursive: true });
  const { key, listingId } = await prepare(undefined, dataDir);
  const start = () =>
    startServerOn(cleanup, app, {
      label: "pglite",
      port: PORTS.serverOnPglite,
      dataDir,
      env: { SEED_DEMO: "false", API_RATE_LIMIT_PER_MINUTE: "1000000" },
    });
  let server = await start();
  const proxy = await startNginx(cleanup, {
    port: PORTS.proxyOnPglite,
    upstreams: [server.url === "" ? 0 : Number(new URL(server.url).port)],
    prefix: "flt-faults-nginx-",
  });
  const load = startMixedLoad(proxy.url, { apiKey: key, listingId });
  await sleep(5000);
  const beforeKill = load.acknowledged.length;
  check(beforeKill > 0, `creates are acknowledged under load before the kill (${beforeKill})`);
  process.kill(server.pid, "SIGKILL");
  await server.stop();
  await sleep(1000);
  const restartedIn = Date.now();
  server = await start();
  console.log(`  server killed (-9); the data directory opened again in ${formatDuration(Date.now() - restartedIn)}`);
  await sleep(3000);
  const summary = await load.stop();
  const afterRestart = load.acknowledged.length - beforeKill;
  check(afterRestart > 0, `creates are acknowledged after the restart (${afterRestart})`);
  printLoad(summary, load.acknowledged.length, load.unreadable);
  check(summary.timeouts === 0, `no request hung past autocannon's 10 s timeout (${summary.timeouts})`);
  check(!("500" in summary.statuses), `no 500 answers (${summary.statuses["500"] ?? 0})`);
  const ready = await timed(`${server.url}/readyz`);
  check(ready.status === 200, `the restarted server is ready (${ready.status})`);
  await server.stop();

  // PGlite is single-process: the server is stopped before this script opens the directory itself.
  const { missing, stored } = await missingWrites(undefined, dataDir, load.acknowledged);
  check(
    missing.length === 0,
    `the data directory opens cleanly and holds every acknowledged create: ${load.acknowledged.length} acknowledged, ${stored} stored, ${missing.length} missing`,
  );
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const started = Date.now();
  try {
    console.log(`# test:faults — ${machineSummary()}, load average ${loadAverage().toFixed(1)}`);
    const app = await privateBuild(cleanup, { rebuild: flags.build });
    if (flags.only !== "pglite") await onPostgres(cleanup, app);
    if (flags.only !== "postgres") await onPglite(cleanup, app);
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    console.error(error);
  } finally {
    await cleanup.runAll();
  }
  console.log(
    `\n${failures.length === 0 ? "PASS" : `FAIL (${failures.length})`} in ${formatDuration(Date.now() - started)}`,
  );
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

await main();
