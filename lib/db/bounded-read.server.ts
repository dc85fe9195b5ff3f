import { sql } from "drizzle-orm";
import type pg from "pg";
import { databaseOnConnection, type Executor } from "~/lib/db/client.server";

interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
}

function connectionSource(db: Executor): ConnectionSource | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client && typeof (client as Partial<ConnectionSource>).connect === "function"
    ? (client as ConnectionSource)
    : undefined;
}

/**
 * Runs `task` in a read-only transaction whose every statement PostgreSQL cancels after
 * `statementTimeoutMs` (SQLSTATE 57014), on one connection. On a node-postgres pool (the primary or
 * the replica) the transaction opens with one message, `begin read only; set local statement_timeout`,
 * a round trip less than drizzle's transaction followed by a `set local`. PGlite cannot cancel a
 * statement: there, and inside an open transaction, the timeout is set the usual way.
 */
export async function boundedReadOnly<T>(
  db: Executor,
  statementTimeoutMs: number,
  task: (tx: Executor) => Promise<T>,
): Promise<T> {
  const timeout = Math.max(1, Math.trunc(statementTimeoutMs));
  const source = connectionSource(db);
  if (!source) {
    return db.transaction(
      async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${timeout}`));
        return task(tx);
      },
      { accessMode: "read only" },
    );
  }
  const connection = await source.connect();
  let broken: Error | undefined;
  try {
    await connection.query(`begin read only; set local statement_timeout = ${timeout}`);
    try {
      const result = await task(databaseOnConnection(connection));
      await connection.query("commit");
      return result;
    } catch (error) {
      await connection.query("rollback").catch((rollbackError: unknown) => {
        // The connection itself failed: the pool must not hand it out again.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    connection.release(broken);
  }
}
