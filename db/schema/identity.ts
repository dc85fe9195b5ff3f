/**
 * Identity verification (ADR 109): one row per check a person started, holding only the outcome,
 * the verified legal name's initials, the document's country and the dates, never the document or
 * the full name; the events the provider delivered; and the offline sandbox provider's sessions.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";

export const identityCheckStatuses = ["pending", "verified", "failed"] as const;

export const identityChecks = pgTable(
  "identity_checks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** stripe or sandbox. */
    provider: text("provider").notNull(),
    /** The provider's verification session; null only while it is being created. */
    sessionId: text("session_id").unique(),
    status: text("status", { enum: identityCheckStatuses }).notNull().default("pending"),
    /** Why a check failed, as a reason word (document-unreadable, selfie-mismatch, name-mismatch…). */
    failureReason: text("failure_reason"),
    /** The verified legal name's initials ("S. N."). */
    initials: text("initials"),
    /** ISO 3166-1 alpha-2 country of the document. */
    documentCountry: text("document_country"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** SHA-256 of the account's normalised name when the check passed: another name needs a new check. */
    nameHash: text("name_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("identity_checks_user_created_idx").on(table.userId, table.createdAt.desc()),
    check("identity_checks_status", sql`${table.status} in ('pending', 'verified', 'failed')`),
    check(
      "identity_checks_verified_complete",
      sql`${table.status} <> 'verified' or (${table.verifiedAt} is not null and ${table.expiresAt} is not null and ${table.nameHash} is not null)`,
    ),
  ],
);

/** Each provider event processed once (by its id), so a replay changes nothing. */
export const identityEvents = pgTable("identity_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  sessionId: text("session_id"),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offline provider's sessions: the outcome the person chose on its page stands in for the
 * document the real provider would read. No name is kept: a passing sandbox document carries the
 * account's own name.
 */
export const sandboxIdentitySessions = pgTable("sandbox_identity_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** requires_input, processing, verified or canceled (the provider's words). */
  status: text("status").notNull().default("requires_input"),
  /** The provider's error code when the check did not pass. */
  lastErrorCode: text("last_error_code"),
  documentCountry: text("document_country"),
  returnUrl: text("return_url").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: createdAt(),
});
