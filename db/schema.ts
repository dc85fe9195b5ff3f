/**
 * The database schema. Column names are snake_case (the spec's field names); TypeScript
 * properties are camelCase. Auth tables follow the auth library's model names so its
 * Drizzle adapter can use them directly.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  BILL_KINDS,
  DEFAULT_ROOM_TYPE,
  LEASE_MONTHS,
  ROOM_TYPES,
  type BillKind,
} from "~/modules/listings/listing-facts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const userRoles = ["tenant", "landlord", "staff", "admin"] as const;
export const subscriptionStatuses = ["inactive", "active", "cancelled", "suspended"] as const;
/** hidden and under_review are set by moderation (staff and admins) and take a listing off the public site. */
export const listingStatuses = ["available", "under_review", "let", "hidden"] as const;
export const postStatuses = ["draft", "published"] as const;
export const postTypes = ["blog", "news", "press"] as const;
export const forwardStatuses = ["pending", "forwarded"] as const;
/** What an API key may do: read and write, or read only. */
export const apiKeyScopes = ["read_write", "read"] as const;

export const userRole = pgEnum("user_role", userRoles);
export const subscriptionStatus = pgEnum("subscription_status", subscriptionStatuses);
export const listingStatus = pgEnum("listing_status", listingStatuses);
export const postStatus = pgEnum("post_status", postStatuses);
export const postType = pgEnum("post_type", postTypes);
export const forwardStatus = pgEnum("forward_status", forwardStatuses);
export const apiKeyScope = pgEnum("api_key_scope", apiKeyScopes);
export const listingRoomType = pgEnum("listing_room_type", ROOM_TYPES);

// ---------------------------------------------------------------------------------------------
// Authentication (owned by the auth library: users, sessions, accounts, verifications, 2FA)
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin users screen searches e-mail addresses anywhere in the text.
  (table) => [index("users_email_trgm_idx").using("gin", sql`${table.email} gin_trgm_ops`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** argon2id hash, for the credential provider only. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("accounts_user_id_idx").on(table.userId),
    uniqueIndex("accounts_provider_account_idx").on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** False until the first code is verified; an unverified secret does not guard sign-in. */
    verified: boolean("verified").notNull().default(true),
    /** Consecutive wrong codes; enough of them lock two-factor until locked_until. */
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factors_user_id_idx").on(table.userId)],
);

/**
 * Two-factor codes already used, per user, so a code cannot be replayed within its validity window
 * (the auth library accepts the current 30-second step and its neighbours). Rows older than a few
 * minutes are purged when the user next verifies a code.
 */
export const twoFactorUsedCodes = pgTable(
  "two_factor_used_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/** Shared rate-limit counters, so limits hold across instances without Redis. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: numeric("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Domain
// ---------------------------------------------------------------------------------------------

/** One profile per user: role, subscription and contact details. The source of a user's role. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: userRole("role").notNull().default("tenant"),
    subscriptionStatus: subscriptionStatus("subscription_status").notNull().default("inactive"),
    subscriptionPlan: text("subscription_plan"),
    subscriptionStartDate: timestamp("subscription_start_date", { withTimezone: true }),
    subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("profiles_created_at_idx").on(table.createdAt.desc()),
    index("profiles_role_idx").on(table.role),
    // The admin users screen: newest first within a role or a subscription status, and name search.
    index("profiles_role_created_at_idx").on(table.role, table.createdAt.desc()),
    index("profiles_subscription_created_at_idx").on(table.subscriptionStatus, table.createdAt.desc()),
    index("profiles_first_name_trgm_idx").using("gin", sql`${table.firstName} gin_trgm_ops`),
    index("profiles_last_name_trgm_idx").using("gin", sql`${table.lastName} gin_trgm_ops`),
  ],
);

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
    status: listingStatus("status").notNull().default("available"),
    /** Why staff last moderated the listing (shown to its landlord); null when never moderated. */
    moderationReason: text("moderation_reason"),
    landlordEmail: text("landlord_email"),
    landlordName: text("landlord_name"),
    landlordPhone: text("landlord_phone"),
    // Listing facts (modules/listings/listing-facts.ts); existing listings took the 3–12 month default.
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
    // Location search (modules/listings/location-search.server.ts, ADR 0094): a GiST index on the
    // position finds a radius's or a box's rows; suburb and postcode by equality.
    index("listings_public_position_idx")
      .using("gist", sql`point(${table.longitude}, ${table.latitude})`)
      .where(PUBLIC_LISTING),
    index("listings_public_suburb_idx")
      .on(sql`lower(${table.suburb})`)
      .where(PUBLIC_LISTING),
    index("listings_public_postcode_idx").on(table.postcode).where(PUBLIC_LISTING),
    index("listings_bills_included_idx").using("gin", table.billsIncluded),
    index("listings_created_at_idx").on(table.createdAt.desc()),
    index("listings_landlord_created_at_idx").on(table.landlordId, table.createdAt.desc()),
  ],
);

