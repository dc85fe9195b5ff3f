import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, SERVER_HOOK_TIMEOUT_MS, type ServerProcess, startServer } from "~/tests/support/server-process";

/**
 * The client address the server settled on, read from its request log line (JSON on stdout).
 * The request goes out from `localAddress`, so the server sees that as the socket peer.
 */
async function loggedClientAddress(
  server: ServerProcess,
  { localAddress, headers = {} }: { localAddress: string; headers?: Record<string, string> },
): Promise<{ clientAddress: unknown; requestId: string }> {
  const response = await httpRequest(`${server.url}/client-address-probe`, { localAddress, headers });
  expect(response.status).toBe(404);
  const requestId = String(response.headers["x-request-id"]);
  const line = await server.waitForLine((text) => text.includes(`"requestId":"${requestId}"`));
  const entry = JSON.parse(line) as Record<string, unknown>;
  expect(entry.path).toBe("/client-address-probe");
  return { clientAddress: entry.clientAddress, requestId };
}

// Two loopback addresses stand in for "the reverse proxy" (127.0.0.1, trusted) and "some other
// host" (127.0.0.2, not trusted); both reach the server listening on 127.0.0.1.
describe("client address behind TRUSTED_PROXIES=127.0.0.1", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info", SEED_DEMO: "false", TRUSTED_PROXIES: "127.0.0.1" } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  it("takes the address from X-Forwarded-For when the peer is the trusted proxy", async () => {
    const { clientAddress } = await loggedClientAddress(server, {
      localAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(clientAddress).toBe("203.0.113.7");
  });

  it("believes only the hop the trusted proxy appended, not the entries the client wrote before it", async () => {
    const { clientAddress } = await loggedClientAddress(server, {
      localAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "198.51.100.66, 203.0.113.7" },
    });
    expect(clientAddress).toBe("203.0.113.7");
  });

  it("keeps the request id a trusted proxy sends, so log lines join up across hops", async () => {
    const { requestId } = await loggedClientAddress(server, {
      localAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7", "x-request-id": "edge-4f2a9c" },
    });
    expect(requestId).toBe("edge-4f2a9c");
  });

  it("uses the socket address when the proxy sends no X-Forwarded-For", async () => {
    const { clientAddress } = await loggedClientAddress(server, { localAddress: "127.0.0.1" });
    expect(clientAddress).toBe("127.0.0.1");
  });

  it("ignores a spoofed X-Forwarded-For (and X-Request-Id) from a peer that is not a trusted proxy", async () => {
    const { clientAddress, requestId } = await loggedClientAddress(server, {
      localAddress: "127.0.0.2",
      headers: { "x-forwarded-for": "203.0.113.7", "x-request-id": "spoofed-id" },
    });
    expect(clientAddress).toBe("127.0.0.2");
    expect(requestId).not.toBe("spoofed-id");
  });
});

describe("client address with TRUSTED_PROXIES unset (the default: no proxy is trusted)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info", SEED_DEMO: "false" } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  it("ignores X-Forwarded-For even from loopback and logs the socket address", async () => {
    for (const localAddress of ["127.0.0.1", "127.0.0.2"]) {
      const { clientAddress } = await loggedClientAddress(server, {
        localAddress,
        headers: { "x-forwarded-for": "203.0.113.7, 10.0.0.1" },
      });
      expect(clientAddress).toBe(localAddress);
    }
  });
});
