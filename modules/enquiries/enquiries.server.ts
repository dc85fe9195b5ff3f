import { aliasedTable, and, asc, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import {
  conversationMessages,
  conversations,
  listings,
  messagingSuspensions,
  profiles,
  userBlocks,
  type conversationStatuses,
  type messageAuthorRoles,
} from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { participantIn } from "~/modules/enquiries/conversation-scope.server";
import type { EnquiryInput } from "~/modules/enquiries/enquiry-input";
import { contactFlag } from "~/modules/enquiries/internal/contact-flags";
import { hitEnquiryLimit, hitMessageLimit } from "~/modules/enquiries/internal/limits.server";
import { accountCreatedAt, notifyParticipant } from "~/modules/enquiries/internal/notify.server";
import { canCloseConversation, conversationSide, type ConversationSide } from "~/modules/enquiries/permissions";
import { setListingStatus } from "~/modules/listings/listing-write.server";
import { normalizePhotos } from "~/modules/media/photos";
import { isAcceptableName } from "~/modules/profiles/person-name";
import type { ListingPhoto } from "~/db/schema";

export type ConversationStatus = (typeof conversationStatuses)[number];

/**
 * Why a conversation step was refused. "not-found" covers a conversation that does not exist and
 * one the viewer is not part of (never which); "blocked" either side blocked the other;
 * "suspended" staff stopped the viewer sending; "rate-limited" carries the wait.
 */
export type EnquiryRefusal =
  | {
      ok: false;
      reason: "not-found" | "forbidden" | "closed" | "blocked" | "suspended" | "own-listing" | "unavailable";
    }
  | { ok: false; reason: "already-enquired"; conversationId: string }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

export type EnquiryResult<T> = { ok: true; value: T } | EnquiryRefusal;

/** What every write carries from the transport: the client's address (for the per-address limits). */
export interface RequestMeta {
  clientAddress: string;
  now?: Date;
}

/** Polite notices written into the thread by the product itself. */
export const NOTICES = {
  declined: "The landlord has declined this enquiry. Thank you for your interest, and good luck with your search.",
  let: "This room has now been let. Thank you for your interest, and good luck with your search.",
  letToOthers:
    "Sorry — this room has now been let to someone else. Thank you for your interest, and good luck with your search.",
} as const;

const ANONYMISED = "Former member";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Alex P.": what the other side of a conversation sees of a person (never their e-mail). A name
 * stored before the name rule refused markup and web addresses is not shown.
 */
export function publicName(person: { firstName: string | null; lastName: string | null } | null): string {
  if (!person) return ANONYMISED;
  const first = person.firstName?.trim();
  const last = person.lastName?.trim() ?? "";
  const initial = isAcceptableName(last) ? last.charAt(0) : "";
  if (!first || !isAcceptableName(first)) return "Laneway member";
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: messagingSuspensions.userId })
    .from(messagingSuspensions)
    .where(eq(messagingSuspensions.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Whether either of the two has blocked the other. */
async function eitherBlocked(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A signed-in user's enquiry about a listing: opens the conversation with its first message, and
 * e-mails the landlord. One conversation per tenant and listing (asking again points to it).
 */
export async function startEnquiry(
  db: Executor,
  viewer: Viewer,
  input: { listingId: string; enquiry: EnquiryInput },
  meta: RequestMeta,
): Promise<EnquiryResult<{ conversationId: string; flagged: boolean }>> {
  const now = meta.now ?? new Date();
  if (!UUID.test(input.listingId)) return { ok: false, reason: "not-found" };
  const [listing] = await db
    .select({
      id: listings.listingId,
      title: listings.listingTitle,
      landlordId: listings.landlordId,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.listingId, input.listingId))
    .limit(1);
  if (!listing) return { ok: false, reason: "not-found" };
  if (!listing.landlordId || listing.status !== "available") return { ok: false, reason: "unavailable" };
  if (listing.landlordId === viewer.id) return { ok: false, reason: "own-listing" };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listing.id), eq(conversations.tenantId, viewer.id)))
    .limit(1);
  if (existing) return { ok: false, reason: "already-enquired", conversationId: existing.id };
  if (await isSuspended(db, viewer.id)) return { ok: false, reason: "suspended" };
  if (await eitherBlocked(db, viewer.id, listing.landlordId)) return { ok: false, reason: "blocked" };
  const createdAt = await accountCreatedAt(db, viewer.id);
  if (!createdAt) return { ok: false, reason: "forbidden" };
  const wait = await hitEnquiryLimit(viewer.id, createdAt, meta.clientAddress, now);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };

  const flagReason = contactFlag(input.enquiry.message);
  const landlordId = listing.landlordId;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        listingId: listing.id,
        listingTitle: listing.title,
        tenantId: viewer.id,
        landlordId,
        moveInDate: input.enquiry.moveInDate,
        leaseMonths: input.enquiry.leaseMonths,
        tenantPhone: input.enquiry.phone,
        lastMessageAt: now,
        tenantReadAt: now,
        flagReason,
        createdAt: now,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error("the conversation insert returned no row");
    await tx.insert(conversationMessages).values({
      conversationId: conversation.id,
      authorId: viewer.id,
      authorRole: "tenant",
      body: input.enquiry.message,
      createdAt: now,
    });
    await notifyParticipant(tx, {
      conversationId: conversation.id,
      recipient: "landlord",
      kind: "enquiry",
      listingTitle: listing.title,
      senderName: publicName(viewer),
      message: input.enquiry.message,
      now,
    });
    return { ok: true, value: { conversationId: conversation.id, flagged: flagReason !== null } } as const;
  });
}

