/**
 * Enquiries: a tenant's conversation with a listing's landlord, blocks and messaging suspensions.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { listings } from "~/db/schema/listings";

export const conversationStatuses = ["open", "declined", "let"] as const;
export const messageAuthorRoles = ["tenant", "landlord", "notice"] as const;
/** How a conversation began: the tenant enquired, or a landlord invited a findable renter (ADR 113). */
export const conversationOrigins = ["enquiry", "invitation"] as const;
/** An invitation's answer: pending until the renter accepts or declines it. */
export const invitationStates = ["pending", "accepted", "declined"] as const;

/**
 * One enquiry about one listing: its tenant and landlord (either set to null when that account is
 * deleted, so the other side keeps a readable copy), the enquiry's details, each side's last read
 * time and last e-mail (unread counts and the e-mail throttle), and moderation marks. The listing's
 * title is copied, so a deleted listing leaves the thread intact.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id").references(() => listings.listingId, { onDelete: "set null" }),
    listingTitle: text("listing_title").notNull(),
    tenantId: text("tenant_id").references(() => users.id, { onDelete: "set null" }),
    landlordId: text("landlord_id").references(() => users.id, { onDelete: "set null" }),
    moveInDate: date("move_in_date", { mode: "string" }).notNull(),
    leaseMonths: integer("lease_months").notNull(),
    tenantPhone: text("tenant_phone"),
    status: text("status", { enum: conversationStatuses }).notNull().default("open"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    tenantReadAt: timestamp("tenant_read_at", { withTimezone: true }),
    landlordReadAt: timestamp("landlord_read_at", { withTimezone: true }),
    tenantEmailedAt: timestamp("tenant_emailed_at", { withTimezone: true }),
    landlordEmailedAt: timestamp("landlord_emailed_at", { withTimezone: true }),
    /** Why the first message was held for review (a link, an e-mail address, a phone number), if it was. */
    flagReason: text("flag_reason"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    origin: text("origin", { enum: conversationOrigins }).notNull().default("enquiry"),
    /** Null for an enquiry; an invitation's answer otherwise. */
    invitationState: text("invitation_state", { enum: invitationStates }),
    createdAt: createdAt(),
  },
  (table) => [
    check("conversations_lease_months_range", sql`${table.leaseMonths} between 3 and 12`),
    index("conversations_tenant_inbox_idx").on(table.tenantId, table.lastMessageAt.desc()),
    index("conversations_landlord_inbox_idx").on(table.landlordId, table.lastMessageAt.desc()),
    index("conversations_listing_idx").on(table.listingId),
    index("conversations_tenant_created_idx").on(table.tenantId, table.createdAt.desc()),
    check("conversations_origin", sql`${table.origin} in ('enquiry', 'invitation')`),
    check(
      "conversations_invitation_state",
      sql`(${table.origin} = 'enquiry' and ${table.invitationState} is null) or (${table.origin} = 'invitation' and ${table.invitationState} in ('pending', 'accepted', 'declined'))`,
    ),
    // The daily invitation count per landlord, and one open invitation per renter and listing.
    index("conversations_landlord_invitations_idx")
      .on(table.landlordId, table.createdAt.desc())
      .where(sql`${table.origin} = 'invitation'`),
    uniqueIndex("conversations_open_invitation_idx")
      .on(table.listingId, table.tenantId)
      .where(sql`${table.origin} = 'invitation' and ${table.status} = 'open'`),
    index("conversations_review_idx")
      .on(table.createdAt.desc())
      .where(sql`${table.flagReason} is not null or ${table.reportedAt} is not null`),
  ],
);

/** The messages of a conversation, plain text; the author is null once their account is deleted. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Which side wrote it; "notice" for the product's own notes (declined, room let). */
    authorRole: text("author_role", { enum: messageAuthorRoles }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("conversation_messages_body_length", sql`length(${table.body}) between 1 and 4000`),
    index("conversation_messages_thread_idx").on(table.conversationId, table.createdAt),
  ],
);

/** A user's block of another: neither can start a conversation with the other or write to a shared one. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("user_blocks_blocked_idx").on(table.blockedId),
  ],
);

/** Senders staff have suspended from messaging (the change itself is in the audit log). */
export const messagingSuspensions = pgTable("messaging_suspensions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  suspendedBy: text("suspended_by").notNull(),
  reason: text("reason"),
  createdAt: createdAt(),
});
