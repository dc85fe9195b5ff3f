import { createMiddleware } from "hono/factory";
import type { Logger } from "~/lib/logger.server";
import type { AppEnv } from "~/server/middleware/request-context";

const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

/** One log line per request, with its id, client address, status and duration. */
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
      const status = failure ? 500 : c.res.status;
      const line = {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        clientAddress,
        ...(failure ? { err: failure } : {}),
      };
      if (status >= 500) logger.error(line, "request failed");
      else if (!QUIET_PATHS.has(c.req.path)) logger.info(line, "request");
    }
  });
}
