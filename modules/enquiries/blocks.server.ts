import { and, eq, isNull } from "drizzle-orm";
import { conversations, userBlocks } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { EnquiryResult, RequestMeta } from "~/modules/enquiries/enquiry-result";
import { participantConversation } from "~/modules/enquiries/internal/participant.server";

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
