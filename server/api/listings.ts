import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { type listings, listingStatuses } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { BILL_KINDS, LEASE_MONTHS, ROOM_TYPES } from "~/modules/listings/listing-facts";
import { listingFacts } from "~/modules/listings/listing-facts.server";
import { parseListingForm, type ListingFormField } from "~/modules/listings/listing-form";
import {
  createListing,
  deleteListing,
  findListingForEdit,
  listingVersion,
  updateListing,
  type StatusRefusal,
} from "~/modules/listings/listing-write.server";
import { isListingCursor, managedListingsPage } from "~/modules/listings/properties.server";
import { NOT_PUBLIC_REASONS, type NotPublicReason } from "~/modules/listings/visibility";
import { notPublicReasonText } from "~/modules/listings/visibility-text";
import { listingNotPublicReasons } from "~/modules/listings/visibility.server";
import { apiAuditMeta } from "~/server/api/audit-meta";
import { decodeCursor, encodeCursor } from "~/server/api/cursor";
import { ifMatchVersions } from "~/server/api/if-match";
import { parseSearchParams } from "~/modules/listings/search-params";
import { normalizePhotos } from "~/modules/media/photos";
import { idempotencyKeyHeader, runOnce } from "~/server/api/idempotency";
import type { ApiEnv } from "~/server/api/key-auth";
import { ApiProblem, problemResponses, type FieldError } from "~/server/api/problem";
import { validationHook } from "~/server/api/validation";

type ListingRow = typeof listings.$inferSelect;

const photoSchema = z.object({
  url: z.string().openapi({ example: "/uploads/listings/3f1c.jpg" }),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  alt: z.string().optional(),
});

const leaseMonths = (description: string, example: number) =>
  z.number().int().min(LEASE_MONTHS.min).max(LEASE_MONTHS.max).openapi({ description, example });

/** The stay facts, the same in requests and responses. */
const listingFactFields = {
  min_lease_months: leaseMonths("Shortest lease offered, in months (3–12, at most max_lease_months).", 3),
  max_lease_months: leaseMonths("Longest lease offered, in months (3–12).", 12),
  bills_included: z
    .array(z.enum(BILL_KINDS))
    .openapi({ description: "The bills included in the rent.", example: ["internet", "water"] }),
  bills_cap: z.number().min(0).nullable().openapi({
    description: "Weekly cap on the included bills in AUD (the tenant pays above it); only with bills_included.",
    example: 40,
  }),
  bills_estimate: z.number().min(0).nullable().openapi({
    description: "Estimated weekly cost in AUD of the bills not included; not when every bill is included.",
    example: 35,
  }),
  furnished: z.boolean().openapi({ example: true }),
  room_type: z.enum(ROOM_TYPES).openapi({ example: "ensuite" }),
};

const visibilitySchema = z
  .object({
    public: z.boolean().openapi({
      description: "Whether the public sees the listing: in search, on the home page and in the sitemap.",
      example: false,
    }),
    reasons: z
      .array(
        z.object({
          code: z.enum(NOT_PUBLIC_REASONS),
          message: z.string().openapi({
            example:
              "No Available From date. Add the date the room is free (today if it is free now) to list it in search.",
          }),
        }),
      )
      .openapi({ description: "Why the public does not see it, each with how to fix it; empty when it is public." }),
  })
  .openapi("ListingVisibility");