/**
 * Every photo uploaded through the image pipeline (listing photos, post featured images): its
 * storage folder's files, so unused uploads can be deleted. An upload no listing or post links to
 * is removed once it is a day old (see
 * modules/media/photo-sweeper.server.ts); deleting a listing drops its links.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    /** The random folder id in `listings/<id>/…`. */
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Storage keys of every file made for the photo (all widths and formats). */
    keys: jsonb("keys").$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("photo_uploads_created_at_idx").on(table.createdAt)],
);

/** Which uploads a listing shows; kept in step with `listings.photos` on every create and edit. */
export const listingPhotoUploads = pgTable(
  "listing_photo_uploads",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.listingId, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => photoUploads.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.uploadId] }),
    index("listing_photo_uploads_upload_idx").on(table.uploadId),
  ],
);

export const favourites = pgTable(
  "favourites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.listingId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("favourites_user_listing_idx").on(table.userId, table.listingId),
    index("favourites_listing_id_idx").on(table.listingId),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first characters of the key, shown to identify it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    scope: apiKeyScope("scope").notNull().default("read_write"),
    createdAt: createdAt(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Null: never expires. A rolled key's old value gets the end of the overlap here. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The key that replaced this one when it was rolled. */
    replacedById: uuid("replaced_by_id"),
  },
  (table) => [
    check("api_keys_name_not_blank", sql`length(trim(${table.name})) > 0`),
    index("api_keys_user_created_at_idx").on(table.userId, table.createdAt.desc()),
  ],
);

/**
 * The first answer to each API create sent with an `Idempotency-Key`, per API key: a retry with
 * the same header gets this answer again instead of a second row. Kept for a day.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Method and path, plus a hash of the body: the same header with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** The first answer, replayed to retries. */
    result: jsonb("result").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index("api_idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** Sanitized HTML. */
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    featuredImage: text("featured_image"),
    status: postStatus("status").notNull().default("draft"),
    type: postType("type").notNull().default("blog"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    check("blog_posts_title_not_blank", sql`length(trim(${table.title})) > 0`),
    check("blog_posts_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blog_posts_published_has_date", sql`${table.status} <> 'published' or ${table.publishedAt} is not null`),
    index("blog_posts_public_idx").on(table.status, table.type, table.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(table.createdAt.desc()),
  ],
);

/**
 * Which upload a post's featured image is (at most one); kept in step with `blog_posts.featured_image`
 * on every create and edit, dropped with the post, so the unused-upload sweeper leaves it alone.
 */
export const blogPostUploads = pgTable(
  "blog_post_uploads",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => photoUploads.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.uploadId] }),
    index("blog_post_uploads_upload_idx").on(table.uploadId),
  ],
);

/** Every contact-form message, stored before it is forwarded to the forms provider. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    pageUri: text("page_uri"),
    forwardStatus: forwardStatus("forward_status").notNull().default("pending"),
    forwardAttempts: integer("forward_attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_pending_idx").on(table.forwardStatus, table.nextAttemptAt)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased, so one address subscribes once. */
    email: text("email").notNull().unique(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("newsletter_email_lower_case", sql`${table.email} = lower(${table.email})`)],
);

// ---------------------------------------------------------------------------------------------
// Enquiries: a tenant's conversation with a listing's landlord
// ---------------------------------------------------------------------------------------------

export const conversationStatuses = ["open", "declined", "let"] as const;
export const messageAuthorRoles = ["tenant", "landlord", "notice"] as const;

