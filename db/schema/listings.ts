/**
 * Listings: the rooms landlords offer.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { BILL_KINDS, DEFAULT_ROOM_TYPE, LEASE_MONTHS, ROOM_TYPES, type BillKind } from "~/db/listing-facts";
import { LOCATION_PRECISIONS, type LocationPrecision } from "~/db/location-precision";
import { positionOnSphere } from "~/db/position-on-sphere";
import { users } from "~/db/schema/auth";

/** hidden and under_review are set by moderation (staff and admins) and take a listing off the public site. */
export const listingStatuses = ["available", "under_review", "let", "hidden"] as const;

export const listingStatus = pgEnum("listing_status", listingStatuses);
export const listingRoomType = pgEnum("listing_room_type", ROOM_TYPES);

/** A stored photo: the original URL plus the responsive variants made at upload time. */
export interface ListingPhoto {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  variants?: { url: string; width: number; format: "webp" | "avif" | "jpeg" }[];
}

/**
 * The rows public search can return, but for the owner's plan (a join): the predicate of its partial
 * indexes (visibility.server.ts). With every column of it in the predicate, a count reads the index
 * alone; a listing paused for freshness leaves the indexes until it is resumed.
 */
const PUBLIC_LISTING = sql`available_from is not null and status in ('available', 'let') and freshness_paused_at is null`;

