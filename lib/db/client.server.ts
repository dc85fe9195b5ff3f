import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  sql,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "~/db/schema";
import { provideBoundedReads } from "~/lib/db/bounded-read.server";
import { listenOnPostgres, type StopListening } from "~/lib/db/listen.server";
import type { Database } from "~/lib/db/database";
import { ReplicaPool, type ReplicaEvents } from "~/lib/db/replica-pool.server";
import { PGLITE_EXTENSIONS } from "~/lib/db/pglite-extensions.server";

export type { Database, Executor, Transaction } from "~/lib/db/database";

export interface DatabaseHandle {
  /** The primary: every write, and every read that must see the viewer's own writes. */
  db: Database;
  /**
   * Public reads (search, listing pages, blog, sitemap for signed-out visitors): the read replica
   * when one is configured, answered by the primary while it is away; otherwise the primary itself.
   */
  publicReadDb: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Runs `task` on one dedicated connection (session-level locks hold for all of it) with no client
   * time limit: migrations run here.
   */
  withConnection<T>(task: (db: Database) => Promise<T>): Promise<T>;
  /** Calls `onNotify` for each NOTIFY on `channel` once its transaction has committed. */
  listen(channel: string, onNotify: () => void): Promise<StopListening>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `memory://` keeps it in memory. */
  dataDir: string;
  /** Called once for each pooled connection that fails or loses its server. */
  onPoolError?: (error: Error) => void;
  /** A PostgreSQL streaming replica for public reads (only with `databaseUrl`). */
  replicaUrl?: string | undefined;
  /** Told when the replica goes away and when it is back. */
  replicaEvents?: ReplicaEvents;
}

/** Opens the database: a node-postgres pool when a URL is given, else embedded PGlite with its extensions. */
export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pools: pg.Pool[] = [];
    const listeners: StopListening[] = [];
    const replicaPools: ReplicaPool[] = [];
    // A client that loses its server emits "error" on itself, and without a listener that crashes the
    // process. The pool listens only while a client is idle; a checked-out one (a transaction, the
    // migration lock) between two queries would go unheard. So every client gets a listener of its
    // own, which reports the loss once; the pool then drops the client, and the query in flight, or
    // the transaction's next one, fails on its own.
    const openPool = (startupOptions?: string) => {
      const opened = new pg.Pool({
        connectionString: options.databaseUrl,
        max: 10,
        connectionTimeoutMillis: 3000,
        idleTimeoutMillis: 30_000,
        // A server that hangs instead of refusing must not pin pool connections for ever.
        query_timeout: 15_000,
        ...(startupOptions ? { options: startupOptions } : {}),
      });
      opened.on("connect", (client) => client.on("error", (error) => options.onPoolError?.(error)));
      opened.on("error", () => {}); // already reported by the client's own listener above
      pools.push(opened);
      return opened;
    };
    const pool = openPool();
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Bounded reads (searches) get pools of their own whose connections start read-only with the
    // statement timeout, opened on first use.
    const boundedStartup = (timeoutMs: number) =>
      `-c default_transaction_read_only=on -c statement_timeout=${String(timeoutMs)}`;
    const boundedPrimary = new Map<number, pg.Pool>();
    const boundedPrimaryPool = (timeoutMs: number) => {
      let opened = boundedPrimary.get(timeoutMs);
      if (!opened) {
        opened = openPool(boundedStartup(timeoutMs));
        boundedPrimary.set(timeoutMs, opened);
      }
      return opened;
    };
    provideBoundedReads(
      pool,
      (timeoutMs) => drizzlePg(boundedPrimaryPool(timeoutMs), { schema }) as unknown as Database,
    );
    const replica = options.replicaUrl
      ? new ReplicaPool({ url: options.replicaUrl, primary: pool, ...options.replicaEvents })
      : undefined;
    if (replica) replicaPools.push(replica);
    if (replica && options.replicaUrl) {
      const replicaUrl = options.replicaUrl;
      provideBoundedReads(replica, (timeoutMs) => {
        const boundedReplica = new ReplicaPool({
          url: replicaUrl,
          primary: boundedPrimaryPool(timeoutMs),
          startupOptions: boundedStartup(timeoutMs),
          ...options.replicaEvents,
        });
        replicaPools.push(boundedReplica);
        return drizzlePg(boundedReplica as unknown as pg.Pool, { schema }) as unknown as Database;
      });
    }
    return {
      db,
      publicReadDb: replica ? (drizzlePg(replica as unknown as pg.Pool, { schema }) as unknown as Database) : db,
      kind: "postgres",
      ping: (timeoutMs) => ping(db, timeoutMs),
      async withConnection(task) {
        // Its own connection, outside the pool: the pool's 15 s query timeout would cut a migration
        // that builds an index over a large table, and fail the start it belongs to.
        const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
        client.on("error", (error) => options.onPoolError?.(error));
        await client.connect();
        try {
          return await task(databaseOnConnection(client));
        } finally {
          await client.end();
        }
      },
      listen: (channel, onNotify) => {
        const stop = listenOnPostgres(databaseUrl, channel, onNotify);
        listeners.push(stop);
        return Promise.resolve(stop);
      },
      async close() {
        for (const stop of listeners) await stop();
        // Replica pools first: the primary pools answer their fallback reads until then.
        for (const opened of [...replicaPools, ...pools]) await opened.end();
      },
    };
  }
  const dataDir = options.dataDir === "memory://" ? undefined : path.join(options.dataDir, "pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    publicReadDb: db,
    kind: "pglite",
    ping: (timeoutMs) => ping(db, timeoutMs),
    // PGlite is a single connection already.
    withConnection: (task) => task(db),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

async function ping(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The schema's relational config (for `db.query`), derived once: drizzle() derives it on every call. */
let relationalSchema: RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>> | undefined;

/**
 * A Database on one checked-out node-postgres connection (a transaction that must stay on it). Built
 * per request, so it reuses the relational config derived once instead of drizzle()'s per-call derivation.
 */
export function databaseOnConnection(connection: pg.Client | pg.PoolClient): Database {
  if (!relationalSchema) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relationalSchema = {
      fullSchema: schema,
      schema: tables.tables as ExtractTablesWithRelations<typeof schema>,
      tableNamesMap: tables.tableNamesMap,
    };
  }
  const dialect = new PgDialect();
  const session = new NodePgSession(connection, dialect, relationalSchema, {});
  const db = new NodePgDatabase(dialect, session, relationalSchema) as NodePgDatabase<typeof schema> & {
    $client: pg.Client | pg.PoolClient;
  };
  db.$client = connection;
  return db as unknown as Database;
}
