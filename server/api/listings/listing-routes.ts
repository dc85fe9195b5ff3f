import { createRoute, z } from "@hono/zod-openapi";
import { BILL_KINDS, LEASE_MONTHS, ROOM_TYPES } from "~/modules/listings/listing-facts";
import { DEFAULT_RADIUS_KM, MAX_BOX_KM, RADIUS_KM_OPTIONS } from "~/modules/listings/location-filter";
import { idempotencyKeyHeader } from "~/server/api/idempotency";
import {
  etagHeader,
  idParam,
  listedListingSchema,
  listingCreateSchema,
  listingSchema,
  listingUpdateSchema,
  secured,
} from "~/server/api/listings/listing-schemas";
import { problemResponses } from "~/server/api/problem";
import { everyKeyHolder, staffAndAdmin } from "~/server/api/roles-extension";

/** The OpenAPI declarations of /api/listings: paths, inputs, answers and who may call each. */
export const listRoute = createRoute({
  method: "get",
  path: "/listings",
  summary: "List listings",
  description: `Landlords: their own listings. Staff and admins: every listing. Newest first (or nearest first with \`sort=distance\`), one page at a time. \`near\` keeps the listings in a suburb or postcode, or within \`radius_km\` of a named place or a point; \`bbox\` keeps those inside a box; both together narrow each other. A place we cannot find, coordinates that are not numbers or out of range, a place, point or box outside Australia, a reversed box, a box over ${MAX_BOX_KM} km across, a radius that is not a positive number, or \`sort=distance\` without \`near\` answers 400 with the reason in \`detail\` and the parameter in \`errors\`. A search that runs too long is stopped: 503 with Retry-After.`,
  security: secured,
  ...everyKeyHolder,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "Page size (1–100)." }),
      cursor: z.string().max(200).optional().openapi({ description: "next_cursor from the previous page." }),
      title: z.string().max(200).optional().openapi({ description: "Title contains (case-insensitive)." }),
      keyword: z.string().max(200).optional().openapi({ description: "Description contains (case-insensitive)." }),
      availableFrom: z.string().optional().openapi({ format: "date", description: "Available on or after." }),
      minPrice: z.coerce.number().int().min(0).optional().openapi({ description: "Weekly rent at least (AUD)." }),
      maxPrice: z.coerce.number().int().min(0).optional().openapi({ description: "Weekly rent at most (AUD)." }),
      moveIn: z
        .string()
        .optional()
        .openapi({ format: "date", description: "Available on or before this move-in date." }),
      stay: z.coerce
        .number()
        .int()
        .min(LEASE_MONTHS.min)
        .max(LEASE_MONTHS.max)
        .optional()
        .openapi({ description: "Stay length in months: the lease range contains it." }),
      bills: z
        .string()
        .regex(new RegExp(`^(${BILL_KINDS.join("|")})(,(${BILL_KINDS.join("|")}))*$`))
        .optional()
        .openapi({ description: "Comma-separated bills that must all be included.", example: "internet,power" }),
      roomType: z.enum(ROOM_TYPES).optional().openapi({ description: "Room type." }),
      maxAllIn: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .openapi({ description: "Rent plus estimated bills at most (AUD a week)." }),
      // Location: checked by the location filter (location-filter.ts), which answers each refusal in its own words.
      near: z
        .string()
        .max(200)
        .optional()
        .openapi({
          description:
            'Where: a place id from the site\'s suggestions ("rmit-city", "royal-melbourne-hospital", "carlton-3053"), a suburb or postcode ("Carlton", "3053"), a place\'s name ("RMIT City"), or a point "lat,lng" in Australia. A suburb or postcode keeps the listings in it; a named place or a point keeps those within `radius_km` of it.',
          examples: ["rmit-city", "3053", "-37.8136,144.9631"],
        }),
      radius_km: z
        .string()
        .max(20)
        .optional()
        .openapi({
          type: "number",
          exclusiveMinimum: 0,
          default: DEFAULT_RADIUS_KM,
          description: `Kilometres around a named place or point in \`near\`: ${RADIUS_KM_OPTIONS.join(", ")}. Other positive distances are clamped up to the next of these, at most ${RADIUS_KM_OPTIONS.at(-1)}; ignored for a suburb or postcode.`,
          example: 5,
        }),
      bbox: z
        .string()
        .max(200)
        .optional()
        .openapi({
          description: `A box "south,west,north,east" in degrees (WGS84), inside Australia and at most ${MAX_BOX_KM} km across; edges included.`,
          pattern: String.raw`^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$`,
          example: "-37.83,144.93,-37.79,144.99",
        }),
      sort: z.enum(["newest", "distance"]).default("newest").openapi({
        description:
          "newest: newest first. distance: nearest to `near` first (needs `near`), listings without coordinates last; ties by id.",
      }),
    }),
  },
  responses: {
    200: {
      description: "One page of listings.",
      content: {
        "application/json": {
          schema: z
            .object({ data: z.array(listedListingSchema), has_more: z.boolean(), next_cursor: z.string().nullable() })
            .openapi("ListingPage"),
        },
      },
    },
    ...problemResponses(400, 401, 403, 429, 503),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/listings/{id}",
  summary: "Get a listing",
  description: "Landlords: their own listings only. Staff and admins: any listing.",
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam },
  responses: {
    200: {
      description: "The listing.",
      headers: etagHeader,
      content: { "application/json": { schema: listingSchema } },
    },
    ...problemResponses(401, 403, 404, 429),
  },
});

export const createListingRoute = createRoute({
  method: "post",
  path: "/listings",
  summary: "Create a listing",
  description: "Staff and admins. Send an Idempotency-Key header so a retried request never creates a second listing.",
  security: secured,
  ...staffAndAdmin,
  request: {
    headers: idempotencyKeyHeader("Any unique string per create."),
    body: { required: true, content: { "application/json": { schema: listingCreateSchema } } },
  },
  responses: {
    201: {
      description: "The new listing.",
      headers: etagHeader,
      content: { "application/json": { schema: listingSchema } },
    },
    ...problemResponses(400, 401, 403, 409, 422, 429),
  },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/listings/{id}",
  summary: "Update a listing",
  description:
    "Changes the fields sent. Send If-Match with the ETag you read: a listing changed since then answers 412 instead of being overwritten.",
  security: secured,
  ...everyKeyHolder,
  request: {
    params: idParam,
    headers: z.object({
      "if-match": z.string().optional().openapi({ description: "The ETag of the version you read." }),
    }),
    body: { required: true, content: { "application/json": { schema: listingUpdateSchema } } },
  },
  responses: {
    200: {
      description: "The updated listing.",
      headers: etagHeader,
      content: { "application/json": { schema: listingSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 412, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/listings/{id}",
  summary: "Delete a listing",
  description: "Landlords: their own listings only. Staff and admins: any listing.",
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam },
  responses: { 204: { description: "Deleted." }, ...problemResponses(401, 403, 404, 429) },
});
