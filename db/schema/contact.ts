/**
 * Contact-form messages.
 */
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

export const forwardStatuses = ["pending", "forwarded"] as const;

export const forwardStatus = pgEnum("forward_status", forwardStatuses);

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
