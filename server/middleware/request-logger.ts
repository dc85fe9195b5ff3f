import type { IncomingMessage } from "node:http";
import { createMiddleware } from "hono/factory";
import type { Logger } from "~/lib/logger.server";
import type { AppEnv } from "~/server/middleware/request-context";

const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

/** nginx's "client closed request": the client left before the answer, so nobody received one. */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * Whether the client closed the connection before the answer was written. The request's signal
 * says so once the server library has noticed; the socket says so as soon as it is closed (the
 * signal can lag a tick behind a body read that the close has already failed).
 */
function clientClosed(request: Request, bindings: unknown): boolean {
  const incoming = (bindings as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.destroyed === true || request.signal.aborted;
}

/**
 * One log line per request, with its id, client address, status and duration. A request whose
 * client went away first (an upload abandoned when its form was left) is logged as 499 at info level:
 * whatever the handler made of the cut-off request (React Router answers an aborted one with 500)
 * reached nobody, and nothing failed on the server.
 */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    let failure: unknown;
    try {
      await next();
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      const { requestId, clientAddress } = c.get("requestInfo");
      const abandoned = clientClosed(c.req.raw, c.env);
      const status = abandoned ? CLIENT_CLOSED_STATUS : failure ? 500 : c.res.status;
      const line = {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        clientAddress,
        ...(failure && !abandoned ? { err: failure } : {}),
      };
      if (abandoned) logger.info(line, "request abandoned by the client");
      else if (status >= 500) logger.error(line, "request failed");
      else if (!QUIET_PATHS.has(c.req.path)) logger.info(line, "request");
    }
  });
}
