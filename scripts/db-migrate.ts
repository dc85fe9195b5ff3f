/** `npm run db:migrate`: applies pending migrations (the server also does this when it starts). */
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { migrateDatabase } from "~/lib/db/migrate.server";

await migrateDatabase(databaseHandle());
await closeDatabase();
console.log(`Migrations applied (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}).`);
