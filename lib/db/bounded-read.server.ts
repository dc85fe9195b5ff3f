import { sql } from "drizzle-orm";
import type { Database, Executor } from "~/lib/db/database";

/** Opens (once per timeout) a Database whose connections start read-only with that statement timeout. */
export type BoundedReadsFactory = (statementTimeoutMs: number) => Database;

/** Bounded-read databases by the pool (the primary's or the replica's) a Database runs on. */
const boundedSources = new WeakMap<object, BoundedReadsFactory>();

/**
 * Registers how to open bounded reads for a pool (`connectDatabase` does this for node-postgres).
 * The factory is called at most once per timeout.
 */
export function provideBoundedReads(pool: object, open: BoundedReadsFactory): void {
  const opened = new Map<number, Database>();
  boundedSources.set(pool, (timeout) => {
    let db = opened.get(timeout);
    if (!db) {
      db = open(timeout);
      opened.set(timeout, db);
    }
    return db;
  });
}

/**
 * Runs `task` so that none of its statements can write and PostgreSQL cancels any of them after
 * `statementTimeoutMs` (SQLSTATE 57014). On a node-postgres pool (the primary or the replica) the
 * task runs on connections that start that way (`default_transaction_read_only`, `statement_timeout`
 * as startup options): each statement is its own read-only transaction and a search costs one round
 * trip, not three (`begin read only; set local …`, the statement, `commit`). Elsewhere (PGlite, which
 * cannot cancel a statement, or inside an open transaction) it is a read-only transaction with a
 * `set local`.
 */
export async function boundedReadOnly<T>(
  db: Executor,
  statementTimeoutMs: number,
  task: (reader: Executor) => Promise<T>,
): Promise<T> {
  const timeout = Math.max(1, Math.trunc(statementTimeoutMs));
  const client = (db as { $client?: unknown }).$client;
  const bounded = client && typeof client === "object" ? boundedSources.get(client) : undefined;
  if (bounded) return task(bounded(timeout));
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${timeout}`));
      return task(tx);
    },
    { accessMode: "read only" },
  );
}
