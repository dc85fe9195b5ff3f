/**
 * API keys and the answers replayed to retried API creates.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";

/** What an API key may do: read and write, or read only. */
export const apiKeyScopes = ["read_write", "read"] as const;

export const apiKeyScope = pgEnum("api_key_scope", apiKeyScopes);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first characters of the key, shown to identify it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    scope: apiKeyScope("scope").notNull().default("read_write"),
    createdAt: createdAt(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Null: never expires. A rolled key's old value gets the end of the overlap here. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The key that replaced this one when it was rolled. */
    replacedById: uuid("replaced_by_id"),
  },
  (table) => [
    check("api_keys_name_not_blank", sql`length(trim(${table.name})) > 0`),
    index("api_keys_user_created_at_idx").on(table.userId, table.createdAt.desc()),
  ],
);

/**
 * The first answer to each API create sent with an `Idempotency-Key`, per API key: a retry with
 * the same header gets this answer again instead of a second row. Kept for a day.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Method and path, plus a hash of the body: the same header with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** The first answer, replayed to retries. */
    result: jsonb("result").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index("api_idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);
