/**
 * Site-wide settings edited in the back-office.
 */
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "~/db/schema/columns";

/**
 * Site-wide settings edited in the back-office, one JSON document per key ("contact": the address,
 * phone, e-mails and hours shown on /contact and the legal pages). A missing key means the defaults.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
