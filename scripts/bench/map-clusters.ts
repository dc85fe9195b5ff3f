/**
 * The search map's request on PostgreSQL (ADR 0097): seeds a throwaway database with synthetic
 * listings, then times the map request (the query, the clustering, the JSON and its gzip) for a box
 * holding about 10,000 matches, and reports its size on the wire. For comparison it times a grid
 * aggregate in SQL over the same box. Drops the database afterwards.
 *
 *   npx tsx scripts/bench/map-clusters.ts [--listings 12000] [--runs 50] [--url postgres://…/test]
 *     [--database NAME] [--box south,west,north,east]
 *
 * --database: time against that database as it is (one `bench:search --database` seeded, say), and
 * keep it; --box: another box (at 1,000,000 listings, a smaller one holds about 10,000 matches).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "~/db/schema";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { connectDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { searchMap } from "~/modules/listings/map-clusters.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";
import { formatMs, percentile, positiveInteger, table } from "./support";
import { syntheticLandlords, syntheticListings } from "./synthetic-listings";

const { values: flags } = parseArgs({
  options: {
    listings: { type: "string" },
    runs: { type: "string" },
    url: { type: "string" },
    database: { type: "string" },
    box: { type: "string" },
  },
});
const LISTINGS = positiveInteger("--listings", flags.listings, 12_000);
const RUNS = positiveInteger("--runs", flags.runs, 50);
const SERVER_URL = flags.url ?? "postgres://postgres@127.0.0.1:5432/test";
// By default the inner city: Footscray to Kew, Brunswick to St Kilda (about 14 km by 10 km).
const BOX = flags.box ?? "-37.86,144.89,-37.77,145.04";
const [SOUTH, WEST, NORTH, EAST] = BOX.split(",").map(Number) as [number, number, number, number];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Synthetic listings, as bench:search seeds them, then statistics for the planner. */
async function seed(handle: DatabaseHandle) {
  const now = Date.now();
  const landlords = syntheticLandlords(Math.max(20, Math.ceil(LISTINGS / 250)));
  await handle.db
    .insert(schema.users)
    .values(landlords.map((l) => ({ id: l.id, name: l.name, email: l.email, emailVerified: true })));
  for (let from = 0; from < LISTINGS; from += 1000) {
    await handle.db
      .insert(schema.listings)
      .values(syntheticListings(from, Math.min(LISTINGS, from + 1000), { landlords, now }));
  }
  await handle.db.execute(sql`vacuum analyze listings`);
}

const existing = flags.database;
if (existing !== undefined && !/^[a-z0-9_]+$/.test(existing))
  throw new Error("--database: lower-case letters, digits, _");
const name = existing ?? `laneway_mapbench_${randomBytes(4).toString("hex")}`;
if (!existing) await admin(`create database ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const handle = connectDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
try {
  await migrateDatabase(handle);
  if (!existing) await seed(handle);

  const places = new OfflineMapsAdapter();
  const limiter = createRateLimiter({ name: "bench-map", limit: 1_000_000, windowMs: 60_000 }, { kind: "memory" });
  const state = parseSearchParams(new URLSearchParams());
  const rows: (string | number)[][] = [];
  for (const zoom of [12, 13, 14]) {
    const times: number[] = [];
    let raw = 0;
    let gzip = 0;
    let summary = "";
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      const result = await searchMap(
        handle.db,
        { state, box: BOX, zoom: String(zoom) },
        { places, rateKey: "bench", limiter },
      );
      if (!result.ok || result.kind !== "clusters") throw new Error(JSON.stringify(result));
      const body = JSON.stringify(result.data);
      const wire = gzipSync(body);
      const elapsed = performance.now() - started;
      if (run < 3) continue; // warm-up
      times.push(elapsed);
      raw = body.length;
      gzip = wire.length;
      summary = `${result.data.total} matches, ${result.data.clusters.length} clusters, ${result.data.markers.length} markers`;
    }
    times.sort((a, b) => a - b);
    rows.push([
      `zoom ${zoom}: ${summary}`,
      formatMs(percentile(times, 50)),
      formatMs(percentile(times, 95)),
      `${(raw / 1024).toFixed(1)} KiB`,
      `${(gzip / 1024).toFixed(1)} KiB`,
    ]);
  }

  // The alternative: a grid aggregate in SQL (cells of about 56 px at zoom 13), no library.
  const gridTimes: number[] = [];
  let gridCells = 0;
  for (let run = 0; run < RUNS + 3; run++) {
    const started = performance.now();
    const cell = (56 / (256 * 2 ** 13)) * 360;
    const result = await handle.db.execute(sql`
      select count(*)::int as n, avg(latitude) as lat, avg(longitude) as lng, min(weekly_rent) as rent, min(listing_id::text) as id
      from listings
      where ${publiclyVisibleSql()}
        and latitude between ${SOUTH} and ${NORTH} and longitude between ${WEST} and ${EAST}
      group by floor(longitude / ${cell}), floor(latitude / ${cell})`);
    const elapsed = performance.now() - started;
    if (run < 3) continue;
    gridTimes.push(elapsed);
    gridCells = (result as unknown as { rows: unknown[] }).rows.length;
  }
  gridTimes.sort((a, b) => a - b);
  rows.push([
    `grid aggregate in SQL, zoom 13 cells: ${gridCells} cells (query only)`,
    formatMs(percentile(gridTimes, 50)),
    formatMs(percentile(gridTimes, 95)),
    "",
    "",
  ]);

  console.log(
    `\nPostgreSQL, ${existing ? `database ${existing}` : `${LISTINGS.toLocaleString("en-AU")} listings`}, box ${BOX}, ${RUNS} requests each, one connection\n`,
  );
  console.log(table(["request", "p50", "p95", "JSON", "gzip"], rows, ["l", "r", "r", "r", "r"]));
} finally {
  await handle.close();
  if (!existing) await admin(`drop database if exists ${name} with (force)`);
}
