import type { Server } from "node:http";
import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { startMailDelivery } from "~/lib/adapters/mail/mailer.server";
import { settleBackgroundTasks } from "~/lib/background-tasks.server";
import { closeDatabase, databaseHandle, db } from "~/lib/db/index.server";
import { envOrExit } from "~/lib/env.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import {
  apiDocumentContext,
  databaseContext,
  replicaDatabaseContext,
  requestInfoContext,
  servicesContext,
  type ApiDocument,
} from "~/lib/request-context";
import { authContext } from "~/app/http/auth-context";
import { createAuth } from "~/modules/auth/auth.server";
import { startContactForwarder } from "~/modules/contact/forward-pending.server";
import { startPhotoSweeper } from "~/modules/media/photo-uploads.server";
import { DOCUMENT_ERRORS, MAX_DOCUMENT_REQUEST_BYTES } from "~/modules/renter-profiles/renter-profile-input";
import { startRenterDocumentRetention } from "~/modules/renter-profiles/renter-documents.server";
import { startBillingTasks } from "~/modules/billing/billing-tasks.server";
import { startListingFreshness } from "~/modules/listings/freshness.server";
import { startSavedSearchAlerts } from "~/modules/saved-searches/alerts.server";
import { startAnalyticsFlush } from "~/modules/analytics/flush-task.server";
import { mapImageOrigins } from "~/modules/places/map-tiles.server";
import { healthRoutes } from "~/server/health";
import { handleShutdown, settleWithin } from "~/server/graceful-shutdown";
import { compression } from "~/server/middleware/compression";
import { requestContext, type AppEnv } from "~/server/middleware/request-context";
import { requestLogger } from "~/server/middleware/request-logger";
import { securityHeaders } from "~/server/middleware/security-headers";
import { serveUploads } from "~/server/uploads";
import { sameOrigin } from "~/server/middleware/same-origin";
import { POST_IMAGE_UPLOAD_PATH } from "~/modules/blog/post-image-upload";
import { bodyLimit, bodyLimitsByPath, DEFAULT_BODY_LIMIT } from "~/server/middleware/body-limit";
import { privateResponses } from "~/server/middleware/private-responses";
import { pagesFirst } from "~/server/middleware/pages-first";
import { formBodies } from "~/server/middleware/form-body";
import { nulBytes } from "~/server/middleware/nul-bytes";
import { AVATAR_ERRORS, MAX_AVATAR_REQUEST_BYTES } from "~/modules/media/avatar-limits";
import { CONTACT_TOO_LARGE } from "~/modules/contact/contact-schema";
import { DESCRIPTION_TOO_LONG } from "~/modules/listings/enhance-description.server";
import {
  LISTING_PHOTO_ERRORS,
  LISTING_PHOTO_UPLOAD_PATH,
  MAX_LISTING_PHOTO_REQUEST_BYTES,
} from "~/modules/media/listing-photo-upload";
import { authRoutes } from "~/server/auth-routes";
import { MAX_WEBHOOK_BYTES, PAYMENT_WEBHOOK_PATH, paymentWebhookRoutes } from "~/server/payment-webhooks";
import { IDENTITY_WEBHOOK_PATH, identityWebhookRoutes } from "~/server/identity-webhooks";
import { apiDocument, createApi } from "~/server/api/app";
import { API_BODY_LIMIT, isApiPath } from "~/server/api/limits";
import { startIdempotencySweeper } from "~/server/api/idempotency";
import { oauthFormActionOrigins } from "~/modules/auth/auth-config.server";
import { createServices } from "~/server/services";

/** A file named by a hash of its content, e.g. `room-01-800.3f9a1c2b7d.webp`. */
const CONTENT_HASHED_FILE = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

const config = envOrExit();
const { logger } = await import("~/lib/logger.server");
// Running under Vite's dev server (`npm run dev`): HMR needs looser CSP, and Vite owns shutdown.
const viteDevServer = import.meta.env.DEV;
let draining = false;

if (!config.PRODUCTION) {
  logger.warn(
    { host: config.HOST, seedDemo: config.SEED_DEMO },
    `DEMO MODE (NODE_ENV is not production): demo accounts with known passwords${config.SEED_DEMO ? " are seeded" : " may exist"}, ` +
      `development pages (/dev/mail shows every sign-in link and code) answer loopback clients, ` +
      `listening on ${config.HOST}. Never expose this to a network; set NODE_ENV=production to deploy.`,
  );
}

