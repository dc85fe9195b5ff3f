import { randomFillSync, randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { RequestInfo } from "~/lib/request-context";
import { isTrustedProxy, parseTrustedProxies, resolveClientAddress } from "~/lib/trusted-proxies";

export type AppEnv = { Variables: { requestInfo: RequestInfo } };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const NONCE_BYTES = 16;
/**
 * Random bytes for 256 nonces, drawn from the system's source at once and refilled when used up:
 * drawing 16 bytes costs about as much as drawing 4 KiB (Node makes random UUIDs the same way).
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncesUsed = noncePool.length;

/** A CSP nonce: 16 random bytes, base64, never handed out twice. */
function nextNonce(): string {
  if (noncesUsed === noncePool.length) {
    randomFillSync(noncePool);
    noncesUsed = 0;
  }
  noncesUsed += NONCE_BYTES;
  return noncePool.toString("base64", noncesUsed - NONCE_BYTES, noncesUsed);
}

/** Establishes the request id, the client address and the CSP nonce for every request. */
export function requestContext(trustedProxies: string) {
  const trusted = parseTrustedProxies(trustedProxies);
  return createMiddleware<AppEnv>(async (c, next) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined;
    }
    const clientAddress = resolveClientAddress(socketAddress, c.req.header("x-forwarded-for"), trusted);
    // A request id from a trusted proxy is kept so log lines join up across hops.
    const incomingId = c.req.header("x-request-id");
    const fromTrustedProxy = isTrustedProxy(trusted, socketAddress);
    const requestId = fromTrustedProxy && incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    c.set("requestInfo", { requestId, clientAddress, nonce: nextNonce() });
    await next();
    // Set after the handler (a Response returned as is, React Router's, drops headers set before it),
    // on the response itself: Hono's c.header() would rebuild it around a body stream, losing the
    // server library's one-write path for a text body.
    c.res.headers.set("X-Request-Id", requestId);
  });
}
