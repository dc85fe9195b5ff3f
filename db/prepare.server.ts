import type { DatabaseHandle } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import type { Logger } from "~/lib/logger.server";
import { isDatabaseEmpty, seedDemoData } from "~/db/seed/seed.server";

/** Brings the database up to date at start; demo data goes only into an empty database. */
export async function prepareDatabase(handle: DatabaseHandle, options: { seedDemo: boolean; logger: Logger }) {
  await migrateDatabase(handle);
  if (options.seedDemo && (await isDatabaseEmpty(handle.db))) {
    const summary = await seedDemoData(handle.db);
    options.logger.info(summary, "demo data seeded");
  }
}
