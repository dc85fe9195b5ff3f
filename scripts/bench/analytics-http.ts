/**
 * The HTTP half of `bench:analytics -- --http` (ADR 100): does counting listing page views move the
 * page's latency? Starts the production server (demo data, PGlite, a private copy of build/) and
 * loads listing pages with 10 connections in alternating rounds of two kinds of request that the
 * server answers with the same page:
 * - counted: a browser's headers, each request from another address (X-Forwarded-For through a
 *   trusted proxy), so every request is a view and most are unique visitors;
 * - not counted: the same requests from a crawler's user agent, which counting skips.
 * After the rounds the server is stopped (its shutdown flushes) and the views in the daily rows are
 * compared with the counted requests the server answered: none may be lost.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { sum } from "drizzle-orm";
import { listingDailyStats } from "~/db/schema";
import { connectDatabase } from "~/lib/db/client.server";
import {
  type Cleanup,
  formatMs,
  loadAverage,
  percentile,
  privateBuild,
  seedDemoDatabase,
  startServer,
  table,
} from "./support";

interface AutocannonResult {
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, time: number) => void): void;
};
interface AutocannonRequest {
  path?: string;
  headers?: Record<string, string>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: "GET"; setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "accept-language": "en-AU,en;q=0.9",
  accept: "text/html",
  "accept-encoding": "gzip, deflate, br, zstd",
};
const CRAWLER = {
  ...BROWSER,
  "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};
/** Distinct client addresses cycled through by the requests (the counter keeps up to 5,000 a window). */
const ADDRESSES = 2_000;
const CONNECTIONS = 10;
/** Requests sent so far, over all rounds, so a later round brings new visitors rather than the same ones. */
let next = 0;

interface Round {
  kind: "counted" | "not counted";
  requestsPerSecond: number;
  p50: number;
  p95: number;
  completed: number;
  failed: number;
  load: number;
}

async function round(url: string, kind: Round["kind"], listingIds: string[], seconds: number): Promise<Round> {
  const headers = kind === "counted" ? BROWSER : CRAWLER;
  // One request template; each request takes the next listing and the next address, so the ten
  // connections do not repeat one another's visitors.
  const requests = [
    {
      method: "GET" as const,
      setupRequest: (request: AutocannonRequest) => {
        const n = next++;
        const address = n % ADDRESSES;
        return {
          ...request,
          path: `/listing/${listingIds[n % listingIds.length]!}`,
          headers: { ...headers, "x-forwarded-for": `10.20.${address >> 8}.${address & 255}` },
        };
      },
    },
  ];
  const latencies: number[] = [];
  let ok = 0;
  const instance = autocannon({
    url: `${url}/listing/${listingIds[0]!}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
  });
  instance.on("response", (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status === 200) ok += 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    kind,
    requestsPerSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    completed: ok,
    failed: result.non2xx + result.errors + result.timeouts,
    load: loadAverage(),
  };
}

/** Views and unique visitors in the daily rows (the demo data may hold some already). */
async function storedViews(dataDir: string): Promise<{ views: number; visitors: number }> {
  const handle = connectDatabase({ dataDir });
  try {
    const [stored] = await handle.db
      .select({ views: sum(listingDailyStats.views), visitors: sum(listingDailyStats.uniqueVisitors) })
      .from(listingDailyStats);
    return { views: Number(stored?.views ?? 0), visitors: Number(stored?.visitors ?? 0) };
  } finally {
    await handle.close();
  }
}

export async function countedPageViews(
  cleanup: Cleanup,
  { rounds, seconds }: { rounds: number; seconds: number },
): Promise<void> {
  const app = await privateBuild(cleanup, { rebuild: false });
  const dataDir = path.join(app.scratchDir, "analytics-http");
  seedDemoDatabase(app, dataDir);
  const viewsBefore = await storedViews(dataDir);
  const server = await startServer(cleanup, app, {
    dataDir,
    label: "analytics",
    env: { SEED_DEMO: "false", TRUSTED_PROXIES: "loopback" },
  });
  // The listings a visitor can open: those the first page of search links to.
  const searchPage = await (await fetch(`${server.url}/search`, { headers: BROWSER })).text();
  const listingIds = [...new Set([...searchPage.matchAll(/\/listing\/([0-9a-f-]{36})/g)].map((match) => match[1]!))];
  if (listingIds.length === 0) throw new Error("/search links to no listing");
  await round(server.url, "not counted", listingIds, 3); // warm-up
  const results: Round[] = [];
  for (let n = 0; n < rounds; n += 1) {
    // Alternating, so the machine's other work weighs on both kinds alike.
    for (const kind of n % 2 === 0 ? (["counted", "not counted"] as const) : (["not counted", "counted"] as const)) {
      results.push(await round(server.url, kind, listingIds, seconds));
    }
  }
  await server.stop();

  const counted = results.filter((result) => result.kind === "counted").reduce((sum, r) => sum + r.completed, 0);
  const after = await storedViews(dataDir);
  const views = after.views - viewsBefore.views;
  const visitors = after.visitors - viewsBefore.visitors;

  console.log(
    `\n## Listing pages over HTTP, ${CONNECTIONS} connections, ${seconds} s rounds (${listingIds.length} listings, ${ADDRESSES.toLocaleString("en-AU")} addresses)\n`,
  );
  console.log(
    table(
      ["round", "requests", "requests/s", "p50", "p95", "failed", "load"],
      results.map((result) => [
        result.kind,
        result.completed,
        result.requestsPerSecond.toFixed(0),
        formatMs(result.p50),
        formatMs(result.p95),
        result.failed,
        result.load.toFixed(1),
      ]),
      ["l", "r", "r", "r", "r", "r", "r"],
    ),
  );
  const median = (kind: Round["kind"], pick: (r: Round) => number) => {
    const values = results
      .filter((result) => result.kind === kind)
      .map(pick)
      .sort((a, b) => a - b);
    return percentile(values, 50);
  };
  console.log(
    `\nmedian p95: counted ${formatMs(median("counted", (r) => r.p95))} ms, not counted ${formatMs(median("not counted", (r) => r.p95))} ms`,
  );
  console.log(
    `views stored: ${views.toLocaleString("en-AU")} of ${counted.toLocaleString("en-AU")} counted requests answered; unique visitors ${visitors.toLocaleString("en-AU")}`,
  );
  if (views < counted) throw new Error(`${counted - views} counted views were lost`);
}
