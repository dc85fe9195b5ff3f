import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { flagMessage, PHOTO_REVIEW, reasonText } from "~/app/content/photo-review";
import { PHOTO_ROOMS } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { applySuggestedPhotoOrder, photoReviewFor, type PhotoReview } from "~/modules/listings/photo-review.server";
import { apiAuditMeta } from "~/server/api/audit-meta";
import type { ApiEnv } from "~/server/api/key-auth";
import { listingProblem } from "~/server/api/listings/listing-problems";
import { idParam, secured } from "~/server/api/listings/listing-schemas";
import { problemResponses } from "~/server/api/problem";
import { everyKeyHolder } from "~/server/api/roles-extension";
import { validationHook } from "~/server/api/validation";

/** /api/listings/{id}/photo-review: the photos page's suggestion and "Use suggested order", over JSON. */

const photoReviewSchema = z
  .object({
    photos: z
      .array(
        z.object({
          url: z.string(),
          position: z.number().int().openapi({ description: "Its place now, from 1." }),
          room: z.enum(PHOTO_ROOMS).optional().openapi({ description: "With a vision model configured." }),
          reason: z.string().openapi({ example: "Sharp, well lit and not a repeat: no problem found." }),
          flags: z.array(
            z.object({
              code: z.enum(["too-small", "blurred", "dark", "duplicate"]),
              message: z.string(),
            }),
          ),
        }),
      )
      .openapi({ description: "Every photo in the suggested order; the first is the suggested cover." }),
    changed: z.boolean().openapi({ description: "Whether the suggestion differs from the current order." }),
  })
  .openapi("PhotoReview");

const reviewRoute = createRoute({
  method: "get",
  path: "/listings/{id}/photo-review",
  summary: "Suggested photo order",
  description:
    "Each photo's problems (too small, blurred, very dark, a repeat) and the suggested cover and order, from the scores taken at upload. Landlords: their own listings only.",
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam },
  responses: {
    200: { description: "The suggestion.", content: { "application/json": { schema: photoReviewSchema } } },
    ...problemResponses(401, 403, 404, 429),
  },
});

const applyRoute = createRoute({
  method: "post",
  path: "/listings/{id}/photo-review",
  summary: "Use the suggested photo order",
  description:
    "Send the order GET returned (`order`, the photos' URLs). If the photos changed since, nothing changes and the answer is 412.",
  security: secured,
  ...everyKeyHolder,
  request: {
    params: idParam,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.strictObject({ order: z.array(z.string().max(2_000)).max(100) }) },
      },
    },
  },
  responses: {
    200: {
      description: "Applied; the new suggestion.",
      content: { "application/json": { schema: photoReviewSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 412, 429),
  },
});

function toJson({ suggestion, photos }: PhotoReview): z.infer<typeof photoReviewSchema> {
  const byUrl = new Map(photos.map((photo) => [photo.url, photo]));
  return {
    photos: suggestion.photos.map((reviewed) => ({
      url: reviewed.url,
      position: reviewed.position,
      ...(reviewed.room ? { room: reviewed.room } : {}),
      reason: reasonText(reviewed.reason),
      flags: reviewed.flags.map((code) => ({
        code,
        message: flagMessage(code, { ...byUrl.get(reviewed.url), duplicateOf: reviewed.duplicateOf }),
      })),
    })),
    changed: suggestion.changed,
  };
}

export function listingPhotoRoutes(database: () => Executor, services: Pick<Services, "storage">) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  app.openapi(reviewRoute, async (c) => {
    const result = await photoReviewFor(database(), c.get("identity").viewer, c.req.valid("param").id, services);
    if (!result.ok) throw listingProblem(result.reason === "forbidden" ? "forbidden" : "not-found");
    return c.json(toJson(result.value), 200);
  });

  app.openapi(applyRoute, async (c) => {
    const { viewer } = c.get("identity");
    const { id } = c.req.valid("param");
    const applied = await applySuggestedPhotoOrder(database(), viewer, id, {
      shown: c.req.valid("json").order,
      storage: services.storage,
      meta: apiAuditMeta(c),
    });
    if (!applied.ok) {
      if (applied.reason === "stale") throw listingProblem("stale", PHOTO_REVIEW.stale);
      throw listingProblem(applied.reason === "forbidden" ? "forbidden" : "not-found");
    }
    const result = await photoReviewFor(database(), viewer, id, services);
    if (!result.ok) throw listingProblem("not-found");
    return c.json(toJson(result.value), 200);
  });

  return app;
}