type ConversationRow = typeof conversations.$inferSelect;

/** The conversation `conversationId` if the viewer takes part in it, with their side. */
async function participantConversation(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
): Promise<{ conversation: ConversationRow; side: ConversationSide } | null> {
  if (!UUID.test(conversationId)) return null;
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), participantIn(viewer)))
    .limit(1);
  if (!conversation) return null;
  const side = conversationSide(viewer, conversation);
  return side ? { conversation, side } : null;
}

function otherSide(side: ConversationSide): ConversationSide {
  return side === "tenant" ? "landlord" : "tenant";
}

function readColumn(side: ConversationSide) {
  return side === "tenant" ? { tenantReadAt: new Date() } : { landlordReadAt: new Date() };
}

/** Writes one message (or notice) into a conversation and moves its last-message time. */
async function appendMessage(
  tx: Executor,
  conversationId: string,
  message: { authorId: string | null; authorRole: (typeof messageAuthorRoles)[number]; body: string },
  writerSide: ConversationSide,
  now: Date,
  status?: ConversationStatus,
): Promise<string> {
  const [row] = await tx
    .insert(conversationMessages)
    .values({ conversationId, ...message, createdAt: now })
    .returning({ id: conversationMessages.id });
  if (!row) throw new Error("the message insert returned no row");
  await tx
    .update(conversations)
    .set({
      lastMessageAt: now,
      ...(writerSide === "tenant" ? { tenantReadAt: now } : { landlordReadAt: now }),
      ...(status ? { status } : {}),
    })
    .where(eq(conversations.id, conversationId));
  return row.id;
}