// Demo data is seeded before the server starts (scripts/db-seed.ts --on-start), never by the server.
await migrateDatabase(databaseHandle());
const database = db();
// Every adapter, opened once; routes and tasks pass them to the module functions that need them.
const services = createServices(config, database);
// Public reads for signed-out visitors: the read replica when DATABASE_REPLICA_URL is set.
const publicReadDatabase = databaseHandle().publicReadDb;
// One auth library per process, on the same database the routes get.
const authLibrary = createAuth(database, config);
// Retries contact messages the forms provider has not accepted yet (stopped before the database closes).
const stopContactForwarder = startContactForwarder(database, { intervalMs: 60_000, logger, adapter: services.forms });
// Delivers queued e-mail: woken by every new message, and every 30 s for retries.
const mailDelivery = await startMailDelivery({
  intervalMs: 30_000,
  listen: (channel, onNotify) => databaseHandle().listen(channel, onNotify),
  database: () => database,
  logger,
});
// Deletes listing photos no listing uses once they are a day old.
const stopPhotoSweeper = startPhotoSweeper(database, { intervalMs: 60 * 60_000, logger, storage: services.storage });
// Deletes renters' proof documents 12 months after upload.
const stopDocumentRetention = startRenterDocumentRetention(services, { intervalMs: 60 * 60_000, logger });
// Re-reads subscriptions not synced for a day (a lost webhook is made good) and sends trial reminders.
const stopBillingTasks = startBillingTasks(() => services, { intervalMs: 60 * 60_000, logger });
// Saved-search alerts: "instant" searches hear on every run, "daily" ones once a day.
const savedSearchAlerts = startSavedSearchAlerts(() => services, { intervalMs: 5 * 60_000, logger });
// Asks landlords every 14 days whether their rooms are still available; pauses those unconfirmed for 30.
const listingFreshness = startListingFreshness(() => services, { intervalMs: 60 * 60_000, logger });
// Writes the listing analytics counted in memory (ADR 100); once more at shutdown.
const analyticsFlush = startAnalyticsFlush(() => services, { intervalMs: config.ANALYTICS_FLUSH_INTERVAL_MS, logger });
// Forgets API create answers kept for Idempotency-Key retries once they are a day old.
const stopIdempotencySweeper = startIdempotencySweeper(database, { intervalMs: 60 * 60_000, logger });

// The REST API, and its OpenAPI document for the keys screen's Documentation tab.
/** How long an idle keep-alive connection stays open (see onServe). */
const KEEP_ALIVE_IDLE_MS = 65_000;

const api = createApi({
  database: () => database,
  services,
  logger,
  production: config.PRODUCTION,
  rateLimit: { limit: config.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
  publicOrigin: config.PUBLIC_URL,
});
const apiReference = apiDocument(api, config.PUBLIC_URL) as ApiDocument;

/** What every page's loaders, actions and middleware can reach. */
function loadContext(c: Context<AppEnv>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, c.get("requestInfo"));
  context.set(databaseContext, database);
  context.set(servicesContext, services);
  context.set(replicaDatabaseContext, publicReadDatabase);
  context.set(authContext, authLibrary);
  context.set(apiDocumentContext, apiReference);
  return context;
}

// createHonoServer makes React Router's request handler afresh for every request, and each new
// handler ranks every route again before it can match one (about half a millisecond of CPU per
// page). In production the build never changes, so one handler made at start answers every page;
// under the dev server the library's own handler stays, as it picks up edited routes.
const pageHandler = viteDevServer
  ? undefined
  : createRequestHandler(
      (await import("virtual:react-router/server-build")) as ServerBuild,
      process.env.NODE_ENV === "development" ? "development" : "production",
    );

/** The build's directory, as the server library serves its client files from it. */
const BUILD_DIRECTORY: string = import.meta.env.REACT_ROUTER_HONO_SERVER_BUILD_DIRECTORY;

function answerPage(c: Context<AppEnv>): Promise<Response> {
  return pageHandler!(c.req.raw, loadContext(c));
}

