/**
 * The offline payment provider (the sandbox): its own customers, checkouts, subscriptions and
 * invoices, shaped like the real provider's objects. Ids carry the provider's prefixes.
 */
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

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