/** A participant's reply; e-mails the other side (throttled). */
export async function replyToConversation(
  db: Executor,
  viewer: Viewer,
  input: { conversationId: string; body: string },
  meta: RequestMeta,
): Promise<EnquiryResult<{ messageId: string }>> {
  const now = meta.now ?? new Date();
  const found = await participantConversation(db, viewer, input.conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  const { conversation, side } = found;
  if (conversation.status !== "open") return { ok: false, reason: "closed" };
  const other = side === "tenant" ? conversation.landlordId : conversation.tenantId;
  if (!other) return { ok: false, reason: "closed" };
  if (await isSuspended(db, viewer.id)) return { ok: false, reason: "suspended" };
  if (await eitherBlocked(db, viewer.id, other)) return { ok: false, reason: "blocked" };
  const wait = await hitMessageLimit(viewer.id, meta.clientAddress);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
  return db.transaction(async (tx) => {
    const messageId = await appendMessage(
      tx,
      conversation.id,
      { authorId: viewer.id, authorRole: side, body: input.body },
      side,
      now,
    );
    await notifyParticipant(tx, {
      conversationId: conversation.id,
      recipient: otherSide(side),
      kind: "message",
      listingTitle: conversation.listingTitle,
      senderName: publicName(viewer),
      message: input.body,
      now,
    });
    return { ok: true, value: { messageId } } as const;
  });
}

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
  const rows = await db
    .select({
      id: conversations.id,
      tenantId: conversations.tenantId,
      landlordId: conversations.landlordId,
      listingId: conversations.listingId,
      listingTitle: conversations.listingTitle,
      photos: listings.photos,
      status: conversations.status,
      lastMessageAt: conversations.lastMessageAt,
      createdAtText: CONVERSATION_CREATED_AT_TEXT,
      unread: sql<boolean>`${unread}`,
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
      status: row.status,
      lastMessage: row.lastMessage,
      lastMessageAt: row.lastMessageAt.toISOString(),
      unread: Boolean(row.unread),
    };
    return { entry, createdAtText: row.createdAtText };
  });
}

