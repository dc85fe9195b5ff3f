import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { connectDatabase, type Database, type DatabaseHandle } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";

export type DatabaseKind = "pglite" | "postgres";

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  db: Database;
  /** Connection string of the throwaway PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server
 * that is dropped again on close, so test files never see each other's rows.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = connectDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    return { kind, handle, db: handle.db, url: undefined, close: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `laneway_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
  await migrateDatabase(handle);
  return {
    kind,
    handle,
    db: handle.db,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Empties every application table, keeping the schema and migrations. */
export async function truncateAll(db: Database): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/**
 * Runs a suite once per test database. Each test starts from empty tables.
 * `use()` returns the database of the suite currently running.
 */
export function describeEachDatabase(name: string, suite: (use: () => TestDatabase) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await current?.close();
      });
      beforeEach(async () => {
        if (current) await truncateAll(current.db);
      });
      suite(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      });
    });
  }
}

/**
 * A suite that needs a PostgreSQL server (a pool, a proxy that can be cut, pg tools). Without
 * TEST_DATABASE_URL it is skipped, and its name says why, so a local run never passes silently.
 */
export function describeOnPostgres(title: string, suite: () => void): void {
  if (process.env.TEST_DATABASE_URL) describe(title, suite);
  else describe.skip(`${title} (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)`, suite);
}

/** A count and checksum per table: equal before and after a request means it changed not one row. */
export type TableChecksums = Map<string, string>;

/**
 * Prepares one query over every application table and returns a function that runs it. Queued mail
 * is summed by id only: the delivery loop updates its rows in the background.
 */
export async function tableChecksums(db: Database): Promise<() => Promise<TableChecksums>> {
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const query = (tables as unknown as { rows: { tablename: string }[] }).rows
    .map(({ tablename }) => {
      const row = tablename === "mail_outbox" ? "x.id" : "x";
      return `select '${tablename}' as t, count(*)::int as n, coalesce(sum(hashtextextended(${row}::text, 0)), 0)::text as h from "${tablename}" x`;
    })
    .join(" union all ");
  return async () => {
    const sums = await db.execute(sql.raw(query));
    const rows = (sums as unknown as { rows: { t: string; n: number; h: string }[] }).rows;
    return new Map(rows.map((row) => [row.t, `${row.n}:${row.h}`]));
  };
}
