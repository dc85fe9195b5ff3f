/**
 * Newsletter subscribers.
 */
import { sql } from "drizzle-orm";
import { check, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

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
