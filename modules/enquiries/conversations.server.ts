import { and, asc, eq, ne } from "drizzle-orm";
import { conversationMessages, conversations, listings, profiles, type messageAuthorRoles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { SiteSettings } from "~/lib/services.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { ConversationStatus, EnquiryResult, RequestMeta } from "~/modules/enquiries/enquiry-result";
import type { EnquiryInput } from "~/modules/enquiries/enquiry-input";
import { contactFlag } from "~/modules/enquiries/internal/contact-flags";
import { hitEnquiryLimit, hitMessageLimit } from "~/modules/enquiries/internal/limits.server";
import { accountCreatedAt, notifyParticipant } from "~/modules/enquiries/internal/notify.server";
import {
  eitherBlocked,
  isBlockedBy,
  isSuspended,
  otherSide,
  participantConversation,
  readColumn,
  UUID,
  type ConversationRow,
} from "~/modules/enquiries/internal/participant.server";
import { canCloseConversation, type ConversationSide } from "~/modules/enquiries/permissions";
import { ANONYMISED, publicName } from "~/modules/enquiries/public-name";
import { setListingStatus } from "~/modules/listings/listing-write.server";
import { isIdentityVerified } from "~/modules/identity/verified.server";
import { normalizePhotos } from "~/modules/media/photos";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";
import type { ListingPhoto } from "~/db/schema";

/** The site the e-mails these writes queue link to. */
type EnquirySite = Pick<SiteSettings, "name" | "url">;

/** What the writes that e-mail the other side need besides the viewer: the database and the site. */
export interface EnquiryServices {
  db: Executor;
  site: EnquirySite;
  /** Counts enquiries, landlord replies, first-reply times and lets for the listing's analytics. */
  analytics?: Pick<ListingCounter, "count" | "firstReply">;
}

/** Polite notices written into the thread by the product itself. */
export const NOTICES = {
  declined: "The landlord has declined this enquiry. Thank you for your interest, and good luck with your search.",
  let: "This room has now been let. Thank you for your interest, and good luck with your search.",
  letToOthers:
    "Sorry — this room has now been let to someone else. Thank you for your interest, and good luck with your search.",
} as const;

/**
 * A signed-in user's enquiry about a listing: opens the conversation with its first message, and
 * e-mails the landlord. One conversation per tenant and listing (asking again points to it).
 */
export async function startEnquiry(
  { db, site, analytics }: EnquiryServices,
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
  const started = await db.transaction(async (tx) => {
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
    await notifyParticipant(tx, site, {
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
  analytics?.count(listing.id, "enquiries");
  return started;
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
  { db, site, analytics }: EnquiryServices,
  viewer: Viewer,
  input: { conversationId: string; body: string },
  meta: RequestMeta,
): Promise<EnquiryResult<{ messageId: string }>> {
  const now = meta.now ?? new Date();
  const found = await participantConversation(db, viewer, input.conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  const { conversation, side } = found;
  if (conversation.status !== "open") return { ok: false, reason: "closed" };
  // An invitation opens for messages once the renter accepts it (ADR 113).
  if (conversation.invitationState === "pending") return { ok: false, reason: "awaiting-answer" };
  const other = side === "tenant" ? conversation.landlordId : conversation.tenantId;
  if (!other) return { ok: false, reason: "closed" };
  if (await isSuspended(db, viewer.id)) return { ok: false, reason: "suspended" };
  if (await eitherBlocked(db, viewer.id, other)) return { ok: false, reason: "blocked" };
  const wait = await hitMessageLimit(viewer.id, meta.clientAddress);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };
  const firstAnswer = side === "landlord" && !(await landlordHasAnswered(db, conversation.id));
  const replied = await db.transaction(async (tx) => {
    const messageId = await appendMessage(
      tx,
      conversation.id,
      { authorId: viewer.id, authorRole: side, body: input.body },
      side,
      now,
    );
    await notifyParticipant(tx, site, {
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
  if (side === "landlord" && conversation.listingId) {
    analytics?.count(conversation.listingId, "replies");
    if (firstAnswer)
      analytics?.firstReply(conversation.listingId, (now.getTime() - conversation.createdAt.getTime()) / 1000);
  }
  return replied;
}

async function landlordHasAnswered(db: Executor, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.authorRole, "landlord")),
    )
    .limit(1);
  return row !== undefined;
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
  /** How the conversation began, and an invitation's answer (null for an enquiry). */
  origin: "enquiry" | "invitation";
  invitationState: "pending" | "accepted" | "declined" | null;
  /** The other person's identity is verified now ("ID verified"). */
  otherVerified: boolean;
  moveInDate: string;
  leaseMonths: number;
  /** The tenant's phone, if they shared it (shown to both sides). */
  tenantPhone: string | null;
  /** The landlord's contact details: only to the tenant, and only once the landlord has replied. */
  landlordContact: { email: string | null; phone: string | null } | null;
  canReply: boolean;
  canClose: boolean;
  /** The other side still has an account to block (not for a Former member). */
  canBlock: boolean;
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
  const [messages, [listing], [otherProfile], blocked, otherVerified] = await Promise.all([
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
    otherId ? isIdentityVerified(db, otherId, new Date()) : Promise.resolve(false),
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
    origin: conversation.origin,
    invitationState: conversation.invitationState,
    otherVerified,
    moveInDate: conversation.moveInDate,
    leaseMonths: conversation.leaseMonths,
    tenantPhone: conversation.tenantPhone,
    landlordContact:
      side === "tenant" && landlordReplied && listing ? { email: listing.email, phone: listing.phone } : null,
    canReply:
      conversation.status === "open" && conversation.invitationState !== "pending" && otherId !== null && !blocked,
    canClose: canCloseConversation(viewer, conversation) && conversation.status === "open",
    canBlock: otherId !== null,
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

/** Marks a conversation read for the viewer (the thread page does this when it is opened). */
export async function markRead(db: Executor, viewer: Viewer, conversationId: string): Promise<EnquiryResult<null>> {
  const found = await participantConversation(db, viewer, conversationId);
  if (!found) return { ok: false, reason: "not-found" };
  await db.update(conversations).set(readColumn(found.side)).where(eq(conversations.id, found.conversation.id));
  return { ok: true, value: null };
}

/** The landlord declines an enquiry: the tenant gets a polite notice in the thread and an e-mail. */
export async function declineEnquiry(
  { db, site }: EnquiryServices,
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
    await closeWithNotice(tx, site, found.conversation, NOTICES.declined, "declined", now);
    return { ok: true, value: null } as const;
  });
}

async function closeWithNotice(
  tx: Executor,
  site: EnquirySite,
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
  await notifyParticipant(tx, site, {
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
  { db, site, analytics }: EnquiryServices,
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
  const marked = await db.transaction(async (tx) => {
    await closeWithNotice(tx, site, conversation, NOTICES.let, "let", now);
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
      for (const other of others) await closeWithNotice(tx, site, other, NOTICES.letToOthers, "let", now);
      othersNotified = others.length;
    }
    return { ok: true, value: { listingSetLet, othersNotified } } as const;
  });
  if (conversation.listingId) analytics?.count(conversation.listingId, "lets");
  return marked;
}