/**
 * One enquiry about one listing: its tenant and landlord (either set to null when that account is
 * deleted, so the other side keeps a readable copy), the enquiry's details, each side's last read
 * time and last e-mail (unread counts and the e-mail throttle), and moderation marks. The listing's
 * title is copied, so a deleted listing leaves the thread intact.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id").references(() => listings.listingId, { onDelete: "set null" }),
    listingTitle: text("listing_title").notNull(),
    tenantId: text("tenant_id").references(() => users.id, { onDelete: "set null" }),
    landlordId: text("landlord_id").references(() => users.id, { onDelete: "set null" }),
    moveInDate: date("move_in_date", { mode: "string" }).notNull(),
    leaseMonths: integer("lease_months").notNull(),
    tenantPhone: text("tenant_phone"),
    status: text("status", { enum: conversationStatuses }).notNull().default("open"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    tenantReadAt: timestamp("tenant_read_at", { withTimezone: true }),
    landlordReadAt: timestamp("landlord_read_at", { withTimezone: true }),
    tenantEmailedAt: timestamp("tenant_emailed_at", { withTimezone: true }),
    landlordEmailedAt: timestamp("landlord_emailed_at", { withTimezone: true }),
    /** Why the first message was held for review (a link, an e-mail address, a phone number), if it was. */
    flagReason: text("flag_reason"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("conversations_lease_months_range", sql`${table.leaseMonths} between 3 and 12`),
    index("conversations_tenant_inbox_idx").on(table.tenantId, table.lastMessageAt.desc()),
    index("conversations_landlord_inbox_idx").on(table.landlordId, table.lastMessageAt.desc()),
    index("conversations_listing_idx").on(table.listingId),
    index("conversations_tenant_created_idx").on(table.tenantId, table.createdAt.desc()),
    index("conversations_review_idx")
      .on(table.createdAt.desc())
      .where(sql`${table.flagReason} is not null or ${table.reportedAt} is not null`),
  ],
);

/** The messages of a conversation, plain text; the author is null once their account is deleted. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Which side wrote it; "notice" for the product's own notes (declined, room let). */
    authorRole: text("author_role", { enum: messageAuthorRoles }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("conversation_messages_body_length", sql`length(${table.body}) between 1 and 4000`),
    index("conversation_messages_thread_idx").on(table.conversationId, table.createdAt),
  ],
);

/** A user's block of another: neither can start a conversation with the other or write to a shared one. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("user_blocks_blocked_idx").on(table.blockedId),
  ],
);

/** Senders staff have suspended from messaging (the change itself is in the audit log). */
export const messagingSuspensions = pgTable("messaging_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  suspendedBy: text("suspended_by").notNull(),
  reason: text("reason"),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Back-office
// ---------------------------------------------------------------------------------------------

/**
 * Every change made from the back-office (role and subscription overrides, posts, moderation,
 * settings), written in the same transaction as the change. Rows are never updated or deleted: a
 * trigger refuses both (migration audit-log-append-only). The actor's e-mail is copied, not
 * referenced, so the record outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `<target>.<verb>` (user.role, post.publish, listing.moderate …). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The changed fields before and after (null when the target did not exist before or after). */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("audit_log_action_created_at_idx").on(table.action, table.createdAt.desc()),
    index("audit_log_actor_created_at_idx").on(table.actorId, table.createdAt.desc()),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
  ],
);

/**
 * Site-wide settings edited in the back-office, one JSON document per key ("contact": the address,
 * phone, e-mails and hours shown on /contact and the legal pages). A missing key means the defaults.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Saved searches
// ---------------------------------------------------------------------------------------------

export const alertFrequencies = ["off", "daily", "instant"] as const;

/**
 * A user's named search, stored as its canonical /search query (search-params.ts), so every filter
 * the search page has applies to it. The alert worker (modules/saved-searches/alerts.server.ts)
 * claims due rows with SKIP LOCKED and moves `checked_at` in the same transaction as it queues
 * the digest.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    frequency: text("frequency", { enum: alertFrequencies }).notNull().default("daily"),
    paused: boolean("paused").notNull().default(false),
    /** Listings changed before this were considered by the last run (or existed when the search was saved). */
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    lastAlertedAt: timestamp("last_alerted_at", { withTimezone: true }),
    /** Part of the unsubscribe token's signature: replaced when alerts are turned back on, so old links stop working. */
    tokenNonce: text("token_nonce").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("saved_searches_user_idx").on(table.userId, table.createdAt),
    index("saved_searches_due_idx")
      .on(table.checkedAt)
      .where(sql`${table.frequency} <> 'off' and not ${table.paused}`),
    check("saved_searches_frequency", sql`${table.frequency} in ('off', 'daily', 'instant')`),
  ],
);

