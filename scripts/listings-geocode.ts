/**
 * `npm run listings:geocode [-- --batch 100]`: gives coordinates to listings saved while geocoding
 * failed (or saved before geocode on save), and moves a listing that publishes only its suburb to the
 * suburb's centre if it still holds an older, finer position, through the configured maps adapter,
 * in batches. Safe to stop and run again: a listing already placed as published is left alone. With
 * the embedded database, run it while the server is stopped (the server holds that database).
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
  onBatch: ({ checked, placed, moved, unplaced }) =>
    console.log(`… ${checked} to do, ${placed} placed, ${moved} moved to their suburb, ${unplaced} not placed yet`),
});
await closeDatabase();
console.log(
  `Listings geocoded: ${run.checked} to do, ${run.placed} placed, ${run.moved} moved to their suburb's centre, ${run.unplaced} still to place (run again later).`,
);
