import { z } from "zod";
import type { ListingPhoto } from "~/db/schema";
import { formText, formTextList, type FieldValues } from "~/lib/form-data";
import { formatAvailability, melbourneToday } from "~/modules/listings/availability-text";
import {
  BILL_KINDS,
  DEFAULT_ROOM_TYPE,
  isBillKind,
  LEASE_MONTHS,
  ROOM_TYPES,
  sortBills,
} from "~/modules/listings/listing-facts";
import { LOCATION_PRECISIONS } from "~/db/location-precision";
import { MAX_PHOTO_ALT_CHARS } from "~/modules/listings/photo-alt";

/**
 * The listing form: no field is required beyond a title;
 * weekly rent becomes a decimal or null, available_from a date-only value or null. Shared by the
 * browser and the server; the server is the authority.
 */

export const LISTING_LIMITS = {
  title: 200,
  line: 200,
  description: 10_000,
  photos: 20,
  rent: 100_000,
  bills: 10_000,
} as const;

const line = z.string().trim().max(LISTING_LIMITS.line, { error: "Keep this to one short line." });
const optionalLine = line.transform((value) => value || null);

/** Where a photo may live: on this site (uploads, bundled demo images) — never an outside address. */
export function isSiteImageUrl(url: string): boolean {
  return /^\/(uploads|demo|images)\/[A-Za-z0-9._\-/]+$/.test(url) && !url.includes("..");
}

const photoSchema: z.ZodType<ListingPhoto> = z.object({
  url: z.string().refine(isSiteImageUrl, { error: "Photos must be uploaded here." }),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  alt: z.string().max(MAX_PHOTO_ALT_CHARS).optional(),
  variants: z
    .array(
      z.object({
        url: z.string().refine(isSiteImageUrl),
        width: z.number().int().positive(),
        format: z.enum(["webp", "avif", "jpeg"]),
      }),
    )
    .max(12)
    .optional(),
});

/** An optional dollar amount: null when empty, else rounded to cents within 0..max. */
function money(max: number, message: string) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const amount = Number(value);
      if (!Number.isFinite(amount) || amount < 0 || amount > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Math.round(amount * 100) / 100;
    });
}

const LEASE_ERROR = `Choose a lease between ${LEASE_MONTHS.min} and ${LEASE_MONTHS.max} months.`;

/** Whole months within the product's lease range; empty takes the given default. */
function leaseMonths(fallback: number) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return fallback;
      const months = Number(value);
      if (!Number.isInteger(months) || months < LEASE_MONTHS.min || months > LEASE_MONTHS.max) {
        context.addIssue({ code: "custom", message: LEASE_ERROR });
        return z.NEVER;
      }
      return months;
    });
}

const listingObjectSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: "Please enter a title for the property." })
    .max(LISTING_LIMITS.title, { error: `Keep the title under ${LISTING_LIMITS.title} characters.` }),
  address: optionalLine,
  suburb: optionalLine,
  state: optionalLine,
  postcode: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, { error: "An Australian postcode has 4 digits." })
    .transform((value) => value || null),
  country: line.transform((value) => value || "Australia"),
  description: z
    .string()
    .max(LISTING_LIMITS.description, { error: "The description is too long." })
    .transform((value) => value.replace(/\r\n/g, "\n").trim()),
  weeklyRent: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const rent = Number(value);
      if (!Number.isFinite(rent) || rent < 0 || rent > LISTING_LIMITS.rent) {
        context.addIssue({ code: "custom", message: "Enter the weekly rent in dollars, e.g. 420 or 420.50." });
        return z.NEVER;
      }
      return Math.round(rent * 100) / 100;
    }),
  availableFrom: z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), {
      error: "Choose a valid date.",
    })
    .transform((value) => value || null),
  latitude: z.coerce.number().min(-90).max(90).nullable(),
  longitude: z.coerce.number().min(-180).max(180).nullable(),
  /** How exact the address search's coordinates are (the form's hidden field); null when typed by hand. */
  locationPrecision: z
    .enum([...LOCATION_PRECISIONS, ""], { error: "Choose the address again." })
    .transform((value) => value || null),
  photos: z.array(photoSchema).max(LISTING_LIMITS.photos, { error: `At most ${LISTING_LIMITS.photos} photos.` }),
  minLeaseMonths: leaseMonths(LEASE_MONTHS.min),
  maxLeaseMonths: leaseMonths(LEASE_MONTHS.max),
  billsIncluded: z
    .array(z.string())
    .refine((bills) => bills.every(isBillKind), { error: "Choose from power, gas, internet and water." })
    .transform(sortBills),
  billsCap: money(LISTING_LIMITS.bills, "Enter the weekly bills cap in dollars, e.g. 40."),
  billsEstimate: money(LISTING_LIMITS.bills, "Enter the estimated weekly bills in dollars, e.g. 35."),
  furnished: z
    .enum(["true", "false", ""], { error: "Say whether the room is furnished." })
    .transform((value) => value === "true"),
  roomType: z
    .string()
    .trim()
    .transform((value) => value || DEFAULT_ROOM_TYPE)
    .pipe(z.enum(ROOM_TYPES, { error: "Choose a room type." })),
});

