import { and, eq, or } from "drizzle-orm";
import { conversations, messagingSuspensions, userBlocks } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { participantIn } from "~/modules/enquiries/conversation-scope.server";
import { conversationSide, type ConversationSide } from "~/modules/enquiries/permissions";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ConversationRow = typeof conversations.$inferSelect;

/** The conversation `conversationId` if the viewer takes part in it, with their side. */
export async function participantConversation(
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

export function otherSide(side: ConversationSide): ConversationSide {
  return side === "tenant" ? "landlord" : "tenant";
}

export function readColumn(side: ConversationSide) {
  return side === "tenant" ? { tenantReadAt: new Date() } : { landlordReadAt: new Date() };
}

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: messagingSuspensions.userId })
    .from(messagingSuspensions)
    .where(eq(messagingSuspensions.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Whether either of the two has blocked the other. */
export async function eitherBlocked(db: Executor, a: string, b: string): Promise<boolean> {
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

export async function isBlockedBy(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}
