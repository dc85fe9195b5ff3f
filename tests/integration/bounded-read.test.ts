import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { boundedReadOnly } from "~/lib/db/bounded-read.server";
import { searchListings, SEARCH_STATEMENT_TIMEOUT_MS } from "~/modules/listings/listing-queries.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { createTestListing } from "~/tests/support/factories";
import {
  createTestDatabase,
  describeEachDatabase,
  describeOnPostgres,
  type TestDatabase,
} from "~/tests/support/test-database";

/** The first row of a node-postgres result (what `execute` returns on PostgreSQL). */
function firstRow<Row>(result: unknown): Row | undefined {
  return (result as { rows: Row[] }).rows[0];
}

describeEachDatabase("bounded read-only transactions", (use) => {
  it("return what the task read, and refuse a write inside, leaving the table as it was", async () => {
    const { db } = use();
    await createTestListing(db, { title: "Read only loft" });
    const titles = await boundedReadOnly(db, 2_000, async (tx) =>
      (await tx.select({ title: listings.listingTitle }).from(listings)).map((row) => row.title),
    );
    expect(titles).toEqual(["Read only loft"]);
    // The relational API works on the transaction's connection too.
    expect(
      await boundedReadOnly(
        db,
        2_000,
        async (tx) => (await tx.query.listings.findFirst({ columns: { listingTitle: true } }))?.listingTitle,
      ),
    ).toBe("Read only loft");
    await expect(
      boundedReadOnly(db, 2_000, (tx) => tx.update(listings).set({ listingTitle: "Changed" })),
    ).rejects.toThrow();
    expect((await db.select({ title: listings.listingTitle }).from(listings))[0]?.title).toBe("Read only loft");
    // The connection went back to the pool in a usable state.
    expect(await boundedReadOnly(db, 2_000, async (tx) => (await tx.execute(sql`select 1 as one`)) !== undefined)).toBe(
      true,
    );
  });
});

describeOnPostgres("bounded reads and searches on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database.close();
  });

  it("run each statement as its own read-only transaction with the timeout, on the primary's pool", async () => {
    const { db } = database;
    const settings = await boundedReadOnly(db, 1_234, async (reader) => {
      const result = await reader.execute(
        sql`select current_setting('statement_timeout') as "timeout",
                   current_setting('transaction_read_only') as "readOnly",
                   now() = statement_timestamp() as "ownTransaction"`,
      );
      return firstRow<{ timeout: string; readOnly: string; ownTransaction: boolean }>(result);
    });
    // A transaction opened by an earlier round trip would have started before this statement.
    expect(settings).toEqual({ timeout: "1234ms", readOnly: "on", ownTransaction: true });
    // The primary's own connections are untouched: writes and long statements still work there.
    const primary = await db.execute(
      sql`select current_setting('statement_timeout') as "timeout", current_setting('transaction_read_only') as "readOnly"`,
    );
    expect(firstRow(primary)).toEqual({ timeout: "0", readOnly: "off" });
  });

  it("a search PostgreSQL cancels at its statement timeout answers too-slow, holds no connection afterwards, and searches again once the table is free", async () => {
    const { db, url } = database;
    await createTestListing(db, { title: "Blocked room" });
    // Another session holds the table: the search waits on the lock until PostgreSQL cancels it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin; lock table listings in access exclusive mode");
      const started = Date.now();
      expect(await searchListings(db, parseSearchParams(new URLSearchParams()))).toEqual({
        ok: false,
        reason: "too-slow",
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_STATEMENT_TIMEOUT_MS - 100);
      await holder.query("rollback");
    } finally {
      await holder.end();
    }
    // No session of this database is left mid-statement or mid-transaction by the cancelled search.
    const busy = await db.execute(
      sql`select count(*)::int as sessions from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
    );
    expect(firstRow<{ sessions: number }>(busy)?.sessions).toBe(0);
    expect(await searchListings(db, parseSearchParams(new URLSearchParams()))).toMatchObject({ ok: true, total: 1 });
  });
});
