import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { Executor } from "~/lib/db/client.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "~/lib/database-unavailable.server";
import type { Logger } from "~/lib/logger.server";
import type { Services } from "~/lib/services.server";
import { runInBackground } from "~/lib/background-tasks.server";
import { createRateLimits, type RateLimitStore } from "~/lib/rate-limit.server";
import { apiKeyAuth, type ApiEnv } from "~/server/api/key-auth";
import { blogRoutes } from "~/server/api/blog";
import { enquiryRoutes } from "~/server/api/enquiries";
import { listingRoutes } from "~/server/api/listings/listing-handlers";
import { listingPhotoRoutes } from "~/server/api/listings/listing-photo-routes";
import { listingStatsRoutes } from "~/server/api/listing-stats";
import { ApiProblem, problemResponse } from "~/server/api/problem";
import { referencePage, scalarBundle } from "~/server/api/reference";
import { validationHook } from "~/server/api/validation";

export interface ApiOptions {
  database: () => Executor;
  /**
   * What handlers pass on besides the database: which photo addresses are uploads, the site for
   * e-mails, the maps adapter that places listings, the places a location search is around, and the
   * listing analytics counter (replies are counted).
   */
  services: Pick<Services, "storage" | "site" | "maps" | "places"> & Partial<Pick<Services, "analytics">>;
  logger: Pick<Logger, "error">;
  /** Production rules (`env().PRODUCTION`): staff and admin keys work only while their owner has two-factor on. */
  production: boolean;
  /** Requests per key per window; all of one owner's keys together get `OWNER_BUDGET_IN_KEYS` times that. */
  rateLimit: { limit: number; windowSeconds: number };
  /** The rate-limit store (default: the configured one, Redis when REDIS_URL is set). */
  rateLimitStore?: RateLimitStore;
  /** The site's public origin for the document's server URL (PUBLIC_URL); else the request's own. */
  publicOrigin?: string;
}

export const API_INFO = {
  title: "Laneway Rooms API",
  version: "1.0.0",
  description:
    "Manage listings and blog posts, and read and reply to your enquiries, with an API key. Include your API key in the Authorization header of your requests as a Bearer token. Errors are RFC 9457 problem details.",
};

/**
 * How many keys' worth of requests one owner's keys share: two integrations can each run at a
 * key's full rate, while ten keys get no more than two.
 */
export const OWNER_BUDGET_IN_KEYS = 2;

/** Builds the OpenAPI document from the route definitions (the reference page and the keys screen read it). */
export function apiDocument(api: OpenAPIHono<ApiEnv>, origin: string) {
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: API_INFO,
    servers: [{ url: origin }],
  });
}

/** The REST API under /api: key-authenticated JSON over the same module functions the pages use. */
export function createApi(options: ApiOptions) {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).basePath("/api");
  api.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → API Keys, e.g. `lr_live_…`.",
  });

  const { limit, windowSeconds } = options.rateLimit;
  const perOwner = limit * OWNER_BUDGET_IN_KEYS;
  const windowMs = windowSeconds * 1000;
  const keyAuth = apiKeyAuth({
    database: options.database,
    production: options.production,
    rateLimits: {
      limits: createRateLimits(
        [
          { name: "api-key", limit, windowMs },
          { name: "api-owner", limit: perOwner, windowMs },
        ],
        options.rateLimitStore,
      ),
      perKey: limit,
      perOwner,
      windowSeconds,
    },
    touch: (write) => runInBackground("api key last used", write, options.logger),
  });
  // "/listings/*" also matches "/listings" itself.
  for (const path of ["/listings/*", "/blog/*", "/enquiries/*"]) api.use(path, keyAuth);

  api.route("/", listingRoutes(options.database, options.services));
  api.route("/", listingPhotoRoutes(options.database, options.services));
  api.route("/", listingStatsRoutes(options.database));
  api.route("/", blogRoutes(options.database, options.services));
  api.route("/", enquiryRoutes(options.database, options.services));

  // Behind a proxy the request's own origin is internal: the configured public one is what clients use.
  api.get("/openapi.json", (c) => c.json(apiDocument(api, options.publicOrigin ?? new URL(c.req.url).origin)));
  api.get("/docs", (c) => c.html(referencePage(c.get("requestInfo")?.nonce ?? "")));
  api.get("/docs/scalar.js", async (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(new Uint8Array(await scalarBundle()));
  });

  api.onError((error, c) => {
    if (error instanceof ApiProblem) return error.toResponse();
    if (error instanceof HTTPException && error.status < 500) return problemResponse(error.status, error.message);
    if (isDatabaseUnavailable(error)) {
      options.logger.error({ err: error, path: c.req.path }, "API request failed: database unavailable");
      return problemResponse(503, "The service is briefly unavailable. Please try again shortly.", {
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    }
    options.logger.error({ err: error, path: c.req.path }, "API request failed");
    return problemResponse(500, "Something went wrong on our side. Please try again.");
  });
  return api;
}

export type Api = ReturnType<typeof createApi>;
