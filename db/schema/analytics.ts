/**
 * Listing analytics: one row of counts per listing and day (ADR 100), the day's pseudonymous
 * visitor keys that make "unique visitors" unique across instances, and the day's salt.
 */
import { bigint, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { listings } from "~/db/schema/listings";

const count = (name: string) => integer(name).notNull().default(0);

export const listingDailyStats = pgTable(
  "listing_daily_stats",
  {
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.listingId, { onDelete: "cascade" }),
    /** The day in Melbourne. */
    day: date("day", { mode: "string" }).notNull(),
    views: count("views"),
    uniqueVisitors: count("unique_visitors"),
    /** Times the listing's card was shown on a search results page or in an alert e-mail. */
    impressions: count("impressions"),
    favouritesAdded: count("favourites_added"),
    favouritesRemoved: count("favourites_removed"),
    enquiries: count("enquiries"),
    /** Every landlord message in an enquiry's conversation. */
    replies: count("replies"),
    /** Enquiries answered for the first time this day, and the seconds they waited in total. */
    firstReplies: count("first_replies"),
    firstReplySeconds: bigint("first_reply_seconds", { mode: "number" }).notNull().default(0),
    lets: count("lets"),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.day] })],
);

/**
 * Who has been counted as a visitor of a listing on a day: a keyed hash of the client address with
 * the day's salt (never the address). Rows and salts older than yesterday are deleted.
 */
export const listingDailyVisitors = pgTable(
  "listing_daily_visitors",
  {
    listingId: uuid("listing_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.day, table.visitor] })],
);

/** The day's random salt for visitor keys, shared by every instance and deleted once the day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});
