import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * react-router-hono-server brings @hono/node-ws, whose peer range stops at @hono/node-server 1.x;
 * package.json overrides it to the project's 2.x (no node-ws release accepts 2.x). That is safe
 * because the server never turns WebSockets on, so node-ws's code is never loaded. These tests
 * hold both halves: the installed tree satisfies every range, and no request is upgraded.
 */
const run = promisify(execFile);

describe("the WebSocket path react-router-hono-server offers", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: "false" } });
  }, SERVER_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it("is installed without a peer dependency conflict", { timeout: 60_000 }, async () => {
    // `npm ls` exits 1 with "invalid" when an installed version is outside a dependant's range.
    const listed = await run("npm", ["ls", "@hono/node-server", "--all"], { cwd: repoRoot }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect("code" in listed ? listed.code : 0, `${listed.stdout}${listed.stderr}`).toBe(0);
    expect(listed.stdout).toContain("@hono/node-ws@");
    expect(listed.stdout).not.toContain("invalid");
  });

  it("is never used: a WebSocket handshake gets an ordinary HTTP answer", async () => {
    const outcome = await new Promise<{ upgraded: boolean; status?: number }>((resolve, reject) => {
      const request = http.request(`${server.url}/`, {
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
        agent: false,
      });
      request.once("upgrade", (_response, socket) => {
        socket.destroy();
        resolve({ upgraded: true });
      });
      request.once("response", (response) => {
        response.resume();
        resolve({ upgraded: false, status: response.statusCode });
      });
      request.once("error", reject);
      request.setTimeout(10_000, () => request.destroy(new Error("no answer to the handshake")));
      request.end();
    });
    expect(outcome.upgraded).toBe(false);
    expect(outcome.status).not.toBe(101);
  });
});
