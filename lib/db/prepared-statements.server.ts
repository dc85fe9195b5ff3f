import type { Executor } from "~/lib/db/database";

/** Statements prepared once per database (or bounded reader), by name (see `prepared`). */
const preparedStatements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The statement `name` on `db`, prepared by `prepare` the first time. For reads every API request
 * repeats: Drizzle building the same SQL each time was most of their CPU (ADR 115, figures in
 * docs/performance.md). A name stands for one SQL text: what varies is a placeholder.
 */
export function prepared<T>(db: Executor, name: string, prepare: (name: string) => T): T {
  let statements = preparedStatements.get(db);
  if (!statements) preparedStatements.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = prepare(name)));
  return statement;
}
