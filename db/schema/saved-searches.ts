/**
 * Saved searches and the listings their alerts told of.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

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
