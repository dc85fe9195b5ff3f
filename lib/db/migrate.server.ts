import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "~/lib/db/client.server";

/** Arbitrary constant identifying this application's migration lock. */
const MIGRATION_LOCK_KEY = 7_246_531_902;

export const migrationsFolder = path.resolve("db/migrations");

/**
 * Applies pending migrations from code. drizzle-kit's own migrate cannot load the extensions into PGlite,
 * so the running process (which owns the only PGlite instance) migrates itself at start.
 */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // Several instances may start at once against one PostgreSQL: one migrates, the others wait.
  await handle.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
