import { z } from "@hono/zod-openapi";
import { listingStatuses } from "~/db/schema";
import { LOCATION_PRECISIONS } from "~/db/location-precision";
import { BILL_KINDS, LEASE_MONTHS, ROOM_TYPES } from "~/modules/listings/listing-facts";
import { NOT_PUBLIC_REASONS } from "~/modules/listings/visibility";

export const photoSchema = z.object({
  url: z.string().openapi({ example: "/uploads/listings/3f1c.jpg" }),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  alt: z.string().optional().openapi({
    description:
      "Alt text: the landlord's, the vision model's, or generated from the listing's facts (\"Ensuite bedroom, photo 1 of 6, Sunny room off Degraves Street\"); always present in responses. At most 300 characters in requests.",
  }),
});

const leaseMonths = (description: string, example: number) =>
  z.number().int().min(LEASE_MONTHS.min).max(LEASE_MONTHS.max).openapi({ description, example });

/** The stay facts, the same in requests and responses. */
export const listingFactFields = {
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

export const visibilitySchema = z
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

export const listingSchema = z
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
    latitude: z.number().nullable().openapi({
      description:
        "Where the listing is shown: its street address's position, or for a suburb-only listing its suburb's centre. Null while it is not yet placed.",
    }),
    longitude: z.number().nullable(),
    location_precision: z.enum(LOCATION_PRECISIONS).nullable().openapi({
      description:
        "How exact the stored position is: address (the street address, never a unit) or suburb (only the suburb or postcode area). Null until the address is geocoded.",
    }),
    approximate: z.boolean().nullable().openapi({
      description: "True when latitude and longitude are the suburb's centre rather than the street address.",
    }),
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

/** A listing in a page of GET /api/listings: with its distance when the request searched by location. */
export const listedListingSchema = listingSchema
  .extend({
    distance_m: z.number().int().min(0).nullable().optional().openapi({
      description:
        "Whole metres from `near` (great-circle distance to the listing's coordinates). Present only when `near` or `bbox` is given; null with `bbox` alone or for a listing without coordinates.",
      example: 840,
    }),
  })
  .openapi("ListedListing");

export const listingBodyFields = {
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
export const listingUpdateSchema = z.strictObject(listingBodyFields).partial().openapi("ListingUpdate");
export const listingCreateSchema = z
  .strictObject({ ...listingUpdateSchema.shape, title: listingBodyFields.title })
  .openapi("ListingCreate");
export type ListingBody = z.infer<typeof listingUpdateSchema>;

export const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });
export const secured = [{ ApiKey: [] }];
export const etagHeader = {
  ETag: { schema: { type: "string" as const }, description: "The listing's version, for If-Match." },
};