const listingSchema = z
  .object({
    id: z.uuid(),
    title: z.string().openapi({ example: "Sunny room near Flagstaff Gardens" }),
    description: z.string(),
    weekly_rent: z.number().nullable().openapi({ example: 420 }),
    available_from: z.string().nullable().openapi({ format: "date", example: "2026-12-01" }),
    status: z.enum(listingStatuses).openapi({ example: "available" }),
    visibility: visibilitySchema,
    address: z.string().nullable(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    photos: z.array(photoSchema),
    ...listingFactFields,
    all_in_weekly_cost: z
      .number()
      .nullable()
      .openapi({ example: 455, description: "Weekly rent plus bills_estimate: what the tenant pays a week." }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Listing");

const listingBodyFields = {
  title: z.string().openapi({ example: "Sunny room near Flagstaff Gardens" }),
  description: z.string().openapi({ example: "Furnished, bills included\nA quiet room on the 12th floor." }),
  weekly_rent: z.number().nullable().openapi({ example: 420 }),
  available_from: z.string().nullable().openapi({ format: "date", example: "2026-12-01" }),
  status: z.enum(listingStatuses).openapi({
    example: "available",
    description:
      "Landlords may set available or let (403 otherwise), and not while moderation holds the listing hidden or under review (409). A refused status changes nothing else either.",
  }),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  photos: z.array(photoSchema).openapi({ description: "Photos uploaded to this site (/uploads/…)." }),
  ...listingFactFields,
};
const listingUpdateSchema = z.strictObject(listingBodyFields).partial().openapi("ListingUpdate");
const listingCreateSchema = z
  .strictObject({ ...listingUpdateSchema.shape, title: listingBodyFields.title })
  .openapi("ListingCreate");
type ListingBody = z.infer<typeof listingUpdateSchema>;

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });
const secured = [{ ApiKey: [] }];
const etagHeader = {
  ETag: { schema: { type: "string" as const }, description: "The listing's version, for If-Match." },
};

/** Who may call an operation, shown in the keys screen's documentation. */
export const ROLES_EXTENSION = "x-laneway-roles";
const everyKeyHolder = { [ROLES_EXTENSION]: ["landlord", "staff", "admin"] };
const staffAndAdmin = { [ROLES_EXTENSION]: ["staff", "admin"] };

function factsJson(row: ListingRow) {
  const facts = listingFacts(row);
  return {
    min_lease_months: facts.minLeaseMonths,
    max_lease_months: facts.maxLeaseMonths,
    bills_included: facts.billsIncluded,
    bills_cap: facts.billsCap,
    bills_estimate: facts.billsEstimate,
    furnished: facts.furnished,
    room_type: facts.roomType,
  };
}

/** `notPublic`: why the public does not see it (`notPublicReasons`). */
function toListing(row: ListingRow, notPublic: NotPublicReason[]) {
  return {
    id: row.listingId,
    title: row.listingTitle,
    description: row.description,
    weekly_rent: row.weeklyRent,
    available_from: row.availableFrom,
    status: row.status,
    visibility: {
      public: notPublic.length === 0,
      reasons: notPublic.map((code) => ({ code, message: notPublicReasonText(code) })),
    },
    address: row.address,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    photos: normalizePhotos(row.photos).map(({ url, width, height, alt }) => ({ url, width, height, alt })),
    ...factsJson(row),
    all_in_weekly_cost: row.allInWeeklyCost,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const API_FIELD: Record<ListingFormField, string> = {
  title: "title",
  address: "address",
  suburb: "suburb",
  state: "state",
  postcode: "postcode",
  country: "country",
  description: "description",
  weeklyRent: "weekly_rent",
  availableFrom: "available_from",
  latitude: "latitude",
  longitude: "longitude",
  photos: "photos",
  minLeaseMonths: "min_lease_months",
  maxLeaseMonths: "max_lease_months",
  billsIncluded: "bills_included",
  billsCap: "bills_cap",
  billsEstimate: "bills_estimate",
  furnished: "furnished",
  roomType: "room_type",
};

/** The body over the current listing (PUT changes only the fields it sends), read by the listing form's own parser. */
function parseListingBody(body: ListingBody, current?: ListingRow) {
  const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const text = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  const values = new Map<string, string>([
    ["title", pick(body.title, current?.listingTitle ?? "")],
    ["description", pick(body.description, current?.description ?? "")],
    ["weeklyRent", text(pick(body.weekly_rent, current?.weeklyRent ?? null))],
    ["availableFrom", text(pick(body.available_from, current?.availableFrom ?? null))],
    ["address", text(pick(body.address, current?.address ?? null))],
    ["suburb", text(pick(body.suburb, current?.suburb ?? null))],
    ["state", text(pick(body.state, current?.state ?? null))],
    ["postcode", text(pick(body.postcode, current?.postcode ?? null))],
    ["country", pick(body.country, current?.country ?? "")],
    ["latitude", text(pick(body.latitude, current?.latitude ?? null))],
    ["longitude", text(pick(body.longitude, current?.longitude ?? null))],
    ["photos", JSON.stringify(pick<unknown>(body.photos, current ? normalizePhotos(current.photos) : []))],
    ["minLeaseMonths", text(pick(body.min_lease_months, current?.minLeaseMonths))],
    ["maxLeaseMonths", text(pick(body.max_lease_months, current?.maxLeaseMonths))],
    ["billsIncluded", pick(body.bills_included, current?.billsIncluded ?? []).join(",")],
    ["billsCap", text(pick(body.bills_cap, current?.billsCap ?? null))],
    ["billsEstimate", text(pick(body.bills_estimate, current?.billsEstimate ?? null))],
    ["furnished", text(pick(body.furnished, current?.furnished ?? true))],
    ["roomType", pick(body.room_type, current?.roomType ?? "")],
  ]);
  const parsed = parseListingForm(values);
  if (parsed.success) return parsed;
  const errors: FieldError[] = Object.entries(parsed.errors).map(([field, message]) => ({
    field: API_FIELD[field as ListingFormField],
    message,
  }));
  return { success: false as const, errors };
}

function invalid(errors: FieldError[]): ApiProblem {
  return new ApiProblem(400, errors.map((error) => `${error.field}: ${error.message}`).join(" "), errors);
}

const NOT_FOUND = "No listing with this id, or it is not one you manage.";
const FORBIDDEN_CREATE = "Only staff and admins may create listings through the API.";
const FORBIDDEN = "Your role may not manage listings.";

/** A refused status change: the whole request is refused and nothing is saved. */
function statusProblem(reason: StatusRefusal): ApiProblem {
  return reason === "moderators-only"
    ? new ApiProblem(
        403,
        "Only moderators set a listing hidden or under review; you may set available or let. Nothing was changed.",
      )
    : new ApiProblem(
        409,
        "Moderators hold this listing hidden or under review, so its status cannot change until they release it. Nothing was changed.",
      );
}

const listRoute = createRoute({
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

const getRoute = createRoute({
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

const createListingRoute = createRoute({
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

const updateRoute = createRoute({
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

const deleteRoute = createRoute({
  method: "delete",
  path: "/listings/{id}",
  summary: "Delete a listing",
  description: "Landlords: their own listings only. Staff and admins: any listing.",
  security: secured,
  ...everyKeyHolder,
  request: { params: idParam },
  responses: { 204: { description: "Deleted." }, ...problemResponses(401, 403, 404, 429) },
});

/** /api/listings: the listing module's functions and rules, over JSON. */
export function listingRoutes(database: () => Executor, services: Pick<Services, "storage">) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { viewer } = c.get("identity");
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isListingCursor);
    if (after === null) throw invalid([{ field: "cursor", message: "This cursor is not one we gave out." }]);
    const filters = parseSearchParams(new URL(c.req.url).searchParams);
    const page = await managedListingsPage(database(), viewer, { filters, limit: query.limit, after });
    return c.json(
      {
        data: page.rows.map(({ row, notPublic }) => toListing(row, notPublic)),
        has_more: page.next !== null,
        next_cursor: page.next && encodeCursor(page.next),
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const db = database();
    const row = await findListingForEdit(db, c.get("identity").viewer, c.req.valid("param").id);
    if (!row) throw new ApiProblem(404, NOT_FOUND);
    c.header("ETag", `"${listingVersion(row)}"`);
    return c.json(toListing(row, await listingNotPublicReasons(db, row)), 200);
  });

  app.openapi(createListingRoute, async (c) => {
    const { viewer, keyId } = c.get("identity");
    const body = c.req.valid("json");
    const parsed = parseListingBody(body);
    if (!parsed.success) throw invalid(parsed.errors);
    const create = (db: Executor) =>
      db.transaction(async (tx) => {
        const created = await createListing(tx, viewer, parsed.data, {
          status: body.status,
          storage: services.storage,
        });
        if (!created.ok) {
          if (created.reason === "forbidden") return null;
          throw statusProblem(created.reason);
        }
        const row = await findListingForEdit(tx, viewer, created.value.id);
        if (!row) throw new Error("a created listing could not be read back");
        return {
          status: 201,
          body: toListing(row, await listingNotPublicReasons(tx, row)),
          etag: listingVersion(row),
        };
      });
    const idempotencyKey = c.req.valid("header")["idempotency-key"];
    const outcome = idempotencyKey
      ? await runOnce(database(), { apiKeyId: keyId, idempotencyKey, request: { path: c.req.path, body } }, create)
      : { kind: "done" as const, replayed: false, result: await create(database()) };
    if (outcome.kind === "conflict") {
      throw new ApiProblem(422, "This Idempotency-Key was already used for a different request.");
    }
    if (!outcome.result) throw new ApiProblem(403, FORBIDDEN_CREATE);
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    c.header("ETag", `"${outcome.result.etag}"`);
    c.header("Location", `/api/listings/${outcome.result.body.id}`);
    return c.json(outcome.result.body as z.infer<typeof listingSchema>, 201);
  });

  app.openapi(updateRoute, async (c) => {
    const { viewer } = c.get("identity");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const ifMatch = c.req.valid("header")["if-match"];
    const db = database();
    const current = await findListingForEdit(db, viewer, id);
    if (!current) throw new ApiProblem(404, NOT_FOUND);
    const versions = ifMatch === undefined ? undefined : ifMatchVersions(ifMatch);
    const parsed = parseListingBody(body, current);
    if (!parsed.success) throw invalid(parsed.errors);
    const stale = () => new ApiProblem(412, "The listing changed since you read it. Read it again and retry.");
    if (Array.isArray(versions) && !versions.includes(listingVersion(current))) throw stale();
    const result = await updateListing(db, viewer, id, parsed.data, {
      ifVersion: Array.isArray(versions) ? listingVersion(current) : undefined,
      meta: apiAuditMeta(c),
      status: body.status,
      storage: services.storage,
    });
    if (!result.ok) {
      if (result.reason === "stale") throw stale();
      if (result.reason === "moderators-only" || result.reason === "under-moderation")
        throw statusProblem(result.reason);
      throw result.reason === "forbidden" ? new ApiProblem(403, FORBIDDEN) : new ApiProblem(404, NOT_FOUND);
    }
    const row = await findListingForEdit(db, viewer, id);
    if (!row) throw new ApiProblem(404, NOT_FOUND);
    c.header("ETag", `"${listingVersion(row)}"`);
    return c.json(toListing(row, await listingNotPublicReasons(db, row)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const result = await deleteListing(database(), c.get("identity").viewer, c.req.valid("param").id, apiAuditMeta(c));
    if (!result.ok)
      throw result.reason === "forbidden" ? new ApiProblem(403, FORBIDDEN) : new ApiProblem(404, NOT_FOUND);
    return c.body(null, 204);
  });

  return app;
}