/** The viewer's conversations, on either side: unread first, then the most recent. */
export async function listInbox(db: Executor, viewer: Viewer, { limit = 100 } = {}): Promise<InboxEntry[]> {
  const rows = await inboxRows(
    db,
    viewer,
    undefined,
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
  { limit, after }: { limit: number; after?: InboxCursor },
): Promise<{ entries: InboxEntry[]; next: InboxCursor | null }> {
  const at = after && sql`${after.createdAt}::timestamptz`;
  const rows = await inboxRows(
    db,
    viewer,
    after && at
      ? or(lt(conversations.createdAt, at), and(eq(conversations.createdAt, at), gt(conversations.id, after.id)))
      : undefined,
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

export interface ThreadMessage {
  id: string;
  /** "you", "them" or "notice". */
  from: "you" | "them" | "notice";
  authorName: string;
  body: string;
  createdAt: string;
}

export interface Thread {
  id: string;
  side: ConversationSide;
  status: ConversationStatus;
  listingId: string | null;
  listingTitle: string;
  listingLet: boolean;
  photo: ListingPhoto | null;
  otherName: string;
  moveInDate: string;
  leaseMonths: number;
  /** The tenant's phone, if they shared it (shown to both sides). */
  tenantPhone: string | null;
  /** The landlord's contact details: only to the tenant, and only once the landlord has replied. */
  landlordContact: { email: string | null; phone: string | null } | null;
  canReply: boolean;
  canClose: boolean;
  blocked: boolean;
  reported: boolean;
  messages: ThreadMessage[];
}

/**
 * One conversation for a participant, with its messages; marks it read for them unless `markRead`
 * is false (the API reads without marking: a program fetching a thread is not the person reading it).
 */
export async function readThread(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<Thread | null> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return null;
  const { conversation, side } = found;
  const otherId = side === "tenant" ? conversation.landlordId : conversation.tenantId;
  const [messages, [listing], [otherProfile], blocked] = await Promise.all([
    db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id))
      .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id)),
    conversation.listingId
      ? db
          .select({
            photos: listings.photos,
            status: listings.status,
            email: listings.landlordEmail,
            phone: listings.landlordPhone,
          })
          .from(listings)
          .where(eq(listings.listingId, conversation.listingId))
          .limit(1)
      : Promise.resolve([]),
    otherId
      ? db
          .select({ firstName: profiles.firstName, lastName: profiles.lastName })
          .from(profiles)
          .where(eq(profiles.id, otherId))
          .limit(1)
      : Promise.resolve([]),
    otherId ? isBlockedBy(db, viewer.id, otherId) : Promise.resolve(false),
  ]);
  if (markRead) await db.update(conversations).set(readColumn(side)).where(eq(conversations.id, conversation.id));
  const otherName = publicName(otherId ? (otherProfile ?? { firstName: null, lastName: null }) : null);
  const landlordReplied = messages.some((message) => message.authorRole === "landlord");
  return {
    id: conversation.id,
    side,
    status: conversation.status,
    listingId: listing ? conversation.listingId : null,
    listingTitle: conversation.listingTitle,
    listingLet: listing?.status === "let",
    photo: listing ? (normalizePhotos(listing.photos)[0] ?? null) : null,
    otherName,
    moveInDate: conversation.moveInDate,
    leaseMonths: conversation.leaseMonths,
    tenantPhone: conversation.tenantPhone,
    landlordContact:
      side === "tenant" && landlordReplied && listing ? { email: listing.email, phone: listing.phone } : null,
    canReply: conversation.status === "open" && otherId !== null && !blocked,
    canClose: canCloseConversation(viewer, conversation) && conversation.status === "open",
    blocked,
    reported: conversation.reportedAt !== null && conversation.reportedBy === viewer.id,
    messages: messages.map((message) => ({
      id: message.id,
      from: message.authorRole === "notice" ? "notice" : message.authorId === viewer.id ? "you" : "them",
      authorName:
        message.authorRole === "notice"
          ? "Laneway Rooms"
          : message.authorId === viewer.id
            ? "You"
            : message.authorId
              ? otherName
              : ANONYMISED,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

async function isBlockedBy(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

/** Marks a conversation read for the viewer (the thread page does this when it is opened). */
export async function markRead(db: Executor, viewer: Viewer, conversationId: string): Promise<EnquiryResult<null>> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  await db.update(conversations).set(readColumn(found.side)).where(eq(conversations.id, found.conversation.id));
  return { ok: true, value: null };
}

/** The landlord declines an enquiry: the tenant gets a polite notice in the thread and an e-mail. */
export async function declineEnquiry(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
  meta: RequestMeta,
): Promise<EnquiryResult<null>> {
  const now = meta.now ?? new Date();
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  if (!canCloseConversation(viewer, found.conversation)) return { ok: false, reason: "forbidden" };
  if (found.conversation.status !== "open") return { ok: false, reason: "closed" };
  return db.transaction(async (tx) => {
    await closeWithNotice(tx, found.conversation, NOTICES.declined, "declined", now);
    return { ok: true, value: null } as const;
  });
}

async function closeWithNotice(
  tx: Executor,
  conversation: Pick<ConversationRow, "id" | "listingTitle">,
  notice: string,
  status: ConversationStatus,
  now: Date,
): Promise<void> {
  await appendMessage(
    tx,
    conversation.id,
    { authorId: null, authorRole: "notice", body: notice },
    "landlord",
    now,
    status,
  );
  await notifyParticipant(tx, {
    conversationId: conversation.id,
    recipient: "tenant",
    kind: "message",
    listingTitle: conversation.listingTitle,
    senderName: "the landlord",
    message: notice,
    now,
  });
}

/**
 * The landlord marks the room let to this enquirer. Optionally also sets the listing to let (under
 * the listing rules: an active landlord's own listing) and closes every other open enquiry about it
 * with a polite notice and an e-mail.
 */
export async function markLet(
  db: Executor,
  viewer: Viewer,
  input: { conversationId: string; setListingLet: boolean; notifyOthers: boolean },
  meta: RequestMeta,
): Promise<EnquiryResult<{ listingSetLet: boolean; othersNotified: number }>> {
  const now = meta.now ?? new Date();
  const found = await participantConversation(db, viewer, input.conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  const { conversation } = found;
  if (!canCloseConversation(viewer, conversation)) return { ok: false, reason: "forbidden" };
  if (conversation.status !== "open") return { ok: false, reason: "closed" };
  return db.transaction(async (tx) => {
    await closeWithNotice(tx, conversation, NOTICES.let, "let", now);
    let listingSetLet = false;
    if (input.setListingLet && conversation.listingId) {
      const result = await setListingStatus(tx, viewer, conversation.listingId, "let");
      listingSetLet = result.ok;
    }
    let othersNotified = 0;
    if (input.notifyOthers && conversation.listingId) {
      const others = await tx
        .select({ id: conversations.id, listingTitle: conversations.listingTitle })
        .from(conversations)
        .where(
          and(
            eq(conversations.listingId, conversation.listingId),
            eq(conversations.landlordId, viewer.id),
            eq(conversations.status, "open"),
            ne(conversations.id, conversation.id),
          ),
        );
      for (const other of others) await closeWithNotice(tx, other, NOTICES.letToOthers, "let", now);
      othersNotified = others.length;
    }
    return { ok: true, value: { listingSetLet, othersNotified } } as const;
  });
}

/** The viewer blocks the other side of a conversation: neither can write to the other again. */
export async function blockOtherSide(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
): Promise<EnquiryResult<null>> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  const otherId = found.side === "tenant" ? found.conversation.landlordId : found.conversation.tenantId;
  if (!otherId) return { ok: false, reason: "closed" };
  await db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: otherId }).onConflictDoNothing();
  return { ok: true, value: null };
}

/** Lifts the viewer's block of the other side. */
export async function unblockOtherSide(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
): Promise<EnquiryResult<null>> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  const otherId = found.side === "tenant" ? found.conversation.landlordId : found.conversation.tenantId;
  if (otherId) {
    await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, otherId)));
  }
  return { ok: true, value: null };
}

