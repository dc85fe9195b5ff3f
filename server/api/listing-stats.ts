import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Executor } from "~/lib/db/client.server";
import {
  listingStats,
  MAX_STATS_DAYS,
  parseStatsRange,
  type StatsCounts,
} from "~/modules/analytics/listing-stats.server";
import type { ApiEnv } from "~/server/api/key-auth";
import { idParam, secured } from "~/server/api/listings/listing-schemas";
import { ApiProblem, problemResponses } from "~/server/api/problem";
import { everyKeyHolder } from "~/server/api/roles-extension";
import { validationHook } from "~/server/api/validation";

const countsSchema = {
  impressions: z
    .number()
    .int()
    .openapi({ description: "Times the card was shown in search results or an alert e-mail." }),
  views: z
    .number()
    .int()
    .openapi({ description: "Listing page views (automated clients, the landlord and staff left out)." }),
  unique_visitors: z.number().int().openapi({ description: "Distinct network addresses a day, summed over the days." }),
  favourites_added: z.number().int(),
  favourites_removed: z.number().int(),
  enquiries: z.number().int(),
  replies: z.number().int().openapi({ description: "The landlord's messages in the listing's enquiries." }),
  first_replies: z.number().int().openapi({ description: "Enquiries answered for the first time." }),
  mean_first_reply_hours: z.number().nullable().openapi({ description: "Their mean wait, in hours; null with none." }),
  lets: z.number().int(),
};

const statsSchema = z
  .object({
    listing_id: z.string().openapi({ format: "uuid" }),
    from: z.string().openapi({ format: "date" }),
    to: z.string().openapi({ format: "date" }),
    totals: z.object(countsSchema),
    days: z.array(z.object({ day: z.string().openapi({ format: "date" }), ...countsSchema })),
  })
  .openapi("ListingStats");

const date = z.string().max(10).optional().openapi({ format: "date", description: "A day in Melbourne, YYYY-MM-DD." });

export const statsRoute = createRoute({
  method: "get",
  path: "/listings/{id}/stats",
  summary: "Get a listing's analytics",
  description: `Daily figures of one listing from \`from\` to \`to\` (both included; default the last 30 days, at most ${MAX_STATS_DAYS} days). Landlords: their own listings only (any other answers 404). Staff and admins: any listing. Counted in memory and written at least every 10 seconds.`,
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam, query: z.object({ from: date, to: date }) },
  responses: {
    200: { description: "The listing's figures.", content: { "application/json": { schema: statsSchema } } },
    ...problemResponses(400, 401, 403, 404, 429),
  },
});

function toJson(counts: StatsCounts) {
  return {
    impressions: counts.impressions,
    views: counts.views,
    unique_visitors: counts.uniqueVisitors,
    favourites_added: counts.favouritesAdded,
    favourites_removed: counts.favouritesRemoved,
    enquiries: counts.enquiries,
    replies: counts.replies,
    first_replies: counts.firstReplies,
    mean_first_reply_hours: counts.replyHours,
    lets: counts.lets,
  };
}

/** GET /api/listings/{id}/stats: the dashboard's module function, over JSON. */
export function listingStatsRoutes(database: () => Executor, now: () => Date = () => new Date()) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  app.openapi(statsRoute, async (c) => {
    const range = parseStatsRange(c.req.valid("query"), now());
    if (!range)
      throw new ApiProblem(
        400,
        `from, to: give two dates (YYYY-MM-DD), from not after to, at most ${MAX_STATS_DAYS} days apart.`,
        [{ field: "from", message: "Give a date on or before to." }],
      );
    const result = await listingStats(database(), c.get("identity").viewer, {
      listingId: c.req.valid("param").id,
      range,
    });
    if (!result.ok) {
      if (result.reason === "not-found") throw new ApiProblem(404, "No listing of yours has this id.");
      throw new ApiProblem(403, "Your key may not read listing analytics.");
    }
    const { listing, totals, days } = result.value;
    return c.json(
      {
        listing_id: listing.id,
        from: range.from,
        to: range.to,
        totals: toJson(totals),
        days: days.map((day) => ({ day: day.day, ...toJson(day) })),
      },
      200,
    );
  });
  return app;
}
