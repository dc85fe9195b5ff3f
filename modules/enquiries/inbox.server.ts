import { aliasedTable, and, asc, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { conversationMessages, conversations, listings, profiles } from "~/db/schema";
import type { ListingPhoto } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { participantIn } from "~/modules/enquiries/conversation-scope.server";
import type { ConversationStatus } from "~/modules/enquiries/enquiry-result";
import { UUID } from "~/modules/enquiries/internal/participant.server";
import { conversationSide, type ConversationSide } from "~/modules/enquiries/permissions";
import { publicName } from "~/modules/enquiries/public-name";
import { identityVerifiedSql } from "~/modules/identity/verified.server";
import { normalizePhotos } from "~/modules/media/photos";

const unreadFor = (viewer: Pick<Viewer, "id">): SQL =>
  sql`case when ${conversations.tenantId} = ${viewer.id}
        then ${conversations.tenantReadAt} is null or ${conversations.lastMessageAt} > ${conversations.tenantReadAt}
        else ${conversations.landlordReadAt} is null or ${conversations.lastMessageAt} > ${conversations.landlordReadAt} end`;

export interface InboxEntry {
  id: string;
  side: ConversationSide;
  listingId: string | null;
  listingTitle: string;
  photo: ListingPhoto | null;
  otherName: string;
  /** The other person's identity is verified now ("ID verified"). */
  otherVerified: boolean;
  /** A landlord's invitation and its answer; null for an enquiry the renter started. */
  invitation: "pending" | "accepted" | "declined" | null;
  status: ConversationStatus;
  lastMessage: string;
  lastMessageAt: string;
  unread: boolean;
}

const tenantProfile = aliasedTable(profiles, "tenant_profile");
const landlordProfile = aliasedTable(profiles, "landlord_profile");

const CONVERSATION_CREATED_AT_TEXT = sql<string>`to_char(${conversations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The inbox's columns for `viewer`'s conversations matching `where`, in `order`. */
async function inboxRows(db: Executor, viewer: Viewer, where: SQL | undefined, order: SQL[], limit: number) {
  const unread = unreadFor(viewer);
  const now = new Date();
  const rows = await db
    .select({
      id: conversations.id,
      tenantId: conversations.tenantId,
      landlordId: conversations.landlordId,
      listingId: conversations.listingId,
      listingTitle: conversations.listingTitle,
      photos: listings.photos,
      status: conversations.status,
      origin: conversations.origin,
      invitationState: conversations.invitationState,
      lastMessageAt: conversations.lastMessageAt,
      createdAtText: CONVERSATION_CREATED_AT_TEXT,
      unread: sql<boolean>`${unread}`,
      otherVerified: sql<boolean>`case when ${conversations.tenantId} = ${viewer.id}
        then ${identityVerifiedSql(conversations.landlordId, now)}
        else ${identityVerifiedSql(conversations.tenantId, now)} end`,
      lastMessage: sql<string>`(select ${conversationMessages.body} from ${conversationMessages}
        where ${conversationMessages.conversationId} = ${conversations.id}
        order by ${conversationMessages.createdAt} desc limit 1)`,
      tenantFirst: tenantProfile.firstName,
      tenantLast: tenantProfile.lastName,
      landlordFirst: landlordProfile.firstName,
      landlordLast: landlordProfile.lastName,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.listingId, conversations.listingId))
    .leftJoin(tenantProfile, eq(tenantProfile.id, conversations.tenantId))
    .leftJoin(landlordProfile, eq(landlordProfile.id, conversations.landlordId))
    .where(and(participantIn(viewer), where))
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => {
    const side = conversationSide(viewer, row) ?? "tenant";
    const other =
      side === "tenant"
        ? row.landlordId && { firstName: row.landlordFirst, lastName: row.landlordLast }
        : row.tenantId && { firstName: row.tenantFirst, lastName: row.tenantLast };
    const entry: InboxEntry = {
      id: row.id,
      side,
      listingId: row.listingId,
      listingTitle: row.listingTitle,
      photo: row.photos ? (normalizePhotos(row.photos)[0] ?? null) : null,
      otherName: publicName(other || null),
      otherVerified: Boolean(other) && row.otherVerified === true,
      invitation: row.origin === "invitation" ? row.invitationState : null,
      status: row.status,
      lastMessage: row.lastMessage,
      lastMessageAt: row.lastMessageAt.toISOString(),
      unread: Boolean(row.unread),
    };
    return { entry, createdAtText: row.createdAtText };
  });
}

/**
 * The viewer's conversations, on either side: unread first, then the most recent. `only` narrows
 * them further (the screening filters, modules/screening/screening-filters.server.ts).
 */
export async function listInbox(
  db: Executor,
  viewer: Viewer,
  { limit = 100, only }: { limit?: number; only?: SQL } = {},
): Promise<InboxEntry[]> {
  const rows = await inboxRows(
    db,
    viewer,
    only,
    [desc(unreadFor(viewer)), desc(conversations.lastMessageAt), asc(conversations.id)],
    limit,
  );
  return rows.map((row) => row.entry);
}

/** Where a keyset page of the inbox continues: after this conversation in newest-started-first order. */
export interface InboxCursor {
  /** created_at to the microsecond, as PostgreSQL prints it in UTC. */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function isInboxCursor(value: unknown): value is InboxCursor {
  const cursor = value as Partial<InboxCursor> | null;
  return (
    typeof cursor?.createdAt === "string" &&
    TIMESTAMP.test(cursor.createdAt) &&
    typeof cursor.id === "string" &&
    UUID.test(cursor.id)
  );
}

/**
 * A keyset page of the viewer's conversations (both sides), by when they started, newest first
 * (ties by id). Not the inbox's unread-first order: a new message moves a conversation there, which
 * would make a page skip or repeat rows; a conversation's start never moves.
 */
export async function inboxPage(
  db: Executor,
  viewer: Viewer,
  { limit, after, only }: { limit: number; after?: InboxCursor; only?: SQL },
): Promise<{ entries: InboxEntry[]; next: InboxCursor | null }> {
  const at = after && sql`${after.createdAt}::timestamptz`;
  const rows = await inboxRows(
    db,
    viewer,
    and(
      only,
      after && at
        ? or(lt(conversations.createdAt, at), and(eq(conversations.createdAt, at), gt(conversations.id, after.id)))
        : undefined,
    ),
    [desc(conversations.createdAt), asc(conversations.id)],
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => row.entry),
    next: rows.length > limit && last ? { createdAt: last.createdAtText, id: last.entry.id } : null,
  };
}

/** How many of the viewer's conversations have a message they have not read (for the account menu). */
export async function unreadCount(db: Executor, viewer: Pick<Viewer, "id">): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(participantIn(viewer), unreadFor(viewer)));
  return row?.count ?? 0;
}