export const listings = pgTable(
  "listings",
  {
    listingId: uuid("listing_id").primaryKey().defaultRandom(),
    /** The owning user: the source of truth for permissions (landlord_email is contact detail only). */
    landlordId: text("landlord_id").references(() => users.id, { onDelete: "cascade" }),
    listingTitle: text("listing_title").notNull(),
    address: text("address"),
    suburb: text("suburb"),
    state: text("state"),
    postcode: text("postcode"),
    country: text("country").notNull().default("Australia"),
    description: text("description").notNull().default(""),
    /** Lower-cased copies for "contains" search: LIKE on these is ~4.5x cheaper per row than ILIKE. */
    searchTitle: text("search_title")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${listings.listingTitle})`),
    searchDescription: text("search_description")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${listings.description})`),
    weeklyRent: numeric("weekly_rent", { precision: 10, scale: 2, mode: "number" }),
    availableFrom: date("available_from", { mode: "string" }),
    photos: jsonb("photos").$type<ListingPhoto[]>().notNull().default([]),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * How exact the coordinates are, as the landlord published the listing: "address" (the street
     * address's position, never a unit) or "suburb" (only the suburb or postcode area: the public see
     * the suburb's centre). Set exactly when the listing has coordinates; null while geocoding is pending.
     */
    locationPrecision: text("location_precision").$type<LocationPrecision>(),
    status: listingStatus("status").notNull().default("available"),
    /** Why staff last moderated the listing (shown to its landlord); null when never moderated. */
    moderationReason: text("moderation_reason"),
    landlordEmail: text("landlord_email"),
    landlordName: text("landlord_name"),
    landlordPhone: text("landlord_phone"),
    // Listing facts (db/listing-facts.ts); existing listings took the 3–12 month default.
    minLeaseMonths: smallint("min_lease_months").notNull().default(LEASE_MONTHS.min),
    maxLeaseMonths: smallint("max_lease_months").notNull().default(LEASE_MONTHS.max),
    billsIncluded: text("bills_included")
      .array()
      .$type<BillKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    billsCap: numeric("bills_cap", { precision: 10, scale: 2, mode: "number" }),
    billsEstimate: numeric("bills_estimate", { precision: 10, scale: 2, mode: "number" }),
    furnished: boolean("furnished").notNull().default(true),
    roomType: listingRoomType("room_type").notNull().default(DEFAULT_ROOM_TYPE),
    /** Rent plus estimated bills: what search filters and cards show as the all-in weekly cost. */
    allInWeeklyCost: numeric("all_in_weekly_cost", { precision: 10, scale: 2, mode: "number" }).generatedAlwaysAs(
      sql`weekly_rent + coalesce(bills_estimate, 0)`,
    ),
    /** When the landlord last answered "Is this room still available?" (listing freshness); null when never. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** When the landlord was last asked to confirm the listing is still available. */
    freshnessAskedAt: timestamp("freshness_asked_at", { withTimezone: true }),
    /** Set when the listing went 30 days without an update or confirmation: out of public search until resumed. */
    freshnessPausedAt: timestamp("freshness_paused_at", { withTimezone: true }),
    /** When the room was put up for letting: when the listing was created, or listed again after a let. */
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the listing was marked let, written with that status change; cleared when it is listed again. */
    letAt: timestamp("let_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("listings_weekly_rent_non_negative", sql`${table.weeklyRent} >= 0`),
    check(
      "listings_lease_range",
      sql`${table.minLeaseMonths} between ${sql.raw(String(LEASE_MONTHS.min))} and ${table.maxLeaseMonths} and ${table.maxLeaseMonths} <= ${sql.raw(String(LEASE_MONTHS.max))}`,
    ),
    check(
      "listings_bills_known",
      sql`${table.billsIncluded} <@ array[${sql.raw(BILL_KINDS.map((kind) => `'${kind}'`).join(", "))}]::text[]`,
    ),
    check("listings_bills_amounts_non_negative", sql`${table.billsCap} >= 0 and ${table.billsEstimate} >= 0`),
    check("listings_latitude_range", sql`${table.latitude} between -90 and 90`),
    check("listings_longitude_range", sql`${table.longitude} between -180 and 180`),
    check(
      "listings_location_precision_known",
      sql`${table.locationPrecision} in (${sql.raw(LOCATION_PRECISIONS.map((precision) => `'${precision}'`).join(", "))})`,
    ),
    check(
      "listings_location_precision_placed",
      sql`(${table.locationPrecision} is null) = (${table.latitude} is null or ${table.longitude} is null)`,
    ),
    check("listings_title_not_blank", sql`length(trim(${table.listingTitle})) > 0`),
    // Case-insensitive "contains" filters (LIKE '%term%' on the lower-cased copies).
    index("listings_search_title_trgm_idx").using("gin", sql`${table.searchTitle} gin_trgm_ops`),
    index("listings_search_description_trgm_idx").using("gin", sql`${table.searchDescription} gin_trgm_ops`),
    // Public search: partial indexes over the publicly listed rows (visibility.server.ts), one per
    // sort (with the id tie-break) and per range filter. Each ends with the columns the count needs
    // (filters and the owner), so an exact count is an index-only scan of the matching range.
    index("listings_public_created_at_idx")
      .on(table.createdAt.desc(), table.listingId, table.landlordId)
      .where(PUBLIC_LISTING),
    index("listings_public_weekly_rent_idx")
      .on(table.weeklyRent, table.listingId, table.availableFrom, table.landlordId)
      .where(PUBLIC_LISTING),
    index("listings_public_title_idx").on(table.listingTitle, table.listingId).where(PUBLIC_LISTING),
    index("listings_public_available_from_idx")
      .on(table.availableFrom, table.weeklyRent, table.landlordId)
      .where(PUBLIC_LISTING),
    // Stay-fit filters (modules/listings/stay-fit-search.server.ts), partial like the sorts above.
    index("listings_public_lease_idx").on(table.minLeaseMonths, table.maxLeaseMonths).where(PUBLIC_LISTING),
    index("listings_public_all_in_idx").on(table.allInWeeklyCost, table.listingId).where(PUBLIC_LISTING),
    index("listings_public_room_type_idx").on(table.roomType).where(PUBLIC_LISTING),
    // Location search (modules/listings/location-search.server.ts, ADR 0098): latitude and longitude
    // ranges find a radius's or a box's rows, over the public ones with the owner, the id, the rent
    // and the precision (ids and map markers are read from the index alone) and over every listing (staff and API searches); the GiST
    // index on the position on the unit sphere walks them nearest first. A suburb's rooms are walked
    // newest first; migration 0019 also keeps statistics of suburbs and postcodes together, so
    // PostgreSQL knows Carlton's rooms are mostly in 3053 and does not guess a handful.
    index("listings_public_position_idx")
      .on(table.latitude, table.longitude, table.landlordId, table.listingId, table.weeklyRent, table.locationPrecision)
      .where(PUBLIC_LISTING),
    index("listings_position_idx").on(table.latitude, table.longitude),
    index("listings_position_on_sphere_idx").using(
      "gist",
      positionOnSphere(sql`${table.latitude}`, sql`${table.longitude}`),
    ),
    index("listings_public_suburb_idx")
      .on(sql`lower(${table.suburb})`, table.createdAt.desc(), table.listingId, table.postcode, table.landlordId)
      .where(PUBLIC_LISTING),
    index("listings_public_postcode_idx").on(table.postcode).where(PUBLIC_LISTING),
    index("listings_bills_included_idx").using("gin", table.billsIncluded),
    index("listings_created_at_idx").on(table.createdAt.desc()),
    index("listings_landlord_created_at_idx").on(table.landlordId, table.createdAt.desc()),
  ],
);