export default await createHonoServer<AppEnv>({
  port: config.PORT,
  hostname: config.HOST,
  defaultLogger: false,
  // Build files go out as the Brotli or gzip copies the build wrote beside them (ADR 78).
  serveStaticOptions: { clientAssets: { precompressed: true } },
  beforeAll(app) {
    app.use(requestContext(config.TRUSTED_PROXIES));
    app.use(requestLogger(logger));
    app.use(
      securityHeaders({
        viteDevServer,
        https: config.PUBLIC_URL.startsWith("https:"),
        // Map tiles are images from the tile server.
        imageOrigins: [...mapImageOrigins(config.MAP_TILE_URL), ...services.storage.imageOrigins],
        // "Continue with …" posts to /auth, which redirects to the identity provider.
        formActionOrigins: oauthFormActionOrigins(config),
      }),
    );
    app.use(privateResponses());
    app.use(compression());
    // The REST API authenticates by Bearer key only (never cookies), so a cross-site request carries no authority there.
    app.use(sameOrigin(config.PUBLIC_URL, { exempt: isApiPath }));
    app.use(
      bodyLimit(
        bodyLimitsByPath({
          [LISTING_PHOTO_UPLOAD_PATH]: {
            maxBytes: MAX_LISTING_PHOTO_REQUEST_BYTES,
            message: LISTING_PHOTO_ERRORS.tooLarge,
            json: true,
          },
          [POST_IMAGE_UPLOAD_PATH]: {
            maxBytes: MAX_LISTING_PHOTO_REQUEST_BYTES,
            message: LISTING_PHOTO_ERRORS.tooLarge,
            json: true,
          },
          "/settings/profile": { maxBytes: MAX_AVATAR_REQUEST_BYTES, message: AVATAR_ERRORS.tooLarge },
          "/contact": { maxBytes: 100 * 1024, message: CONTACT_TOO_LARGE },
          "/settings/renter-profile": { maxBytes: MAX_DOCUMENT_REQUEST_BYTES, message: DOCUMENT_ERRORS.tooLarge },
          [PAYMENT_WEBHOOK_PATH]: { maxBytes: MAX_WEBHOOK_BYTES, message: "Event too large", json: true },
          [IDENTITY_WEBHOOK_PATH]: { maxBytes: MAX_WEBHOOK_BYTES, message: "Event too large", json: true },
          "/list-property/enhance": { maxBytes: 128 * 1024, message: DESCRIPTION_TOO_LONG, json: true },
          // Up to 10,000 characters of description, URL-encoded, plus the photo list.
          "/list-property": { maxBytes: 512 * 1024, message: DEFAULT_BODY_LIMIT.message },
        }),
        // API bodies (JSON listings and posts) get their own cap and a problem-details answer.
        { prefix: isApiPath, limit: API_BODY_LIMIT },
      ),
    );
    // PostgreSQL cannot hold U+0000: a NUL in the path, query or a JSON body is refused (400) here,
    // in a form's fields by formBodies (after the size cap, before any route).
    app.use(
      nulBytes({ api: isApiPath, exempt: (path) => path === PAYMENT_WEBHOOK_PATH || path === IDENTITY_WEBHOOK_PATH }),
    );
    // Page actions read forms: anything else is refused before it reaches one (after the size cap).
    app.use(
      formBodies({
        exempt: (path) => path.startsWith("/api/"),
        jsonPaths: ["/list-property/enhance"],
      }),
    );
    // Build output under /assets is content-hashed, so it can be cached forever. (serveStatic's
    // onFound runs after the response is built, so a header set there is lost; set it here instead.)
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // Bundled images (demo photos, placeholders, partner logos) change only with a release; those
    // named by their content (`room-01-800.3f9a1c2b7d.webp`) never change, so they are kept a year.
    for (const path of ["/demo/*", "/images/*"]) {
      app.use(path, async (c, next) => {
        await next();
        if (!c.res.ok) return;
        const named = CONTENT_HASHED_FILE.test(c.req.path);
        c.header("Cache-Control", named ? "public, max-age=31536000, immutable" : "public, max-age=604800");
      });
    }
    // Avatars and photos the local storage adapter wrote (unused when S3 is configured).
    serveUploads(app, config.DATA_DIR);
    app.route("/", healthRoutes({ database: databaseHandle, draining: () => draining }));
    app.route("/", authRoutes(authLibrary));
    // Server-to-server: no browser Origin, so the same-origin check lets it through; the signature is its guard.
    app.route("/", paymentWebhookRoutes(services));
    app.route("/", identityWebhookRoutes(services));
    app.route("/", api);
    // Pages need no look on disk for a static file of their name (the library's next step).
    if (pageHandler) app.use(pagesFirst(`${BUILD_DIRECTORY}/client`, answerPage));
  },
  configure(app) {
    // Runs after the static files; answers every remaining request, so the library's handler is not reached.
    if (pageHandler) app.use(answerPage);
  },
  getLoadContext: loadContext,
  listeningListener(info) {
    logger.info(
      {
        port: info.port,
        url: config.PUBLIC_URL,
        database: databaseHandle().kind,
        readReplica: config.DATABASE_REPLICA_URL !== undefined,
      },
      "server listening",
    );
    // A person started this demo: one plain line with the address to open. It is PUBLIC_URL (by
    // default http://localhost:PORT), the origin every e-mail link points at, so following a
    // confirmation link keeps them signed in. Production logs stay JSON only.
    if (!config.PRODUCTION) {
      const accounts = config.SEED_DEMO ? " — demo accounts in README" : "";
      console.log(`${config.SITE_NAME} is running at ${config.PUBLIC_URL}${accounts}`);
    }
  },
  onServe(server) {
    // Node closes an idle connection after 5 s; a client reusing it at that instant has its request
    // reset. Longer than the 60 s clients and proxies keep idle connections, the server is not the
    // side that closes them.
    const http = server as Server;
    http.keepAliveTimeout = KEEP_ALIVE_IDLE_MS;
    http.headersTimeout = KEEP_ALIVE_IDLE_MS + 1_000;
    if (viteDevServer) return;
    handleShutdown(http, {
      logger,
      // Behind a load balancer with health checks on /readyz: keep serving until it has stopped
      // sending new connections here (docs/operations.md, ADR 66).
      drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
      cleanup: async () => {
        const stopWork = async () => {
          await settleBackgroundTasks();
          await savedSearchAlerts.stop();
          await listingFreshness.stop();
          await mailDelivery.stop();
          await stopContactForwarder();
          await stopPhotoSweeper();
          await stopDocumentRetention();
          await stopBillingTasks();
          await stopIdempotencySweeper();
          await analyticsFlush.stop();
        };
        await settleWithin(stopWork(), 4_000, logger);
        await settleWithin(closeDatabase(), 2_000, logger, "closing the database");
      },
      onStart: () => {
        draining = true;
      },
    });
  },
});