/** A participant reports a conversation to staff; it appears on the admin review list. */
export async function reportConversation(
  db: Executor,
  viewer: Viewer,
  conversationId: string,
  meta: RequestMeta,
): Promise<EnquiryResult<null>> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  await db
    .update(conversations)
    .set({ reportedAt: meta.now ?? new Date(), reportedBy: viewer.id })
    .where(and(eq(conversations.id, found.conversation.id), isNull(conversations.reportedAt)));
  return { ok: true, value: null };
}

const FIRST_REPLY_SAMPLE = 20;
const FIRST_REPLY_MINIMUM = 3;

/**
 * "Usually replies within N hours": the median time to the landlord's first reply over their
 * recent enquiries, once at least three have a reply; null before that.
 */
export async function usualReplyHours(db: Executor, landlordId: string | null): Promise<number | null> {
  if (!landlordId) return null;
  const rows = await db
    .select({
      hours: sql<number>`extract(epoch from (min(${conversationMessages.createdAt}) - ${conversations.createdAt})) / 3600`,
    })
    .from(conversations)
    .innerJoin(
      conversationMessages,
      and(eq(conversationMessages.conversationId, conversations.id), eq(conversationMessages.authorRole, "landlord")),
    )
    .where(and(eq(conversations.landlordId, landlordId), gt(conversations.createdAt, sql`now() - interval '180 days'`)))
    .groupBy(conversations.id, conversations.createdAt)
    .orderBy(desc(conversations.createdAt))
    .limit(FIRST_REPLY_SAMPLE);
  if (rows.length < FIRST_REPLY_MINIMUM) return null;
  const hours = rows.map((row) => Number(row.hours)).sort((a, b) => a - b);
  const median = hours[Math.floor(hours.length / 2)] ?? 0;
  return Math.max(1, Math.ceil(median));
}

/**
 * What the listing page offers the viewer: sign in first, nothing on their own listing, their
 * existing conversation, or the form (and how fast the landlord usually replies).
 */
export type EnquiryOffer =
  | { kind: "sign-in" | "own-listing" | "unavailable" }
  | { kind: "existing"; conversationId: string }
  | { kind: "form"; usualReplyHours: number | null };

export async function enquiryOffer(
  db: Executor,
  viewer: Viewer | null,
  listing: { id: string; landlordId: string | null; status: string },
): Promise<EnquiryOffer> {
  if (!listing.landlordId || listing.status !== "available") return { kind: "unavailable" };
  if (!viewer) return { kind: "sign-in" };
  if (viewer.id === listing.landlordId) return { kind: "own-listing" };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listing.id), eq(conversations.tenantId, viewer.id)))
    .limit(1);
  if (existing) return { kind: "existing", conversationId: existing.id };
  return { kind: "form", usualReplyHours: await usualReplyHours(db, listing.landlordId) };
}
