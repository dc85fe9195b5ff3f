/**
 * `npm run db:seed`: adds the demo accounts and content; safe to run again (idempotent). Refuses
 * in production: the demo accounts' password is published.
 */
import { seedDemoData } from "~/db/seed/seed.server";
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { env } from "~/lib/env.server";

if (env().PRODUCTION) {
  console.error("db:seed refuses to run with NODE_ENV=production: the demo accounts' password is published.");
  process.exit(1);
}

const handle = databaseHandle();
await migrateDatabase(handle);
const summary = await seedDemoData(handle.db);
await closeDatabase();
console.log(
  `Seeded: ${summary.accountsCreated} accounts, ${summary.listingsCreated} listings, ${summary.postsCreated} posts.`,
);