/** Rules across fields: the lease range's order and which bill amount fits the included bills. */
export const listingFormSchema = listingObjectSchema.superRefine((listing, context) => {
  if (listing.minLeaseMonths > listing.maxLeaseMonths) {
    context.addIssue({
      code: "custom",
      path: ["maxLeaseMonths"],
      message: "The maximum lease can't be shorter than the minimum.",
    });
  }
  if (listing.billsCap !== null && listing.billsIncluded.length === 0) {
    context.addIssue({
      code: "custom",
      path: ["billsCap"],
      message: "A cap applies only when some bills are included.",
    });
  }
  if (listing.billsEstimate !== null && listing.billsIncluded.length === BILL_KINDS.length) {
    context.addIssue({
      code: "custom",
      path: ["billsEstimate"],
      message: "Every bill is included: leave the estimate empty.",
    });
  }
});

export type ListingFormInput = z.output<typeof listingFormSchema>;
export type ListingFormField = keyof ListingFormInput;
export type ListingFormErrors = Partial<Record<ListingFormField, string>>;

const coordinate = (form: FieldValues, name: string) => {
  const value = formText(form, name).trim();
  return value === "" ? null : value;
};

function photosFrom(form: FieldValues): unknown {
  try {
    return JSON.parse(formText(form, "photos") || "[]");
  } catch {
    return null;
  }
}

/** Validates a submitted listing form: the parsed listing, or one message per field. */
export function parseListingForm(
  form: FieldValues,
): { success: true; data: ListingFormInput } | { success: false; errors: ListingFormErrors } {
  const result = listingFormSchema.safeParse({
    title: formText(form, "title"),
    address: formText(form, "address"),
    suburb: formText(form, "suburb"),
    state: formText(form, "state"),
    postcode: formText(form, "postcode"),
    country: formText(form, "country"),
    description: formText(form, "description"),
    weeklyRent: formText(form, "weeklyRent"),
    availableFrom: formText(form, "availableFrom"),
    latitude: coordinate(form, "latitude"),
    longitude: coordinate(form, "longitude"),
    locationPrecision: formText(form, "locationPrecision"),
    photos: photosFrom(form),
    minLeaseMonths: formText(form, "minLeaseMonths"),
    maxLeaseMonths: formText(form, "maxLeaseMonths"),
    billsIncluded: formTextList(form, "billsIncluded"),
    billsCap: formText(form, "billsCap"),
    billsEstimate: formText(form, "billsEstimate"),
    furnished: formText(form, "furnished"),
    roomType: formText(form, "roomType"),
  });
  if (result.success) return { success: true, data: result.data };
  const errors: ListingFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ListingFormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** What the listing form says under Available From: the date's effect on search and on the listing. */
export function availableFromHint(availableFrom: string | null, today = melbourneToday()): string {
  if (availableFrom === null) {
    return "Required to appear in search: without a date the listing is saved but not listed.";
  }
  return availableFrom <= today
    ? "Listed as “Available now”: a date today or earlier means the room is free now."
    : `Listed as “${formatAvailability(availableFrom, today)}”, and as “Available now” from that day.`;
}
