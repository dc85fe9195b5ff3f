import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  httpRequest,
  SERVER_HOOK_TIMEOUT_MS,
  type ServerProcess,
  startServer,
  waitFor,
} from "~/tests/support/server-process";
import { TcpProxy } from "~/tests/support/tcp-proxy";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

async function statusOf(url: string): Promise<number> {
  return (await httpRequest(url, { timeoutMs: 10_000 })).status;
}

describe("demo mode (embedded PGlite, no configuration)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    // Only where to listen and where to keep data are given (test isolation); everything else is defaulted.
    server = await startServer({ env: { LOG_LEVEL: undefined } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  it("is live and ready, and serves the home page", async () => {
    expect(await statusOf(`${server.url}/healthz`)).toBe(200);
    const ready = await httpRequest(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text())).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(await statusOf(`${server.url}/`)).toBe(200);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describeOnPostgres("readiness against PostgreSQL through a proxy that can be cut", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const target = new URL(postgresUrl as string);
    proxy = await TcpProxy.start({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
    server = await startServer({
      env: { DATABASE_URL: proxy.rewrite(database.url as string), SEED_DEMO: "false", LOG_LEVEL: "info" },
    });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  it("answers 503 while PostgreSQL is unreachable and 200 again once it is back, without a restart", async () => {
    const pid = server.pid;
    expect(await statusOf(`${server.url}/readyz`)).toBe(200);

    // Two outages in a row: recovery must not depend on it being the first one.
    for (let outage = 1; outage <= 2; outage++) {
      await proxy.cut();
      const down = await waitFor(
        `/readyz to report 503 (outage ${outage})`,
        async () => {
          const response = await httpRequest(`${server.url}/readyz`, { timeoutMs: 10_000 });
          return response.status === 503 ? response : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(JSON.parse(down.text())).toMatchObject({ status: "unavailable" });
      // Liveness does not depend on the database: the process is fine and must not be restarted.
      expect(await statusOf(`${server.url}/healthz`)).toBe(200);
      expect(server.running()).toBe(true);

      await proxy.restore();
      await waitFor(
        `/readyz to report 200 again (outage ${outage})`,
        async () => (await statusOf(`${server.url}/readyz`)) === 200,
        {
          timeoutMs: 30_000,
          intervalMs: 200,
        },
      );
      expect(server.running()).toBe(true);
      expect(server.pid).toBe(pid);
    }

    // The outage did not crash the process or leave an unhandled error behind.
    expect(server.stderr.join("\n")).not.toMatch(/unhandled|uncaught/i);
  }, 150_000);

  it("shuts down cleanly on SIGTERM, closing the pool", async () => {
    const exit = await server.stop("SIGTERM", 15_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stdout.join("\n")).toContain("shutdown complete");
  });
});
