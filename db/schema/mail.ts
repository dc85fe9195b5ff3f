/**
 * The outgoing mail queue.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

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
