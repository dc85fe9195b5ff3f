import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { TcpProxy } from "~/tests/support/tcp-proxy";
import { describeOnPostgres } from "~/tests/support/test-database";

const postgresUrl = process.env.TEST_DATABASE_URL;

describeOnPostgres("losing PostgreSQL while a connection is checked out", () => {
  let proxy: TcpProxy | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    await proxy?.close();
  });

  it("fails the transaction, reports the loss once and keeps the process (and the pool) alive", async () => {
    const target = new URL(postgresUrl as string);
    proxy = await TcpProxy.start({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
    const lost: Error[] = [];
    let connectionLost!: () => void;
    const connectionLostOnce = new Promise<void>((resolve) => (connectionLost = resolve));
    handle = connectDatabase({
      databaseUrl: proxy.rewrite(postgresUrl as string),
      dataDir: "memory://",
      onPoolError(error) {
        lost.push(error);
        connectionLost();
      },
    });

    // Between two queries of a transaction no query is in flight: the cut reaches the client alone.
    // Unheard, its "error" event would be thrown as an uncaught exception and fail this test.
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy?.cut();
      await connectionLostOnce;
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(lost.map((error) => error.message)).toEqual(["Connection terminated unexpectedly"]);

    await proxy.restore();
    expect(await handle.ping()).toBe(true);
  });
});
