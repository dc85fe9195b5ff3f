import { randomBytes, randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { RequestInfo } from "~/lib/request-context";
import { isTrustedProxy, parseTrustedProxies, resolveClientAddress } from "~/lib/trusted-proxies";

export type AppEnv = { Variables: { requestInfo: RequestInfo } };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
    c.set("requestInfo", { requestId, clientAddress, nonce: randomBytes(16).toString("base64") });
    await next();
    // Set after the handler: a Response returned as is (React Router's) drops headers set before it.
    // On the response itself: c.header would copy the whole response first.
    c.res.headers.set("X-Request-Id", requestId);
  });
}
