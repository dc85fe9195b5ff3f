import { and, eq } from "drizzle-orm";
import { conversationMessages, conversations, userBlocks } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { contactFlag } from "~/modules/enquiries/internal/contact-flags";
import {
  eitherBlocked,
  isSuspended,
  participantConversation,
  UUID,
} from "~/modules/enquiries/internal/participant.server";

/**
 * The conversation side of a landlord's invitation (modules/renter-search decides who may invite
 * whom): the thread it opens, and the renter's one answer to it.
 */

/** Why the landlord may not write to this renter at all: staff suspended them, or a block either way. */
export async function messagingRefusal(
  db: Executor,
  senderId: string,
  recipientId: string,
): Promise<"suspended" | "blocked" | null> {
  if (await isSuspended(db, senderId)) return "suspended";
  if (await eitherBlocked(db, senderId, recipientId)) return "blocked";
  return null;
}

/** Whether an id is a UUID (conversations and listings are keyed by them). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The conversation about this listing between this tenant and its landlord, if one exists. */
export async function existingConversation(tx: Executor, listingId: string, tenantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.tenantId, tenantId)))
    .limit(1);
  return row?.id ?? null;
}

/** Opens an invitation's conversation with the landlord's message, pending the renter's answer. */
export async function openInvitationThread(
  tx: Executor,
  input: {
    listing: { id: string; title: string };
    landlordId: string;
    renterId: string;
    moveInDate: string;
    leaseMonths: number;
    message: string;
    now: Date;
  },
): Promise<string> {
  const [conversation] = await tx
    .insert(conversations)
    .values({
      listingId: input.listing.id,
      listingTitle: input.listing.title,
      tenantId: input.renterId,
      landlordId: input.landlordId,
      moveInDate: input.moveInDate,
      leaseMonths: input.leaseMonths,
      origin: "invitation",
      invitationState: "pending",
      lastMessageAt: input.now,
      landlordReadAt: input.now,
      tenantEmailedAt: input.now,
      flagReason: contactFlag(input.message),
      createdAt: input.now,
    })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("the conversation insert returned no row");
  await tx.insert(conversationMessages).values({
    conversationId: conversation.id,
    authorId: input.landlordId,
    authorRole: "landlord",
    body: input.message,
    createdAt: input.now,
  });
  return conversation.id;
}

/**
 * The invited renter's answer, once: accepted keeps the conversation open as an enquiry, declined
 * closes it; a notice in the thread says which. `block` also blocks the landlord, in the same
 * transaction (the enquiries' own block: neither writes to the other again). Null when the viewer is not the invited renter of
 * an invitation (not found), or false when it was already answered or closed (a replay).
 */
export async function answerInvitationThread(
  db: Executor,
  viewer: Viewer,
  input: { conversationId: string; accepted: boolean; block: boolean; notice: string; now: Date },
): Promise<boolean | null> {
  const found = await participantConversation(db, viewer, input.conversationId);
  if (!found || found.side !== "tenant" || found.conversation.origin !== "invitation") return null;
  return db.transaction(async (tx) => {
    // The state moves from pending once: a replay or a second tab finds no pending, open row.
    const [row] = await tx
      .update(conversations)
      .set({
        invitationState: input.accepted ? "accepted" : "declined",
        lastMessageAt: input.now,
        tenantReadAt: input.now,
        ...(input.accepted ? {} : { status: "declined" as const }),
      })
      .where(
        and(
          eq(conversations.id, found.conversation.id),
          eq(conversations.status, "open"),
          eq(conversations.invitationState, "pending"),
        ),
      )
      .returning({ id: conversations.id });
    if (!row) return false;
    await tx.insert(conversationMessages).values({
      conversationId: row.id,
      authorId: null,
      authorRole: "notice",
      body: input.notice,
      createdAt: input.now,
    });
    const landlordId = found.conversation.landlordId;
    if (input.block && landlordId)
      await tx.insert(userBlocks).values({ blockerId: viewer.id, blockedId: landlordId }).onConflictDoNothing();
    return true;
  });
}
