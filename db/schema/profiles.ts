/**
 * One profile per user: role, subscription and contact details.
 */
import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";

export const userRoles = ["tenant", "landlord", "staff", "admin"] as const;
export const subscriptionStatuses = ["inactive", "active", "cancelled", "suspended"] as const;

export const userRole = pgEnum("user_role", userRoles);
export const subscriptionStatus = pgEnum("subscription_status", subscriptionStatuses);

/** One profile per user: role, subscription and contact details. The source of a user's role. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: userRole("role").notNull().default("tenant"),
    subscriptionStatus: subscriptionStatus("subscription_status").notNull().default("inactive"),
    subscriptionPlan: text("subscription_plan"),
    subscriptionStartDate: timestamp("subscription_start_date", { withTimezone: true }),
    subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("profiles_created_at_idx").on(table.createdAt.desc()),
    index("profiles_role_idx").on(table.role),
    // The admin users screen: newest first within a role or a subscription status, and name search.
    index("profiles_role_created_at_idx").on(table.role, table.createdAt.desc()),
    index("profiles_subscription_created_at_idx").on(table.subscriptionStatus, table.createdAt.desc()),
    index("profiles_first_name_trgm_idx").using("gin", sql`${table.firstName} gin_trgm_ops`),
    index("profiles_last_name_trgm_idx").using("gin", sql`${table.lastName} gin_trgm_ops`),
  ],
);
