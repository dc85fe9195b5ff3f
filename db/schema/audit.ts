/**
 * The back-office audit log.
 */
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

/**
 * Every change made from the back-office (role and subscription overrides, posts, moderation,
 * settings), written in the same transaction as the change. Rows are never updated or deleted: a
 * trigger refuses both (migration audit-log-append-only). The actor's e-mail is copied, not
 * referenced, so the record outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `<target>.<verb>` (user.role, post.publish, listing.moderate …). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The changed fields before and after (null when the target did not exist before or after). */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("audit_log_action_created_at_idx").on(table.action, table.createdAt.desc()),
    index("audit_log_actor_created_at_idx").on(table.actorId, table.createdAt.desc()),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
  ],
);
