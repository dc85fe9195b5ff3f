/** `npm run db:seed`: adds the demo accounts and content; safe to run again (idempotent). */
import { seedDemoData } from "~/db/seed/seed.server";
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { migrateDatabase } from "~/lib/db/migrate.server";

const handle = databaseHandle();
await migrateDatabase(handle);
const summary = await seedDemoData(handle.db);
await closeDatabase();
console.log(
  `Seeded: ${summary.accountsCreated} accounts, ${summary.listingsCreated} listings, ${summary.postsCreated} posts.`,
);