/** The listings a saved search has alerted about, with the rent and date it told of (price drops, earlier dates). */
export const savedSearchListings = pgTable(
  "saved_search_listings",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.listingId, { onDelete: "cascade" }),
    weeklyRent: numeric("weekly_rent", { precision: 10, scale: 2, mode: "number" }),
    availableFrom: date("available_from", { mode: "string" }),
    alertedAt: timestamp("alerted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.listingId] }),
    index("saved_search_listings_listing_idx").on(table.listingId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

export const mailStatuses = ["pending", "sent", "failed"] as const;

/**
 * Every e-mail the product sends, queued here first and delivered by the outbox worker
 * (lib/adapters/mail/mailer.server.ts), so a request never waits on the mail server and nothing is
 * lost when it is down. Outside production the rows stay readable at /dev/mail; in production a
 * sent message's body is cleared, so no sign-in link or code rests in the database.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers (List-Unsubscribe and friends); names and values checked when queued. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** pending (queued or waiting to retry), sent, or failed (gave up after the last attempt). */
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    /** Once sent: "smtp" when an SMTP server accepted it, "outbox" when there is none and it was only stored. */
    delivery: text("delivery"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_created_at_idx").on(table.createdAt.desc()),
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check("mail_outbox_status", sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

/**
 * Server-side cache of geocoded listing addresses, keyed by the normalised address text, so a
 * listing page asks the maps provider once per address (and per provider).
 */
export const geocodeCache = pgTable(
  "geocode_cache",
  {
    address: text("address").primaryKey(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** "address" (street-level) or "suburb" (locality / postcode area). */
    precision: text("precision").notNull(),
    /** The maps provider that answered ("google" or "offline"); another provider's entry is refreshed. */
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("geocode_cache_lat_range", sql`${table.lat} between -90 and 90`),
    check("geocode_cache_lng_range", sql`${table.lng} between -180 and 180`),
    check("geocode_cache_precision", sql`${table.precision} in ('address', 'suburb')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

export const paymentEventStatuses = ["processed", "failed"] as const;

/**
 * Every signed event the payment provider delivered, keyed by the provider's event id. A processed
 * event is recorded in the same transaction as its effect, so a replay finds the row and does
 * nothing; a failed one keeps its error (for support) and is processed when the provider retries.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    customerId: text("customer_id"),
    status: text("status", { enum: paymentEventStatuses }).notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(1),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [
    index("payment_events_received_at_idx").on(table.receivedAt.desc()),
    index("payment_events_customer_idx").on(table.customerId, table.receivedAt.desc()),
    check("payment_events_status", sql`${table.status} in ('processed', 'failed')`),
  ],
);

/**
 * Our copy of each subscriber's subscription as the provider last reported it (written only by the
 * sync), for the billing page, reminders and the reconcile job. `derived_status` is the status the
 * sync last gave the profile: the profile is changed again only when the provider's state leads
 * somewhere else, so an admin's override stands until the subscription itself changes.
 */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    providerStatus: text("provider_status").notNull(),
    derivedStatus: subscriptionStatus("derived_status"),
    priceId: text("price_id"),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    interval: text("interval"),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** When the "trial ends in 3 days" e-mail was queued for the current trial. */
    trialReminderSentAt: timestamp("trial_reminder_sent_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("billing_subscriptions_customer_idx").on(table.customerId),
    index("billing_subscriptions_synced_at_idx").on(table.syncedAt),
  ],
);

/** The open checkout a user was sent to, so a second tab or click reuses it instead of starting another. */
export const billingCheckouts = pgTable("billing_checkouts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sessionId: text("session_id").notNull(),
  url: text("url").notNull(),
  createdAt: createdAt(),
});

// The offline payment provider (the sandbox): its own customers, checkouts, subscriptions and
// invoices, shaped like the real provider's objects. Ids carry the provider's prefixes.

export const sandboxCustomers = pgTable("sandbox_customers", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  name: text("name"),
  /** Our user id, as the real provider keeps it in the customer's metadata. */
  userId: text("user_id").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: createdAt(),
});

export const sandboxCheckoutSessions = pgTable("sandbox_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id")
    .notNull()
    .references(() => sandboxCustomers.id, { onDelete: "cascade" }),
  clientReferenceId: text("client_reference_id").notNull(),
  priceId: text("price_id").notNull(),
  trialDays: integer("trial_days").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open, complete or expired. */
  status: text("status").notNull().default("open"),
  subscriptionId: text("subscription_id"),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: createdAt(),
});

export const sandboxSubscriptions = pgTable(
  "sandbox_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: "cascade" }),
    priceId: text("price_id").notNull(),
    /** The provider's statuses: trialing, active, past_due, unpaid, canceled. */
    status: text("status").notNull(),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    failedPaymentAttempts: integer("failed_payment_attempts").notNull().default(0),
    cardBrand: text("card_brand").notNull(),
    cardLast4: text("card_last4").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_subscriptions_customer_idx").on(table.customerId)],
);

export const sandboxInvoices = pgTable(
  "sandbox_invoices",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** paid, open or uncollectible. */
    status: text("status").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_invoices_customer_idx").on(table.customerId, table.createdAt.desc())],
);
