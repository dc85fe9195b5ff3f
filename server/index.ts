import type { Server } from "node:http";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { env, EnvError } from "~/lib/env.server";
import { requestInfoContext } from "~/lib/request-context";
import { prepareDatabase } from "~/db/prepare.server";
import { startContactForwarder } from "~/modules/contact/forward-pending.server";
import { mapImageOrigins } from "~/modules/places/map-tiles.server";
import { healthRoutes } from "~/server/health";
import { handleShutdown } from "~/server/graceful-shutdown";
import { compression } from "~/server/middleware/compression";
import { requestContext, type AppEnv } from "~/server/middleware/request-context";
import { requestLogger } from "~/server/middleware/request-logger";
import { securityHeaders } from "~/server/middleware/security-headers";
import { serveUploads } from "~/server/uploads";
import { sameOrigin } from "~/server/middleware/same-origin";
import { authRoutes } from "~/server/auth-routes";
import { oauthFormActionOrigins } from "~/modules/auth/auth-config.server";
import { storageImageOrigins } from "~/lib/adapters/storage/index.server";

function loadConfig() {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const { logger } = await import("~/lib/logger.server");
const production = import.meta.env.PROD;
let draining = false;

await prepareDatabase(databaseHandle(), { seedDemo: config.SEED_DEMO, logger });
// Retries contact messages the forms provider has not accepted yet (stopped before the database closes).
const stopContactForwarder = startContactForwarder({ intervalMs: 60_000, logger });

export default await createHonoServer<AppEnv>({
  port: config.PORT,
  hostname: config.HOST,
  defaultLogger: false,
  beforeAll(app) {
    app.use(requestContext(config.TRUSTED_PROXIES));
    app.use(requestLogger(logger));
    app.use(
      securityHeaders({
        production,
        https: config.PUBLIC_URL.startsWith("https:"),
        // Map tiles are images from the tile server.
        imageOrigins: [...mapImageOrigins(), ...storageImageOrigins(config)],
        // "Continue with …" posts to /auth, which redirects to the identity provider.
        formActionOrigins: oauthFormActionOrigins(config),
      }),
    );
    app.use(compression());
    app.use(sameOrigin(config.PUBLIC_URL));
    // Build output under /assets is content-hashed, so it can be cached forever. (serveStatic's
    // onFound runs after the response is built, so a header set there is lost; set it here instead.)
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // Bundled images (demo photos, placeholders, partner logos) change only with a release.
    for (const path of ["/demo/*", "/images/*"]) {
      app.use(path, async (c, next) => {
        await next();
        if (c.res.ok) c.header("Cache-Control", "public, max-age=604800");
      });
    }
    // Avatars and photos the local storage adapter wrote (unused when S3 is configured).
    serveUploads(app, config.DATA_DIR);
    app.route("/", healthRoutes({ database: databaseHandle, draining: () => draining }));
    app.route("/", authRoutes());
  },
  getLoadContext(c) {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, c.get("requestInfo"));
    return context;
  },
  listeningListener(info) {
    logger.info({ port: info.port, url: config.PUBLIC_URL, database: databaseHandle().kind }, "server listening");
  },
  onServe(server) {
    if (!production) return;
    handleShutdown(server as Server, {
      logger,
      cleanup: async () => {
        await stopContactForwarder();
        await closeDatabase();
      },
      onStart: () => {
        draining = true;
      },
    });
  },
});
