import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  httpRequest,
  SERVER_HOOK_TIMEOUT_MS,
  type ServerProcess,
  sleep,
  startServer,
  waitFor,
} from "~/tests/support/server-process";
import { TcpProxy } from "~/tests/support/tcp-proxy";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

const TOTAL_REQUESTS = 200;
const CONNECTIONS = 10;
/** SIGTERM is sent from the callback of this many completed responses: mid-burst. */
const SIGNAL_AFTER = 60;

interface Outcome {
  index: number;
  /** The request was completely written to the socket before SIGTERM was sent. */
  sentBeforeSignal: boolean;
  /** The response had not been fully received when SIGTERM was sent. */
  openAtSignal: boolean;
  status?: number;
  /** The body arrived whole: it ends the document and matches any Content-Length. */
  complete?: boolean;
  connectionClose?: boolean;
  error?: string;
}

interface BurstResult {
  outcomes: Outcome[];
  signalledAt: number;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  exitedAt: number;
}

/**
 * Sends TOTAL_REQUESTS page requests over CONNECTIONS keep-alive connections, sends SIGTERM from
 * inside the callback of the SIGNAL_AFTER-th completed response (so other requests are in flight),
 * and collects how every request ended and when the process exited.
 */
async function burstWithSigterm(server: ServerProcess): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let signalled = false;
  let signalledAt = 0;
  let completed = 0;
  const exitedAt = server.exited.then((exit) => ({ exit, at: Date.now() }));
  const outcomes: Outcome[] = [];

  const one = (index: number) =>
    new Promise<Outcome>((resolve) => {
      const outcome: Outcome = { index, sentBeforeSignal: false, openAtSignal: true };
      outcomes.push(outcome);
      const settle = (fields: Partial<Outcome>) => {
        if (outcome.status !== undefined || outcome.error !== undefined) return;
        Object.assign(outcome, fields);
        resolve(outcome);
      };
      const request = http.get(`${server.url}/?burst=${index}`, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("aborted", () => settle({ error: "response aborted" }));
        response.on("error", (error) =>
          settle({ error: `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}` }),
        );
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const length = response.headers["content-length"];
          const complete =
            body.trimEnd().endsWith("</html>") && (length === undefined || Number(length) === Buffer.byteLength(body));
          outcome.openAtSignal = signalled;
          completed += 1;
          if (completed === SIGNAL_AFTER && !signalled) {
            signalled = true;
            signalledAt = Date.now();
            server.child.kill("SIGTERM");
          }
          settle({
            status: response.statusCode ?? 0,
            complete,
            connectionClose: response.headers.connection === "close",
          });
        });
      });
      // 'finish': the whole request has been handed to the operating system.
      request.on("finish", () => {
        if (!signalled) outcome.sentBeforeSignal = true;
      });
      request.setTimeout(20_000, () => request.destroy(new Error("timed out")));
      request.on("error", (error) =>
        settle({ error: `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}` }),
      );
    });

  try {
    await Promise.all(Array.from({ length: TOTAL_REQUESTS }, (_, index) => one(index)));
  } finally {
    agent.destroy();
  }
  const { exit, at } = await exitedAt;
  return { outcomes, signalledAt, exit, exitedAt: at };
}

function summarise(label: string, { outcomes, signalledAt, exitedAt, exit }: BurstResult) {
  const before = outcomes.filter((o) => o.sentBeforeSignal);
  const after = outcomes.filter((o) => !o.sentBeforeSignal);
  const summary = {
    label,
    sentBeforeSignal: before.length,
    inFlightAtSignal: before.filter((o) => o.openAtSignal).length,
    completedBeforeSignal: before.filter((o) => o.status === 200 && o.complete).length,
    failedOfSentBeforeSignal: before.filter((o) => o.error !== undefined || o.status !== 200 || !o.complete).length,
    sentAfterSignal: after.length,
    servedAfterSignal: after.filter((o) => o.status === 200 && o.complete).length,
    refusedOrClosedAfterSignal: after.filter((o) => o.error !== undefined).length,
    errorsAfterSignal: Object.fromEntries(
      Object.entries(
        Object.groupBy(
          after.filter((o) => o.error !== undefined),
          (o) => o.error ?? "",
        ),
      ).map(([error, list]) => [error, list?.length]),
    ),
    // Responses that told the client to close the connection (draining) instead of reusing it.
    connectionCloseResponses: outcomes.filter((o) => o.connectionClose).length,
    exitCode: exit.code,
    exitMs: exitedAt - signalledAt,
  };
  console.info(JSON.stringify(summary));
  return summary;
}

