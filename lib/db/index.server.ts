import { connectDatabase, type Database, type DatabaseHandle } from "~/lib/db/client.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

// PGlite is single-process: two instances on one directory silently lose data. The handle lives on
// globalThis so the server entry and the React Router build (separate module graphs in development)
// share exactly one.
const globalForDb = globalThis as typeof globalThis & { __lanewayDatabase?: DatabaseHandle };

/** The process-wide database handle, opened on first use. */
export function databaseHandle(): DatabaseHandle {
  globalForDb.__lanewayDatabase ??= connectDatabase({
    databaseUrl: env().DATABASE_URL,
    dataDir: env().DATA_DIR,
    onPoolError: (error) => logger.warn({ err: error }, "database connection lost"),
    replicaUrl: env().DATABASE_REPLICA_URL,
    replicaEvents: {
      onDown: (error) => logger.warn({ err: error }, "read replica unavailable: public reads go to the primary"),
      onUp: () => logger.info("read replica available again: public reads go back to it"),
    },
  });
  return globalForDb.__lanewayDatabase;
}

export function db(): Database {
  return databaseHandle().db;
}

export async function closeDatabase(): Promise<void> {
  const handle = globalForDb.__lanewayDatabase;
  globalForDb.__lanewayDatabase = undefined;
  await handle?.close();
}
