/**
 * Support requests from the Help page.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

/**
 * A signed-in user's request for help, stored before staff are e-mailed. `priority` and
 * `answer_due_at` are fixed when it is sent (an active landlord's plan promises a first answer
 * within the business days set in Site Settings then), so a later change of plan or setting does
 * not move a promise already made. One answer per request, by staff.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").references(() => listings.listingId, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    priority: boolean("priority").notNull().default(false),
    answerDueAt: timestamp("answer_due_at", { withTimezone: true }),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("support_requests_user_idx").on(table.userId, table.createdAt.desc()),
    // The admin inbox: open requests first, priority first, oldest first.
    index("support_requests_inbox_idx").on(
      sql`(${table.answeredAt} is null) desc`,
      table.priority.desc(),
      table.createdAt,
    ),
    check("support_requests_answered", sql`(${table.answer} is null) = (${table.answeredAt} is null)`),
  ],
);
