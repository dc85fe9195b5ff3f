/**
 * `npm run db:seed`: adds the demo accounts and content; safe to run again (idempotent). Refuses
 * in production: the demo accounts' password is published.
 *
 * `--on-start` is the step before a server starts (`npm start`, the test servers): it seeds only
 * when SEED_DEMO is on and the database is empty, and logs a JSON line like the server's own. The
 * configuration refuses SEED_DEMO in production, so this refuses it too.
 */
import { envOrExit } from "~/lib/env.server";

const onStart = process.argv.includes("--on-start");

const config = envOrExit();
if (onStart && !config.SEED_DEMO) process.exit(0);
if (config.PRODUCTION) {
  console.error("db:seed refuses to run with NODE_ENV=production: the demo accounts' password is published.");
  process.exit(1);
}

// Loaded only when there is seeding to do: the step before every start is then quick when it has none.
const { isDatabaseEmpty, seedDemoData } = await import("~/scripts/seed/seed.server");
const { closeDatabase, databaseHandle } = await import("~/lib/db/index.server");
const { migrateDatabase } = await import("~/lib/db/migrate.server");
const { logger } = await import("~/lib/logger.server");

const handle = databaseHandle();
await migrateDatabase(handle);
if (onStart && !(await isDatabaseEmpty(handle.db))) {
  await closeDatabase();
  process.exit(0);
}
const summary = await seedDemoData(handle.db);
await closeDatabase();
if (onStart) logger.info(summary, "demo data seeded");
else
  console.log(
    `Seeded: ${summary.accountsCreated} accounts, ${summary.listingsCreated} listings, ${summary.postsCreated} posts.`,
  );
