import net from "node:net";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { ReplicaPool } from "~/lib/db/replica-pool.server";
import { waitFor } from "~/tests/support/server-process";
import { TcpProxy } from "~/tests/support/tcp-proxy";
import { describeOnPostgres } from "~/tests/support/test-database";

// Both "servers" are the test PostgreSQL; application_name tells which pool answered a query.
function withName(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set("application_name", name);
  return named.toString();
}

const answeredBy = async (pool: ReplicaPool) =>
  ((await pool.query("select current_setting('application_name') as name")) as { rows: { name: string }[] }).rows[0]
    ?.name;

describeOnPostgres("the replica pool: reads fall back to the primary while the replica is away", () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function primaryPool(): pg.Pool {
    const pool = new pg.Pool({ connectionString: withName(serverUrl, "primary") });
    cleanups.push(() => pool.end());
    return pool;
  }

  it("answers from the primary when the replica accepts connections but never replies (bounded connect timeout)", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const downs: Error[] = [];
    const port = (silent.address() as net.AddressInfo).port;
    const pool = new ReplicaPool({
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      primary: primaryPool(),
      connectTimeoutMs: 300,
      onDown: (error) => downs.push(error),
    });
    cleanups.push(() => pool.end());

    expect(await answeredBy(pool)).toBe("primary");
    expect(await answeredBy(pool)).toBe("primary");
    expect(downs).toHaveLength(1);
    expect(downs[0]?.message).toMatch(/timeout/i);
  });

  it("goes back to the replica once it answers again, and never retries a statement's own error", async () => {
    const target = new URL(serverUrl);
    const proxy = await TcpProxy.start({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const events: string[] = [];
    const pool = new ReplicaPool({
      url: withName(proxy.rewrite(serverUrl), "replica"),
      primary: primaryPool(),
      retryIntervalMs: 50,
      onDown: () => events.push("down"),
      onUp: () => events.push("up"),
    });
    cleanups.push(() => pool.end());

    expect(await answeredBy(pool)).toBe("replica");
    await expect(pool.query("select * from no_such_table")).rejects.toThrow(/does not exist/);
    expect(events).toEqual([]);

    await proxy.cut();
    expect(await answeredBy(pool)).toBe("primary");
    expect(events).toEqual(["down"]);

    await proxy.restore();
    await waitFor("reads to return to the replica", async () => (await answeredBy(pool)) === "replica");
    expect(events).toEqual(["down", "up"]);
  });
});
