/**
 * Listings a user has saved.
 */
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

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