function expectGracefulShutdown(server: ServerProcess, result: BurstResult) {
  const summary = summarise("graceful shutdown", result);
  const before = result.outcomes.filter((o) => o.sentBeforeSignal);
  // The signal really arrived mid-burst, with requests in flight.
  expect(before.length).toBeGreaterThan(SIGNAL_AFTER);
  expect(summary.inFlightAtSignal).toBeGreaterThan(0);
  // Every request sent before SIGTERM got a complete 200: none was reset, cut short or refused.
  for (const outcome of before) {
    expect(outcome, `request ${outcome.index}`).toMatchObject({ status: 200, complete: true });
    expect(outcome.error, `request ${outcome.index}`).toBeUndefined();
  }
  // Requests sent after the signal either were still served or were refused; none hung (all settled).
  for (const outcome of result.outcomes.filter((o) => !o.sentBeforeSignal)) {
    expect(
      outcome.error !== undefined || (outcome.status === 200 && outcome.complete),
      `request ${outcome.index}`,
    ).toBe(true);
  }
  // Clean exit, within the 10 s budget.
  expect(result.exit).toEqual({ code: 0, signal: null });
  expect(result.exitedAt - result.signalledAt).toBeLessThan(10_000);
  const log = server.stdout.join("\n");
  expect(log).toContain("shutting down");
  expect(log).toContain("shutdown complete");
}

describe("SIGTERM during a burst of requests (PGlite)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info", SEED_DEMO: "false" } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("finishes every in-flight request, then exits 0 within 10 s", async () => {
    const result = await burstWithSigterm(server);
    expectGracefulShutdown(server, result);
  }, 90_000);
});

/** The drain delay of the test below: long enough for a few requests on a loaded machine. */
const DRAIN_DELAY_MS = 4000;

describe("SIGTERM with a drain delay (SHUTDOWN_DRAIN_DELAY_MS)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      env: { LOG_LEVEL: "info", SEED_DEMO: "false", SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) },
    });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("reports draining at once, accepts and serves new connections until the delay ends, then stops accepting", async () => {
    // A client that would keep its connection: the answer says whether the server lets it.
    const keepAlive = new http.Agent({ keepAlive: true });
    try {
      const before = await httpRequest(`${server.url}/readyz`, { agent: keepAlive });
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe("keep-alive");
      keepAlive.destroy();

      const signalledAt = Date.now();
      server.child.kill("SIGTERM");
      await server.waitForLine((line) => line.includes("shutting down"));

      // New connections (the agent has none open) are accepted: readiness says draining, and a page
      // is served whole, each telling the client not to reuse the connection.
      const ready = await httpRequest(`${server.url}/readyz`, { agent: keepAlive });
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text())).toEqual({ status: "draining" });
      expect(ready.headers.connection).toBe("close");
      const page = await httpRequest(`${server.url}/`, { agent: keepAlive, timeoutMs: 20_000 });
      expect(page.status).toBe(200);
      expect(page.text().trimEnd().endsWith("</html>")).toBe(true);
      expect(page.headers.connection).toBe("close");

      // New connections go on being accepted until the delay ends; only then are they refused.
      let served = 0;
      let refusedAfter: number | undefined;
      const deadline = signalledAt + DRAIN_DELAY_MS + 10_000;
      while (refusedAfter === undefined && Date.now() < deadline) {
        try {
          const probe = await httpRequest(`${server.url}/readyz`, { timeoutMs: 5000 });
          expect(probe.status).toBe(503);
          served += 1;
          await sleep(100);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== "ECONNREFUSED" && code !== "ECONNRESET") throw error;
          refusedAfter = Date.now() - signalledAt;
        }
      }
      console.info(JSON.stringify({ drainDelayMs: DRAIN_DELAY_MS, servedDuringDelay: served, refusedAfter }));
      expect(refusedAfter).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);

      const exit = await server.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(DRAIN_DELAY_MS + 10_000);
      const log = server.stdout.join("\n");
      expect(log).toContain("drain delay over");
      expect(log).toContain("shutdown complete");
    } finally {
      keepAlive.destroy();
    }
  }, 90_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describeOnPostgres("SIGTERM during a burst of requests (PostgreSQL pool)", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // Through the proxy so the test can see the server's pool connections close.
    const target = new URL(postgresUrl as string);
    proxy = await TcpProxy.start({ targetHost: target.hostname, targetPort: Number(target.port || 5432) });
    server = await startServer({
      env: { DATABASE_URL: proxy.rewrite(database.url as string), LOG_LEVEL: "info", SEED_DEMO: "false" },
    });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await proxy?.close();
    await database?.close();
  });

  it("finishes every in-flight request, closes the pool and exits 0 within 10 s", async () => {
    const result = await burstWithSigterm(server);
    expectGracefulShutdown(server, result);
    // The pool was closed: every connection the server opened to the database ended with a
    // PostgreSQL Terminate (pool.end()), none was simply dropped when the process went away.
    expect(proxy.accepted).toBeGreaterThan(0);
    await waitFor("the proxy to see every connection close", () => proxy.openSockets === 0, { timeoutMs: 10_000 });
    expect(proxy.terminated).toBe(proxy.accepted);
  }, 90_000);
});
