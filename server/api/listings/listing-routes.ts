import { createRoute, z } from "@hono/zod-openapi";
import { BILL_KINDS, LEASE_MONTHS, ROOM_TYPES } from "~/modules/listings/listing-facts";
import { idempotencyKeyHeader } from "~/server/api/idempotency";
import {
  etagHeader,
  idParam,
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
  description: "Landlords: their own listings. Staff and admins: every listing. Newest first, one page at a time.",
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
    }),
  },
  responses: {
    200: {
      description: "One page of listings.",
      content: {
        "application/json": {
          schema: z
            .object({ data: z.array(listingSchema), has_more: z.boolean(), next_cursor: z.string().nullable() })
            .openapi("ListingPage"),
        },
      },
    },
    ...problemResponses(400, 401, 403, 429),
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
