/**
 * Billing: payment events and our copy of each subscription and open checkout.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { subscriptionStatus } from "~/db/schema/profiles";

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
