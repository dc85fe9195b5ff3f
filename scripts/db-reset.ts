/**
 * `npm run db:reset`: deletes every table and row, migrates from scratch and seeds the demo data.
 * Refuses in production. With PGlite, stop the server first (one process owns the database).
 */
import { sql } from "drizzle-orm";
import { seedDemoData } from "~/scripts/seed/seed.server";
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { env } from "~/lib/env.server";

if (env().PRODUCTION) {
  console.error("db:reset refuses to run with NODE_ENV=production.");
  process.exit(1);
}

const handle = databaseHandle();
for (const statement of [
  "drop schema if exists drizzle cascade",
  "drop schema public cascade",
  "create schema public",
]) {
  await handle.db.execute(sql.raw(statement));
}
await migrateDatabase(handle);
const summary = await seedDemoData(handle.db);
await closeDatabase();
console.log(
  `Database reset: ${summary.accountsCreated} accounts, ${summary.listingsCreated} listings, ${summary.postsCreated} posts.`,
);
