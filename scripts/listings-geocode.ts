/**
 * `npm run listings:geocode [-- --batch 100]`: gives coordinates to listings saved while geocoding
 * failed (or saved before geocode on save), through the configured maps adapter, in batches. Safe
 * to stop and run again: it only reads listings still without coordinates. With the embedded
 * database, run it while the server is stopped (the server holds that database).
 */
import { parseArgs } from "node:util";
import { envOrExit } from "~/lib/env.server";

const { values } = parseArgs({ options: { batch: { type: "string", default: "100" } } });
const batchSize = Number(values.batch);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000) {
  console.error("Usage: npm run listings:geocode [-- --batch <1-1000>]");
  process.exit(2);
}

const config = envOrExit();
const { closeDatabase, databaseHandle } = await import("~/lib/db/index.server");
const { migrateDatabase } = await import("~/lib/db/migrate.server");
const { createMapsAdapter } = await import("~/lib/adapters/maps/index.server");
const { placeUnplacedListings } = await import("~/modules/listings/listing-placement.server");

const handle = databaseHandle();
await migrateDatabase(handle);
const run = await placeUnplacedListings(handle.db, createMapsAdapter(config), {
  batchSize,
  onBatch: ({ checked, placed, unplaced }) =>
    console.log(`… ${checked} checked, ${placed} placed, ${unplaced} not placed yet`),
});
await closeDatabase();
console.log(
  `Listings geocoded: ${run.checked} without coordinates, ${run.placed} placed, ${run.unplaced} still to place (run again later).`,
);
