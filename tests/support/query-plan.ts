import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";

/**
 * PostgreSQL's plan (`explain`) of a statement with its parameters inlined (numbers as float8, the
 * rest as quoted text), with `settings` set for it alone (`set local`).
 */
export async function queryPlan(
  db: Database,
  query: { sql: string; params: unknown[] },
  settings: string[] = [],
): Promise<string> {
  const literal = (value: unknown) =>
    typeof value === "number" ? `${value}::float8` : `'${String(value).replaceAll("'", "''")}'`;
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    const result = await tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain ${text}`));
    return (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
