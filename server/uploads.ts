import { mkdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { localUploadsDir } from "~/lib/adapters/storage/index.server";
import { LOCAL_UPLOADS_PATH } from "~/lib/adapters/storage/local-storage.server";
import type { AppEnv } from "~/server/middleware/request-context";

/**
 * Serves files the local storage adapter wrote (DATA_DIR/uploads) at /uploads/*. Every upload gets
 * a fresh random name and is never rewritten, so browsers may keep it for a year. A miss is a
 * plain 404, not a rendered page.
 */
export function serveUploads(app: Hono<AppEnv>, dataDir: string): void {
  const root = localUploadsDir(dataDir);
  mkdirSync(root, { recursive: true });
  app.use(`${LOCAL_UPLOADS_PATH}/*`, async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.get(
    `${LOCAL_UPLOADS_PATH}/*`,
    serveStatic({ root, rewriteRequestPath: (requestPath) => requestPath.slice(LOCAL_UPLOADS_PATH.length) }),
    (c) => c.text("Not Found", 404),
  );
}
