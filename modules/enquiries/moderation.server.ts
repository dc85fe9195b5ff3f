import { and, asc, desc, eq, isNotNull, or } from "drizzle-orm";
import { conversationMessages, conversations, messagingSuspensions, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import { canModerateEnquiries } from "~/modules/enquiries/permissions";

export interface ReviewConversation {
  id: string;
  listingTitle: string;
  flagReason: string | null;
  reportedAt: string | null;
  createdAt: string;
  tenant: { id: string; email: string; suspended: boolean } | null;
  landlord: { id: string; email: string; suspended: boolean } | null;
  messages: { id: string; authorRole: string; authorId: string | null; body: string; createdAt: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function person(db: Executor, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, suspendedBy: messagingSuspensions.suspendedBy })
    .from(users)
    .leftJoin(messagingSuspensions, eq(messagingSuspensions.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? { id: row.id, email: row.email, suspended: row.suspendedBy !== null } : null;
}

/**
 * Conversations staff should look at: reported by a participant, or flagged because the first
 * message carried a link or contact details. Newest first; staff and admins only.
 */
export async function listReviewConversations(
  db: Executor,
  viewer: Viewer,
  { limit = 50 } = {},
): Promise<{ ok: true; value: ReviewConversation[] } | { ok: false; reason: "forbidden" }> {
  if (!canModerateEnquiries(viewer)) return { ok: false, reason: "forbidden" };
  const rows = await db
    .select()
    .from(conversations)
    .where(or(isNotNull(conversations.flagReason), isNotNull(conversations.reportedAt)))
    .orderBy(desc(conversations.createdAt))
    .limit(limit);
  const value = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      listingTitle: row.listingTitle,
      flagReason: row.flagReason,
      reportedAt: row.reportedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      tenant: await person(db, row.tenantId),
      landlord: await person(db, row.landlordId),
      messages: (
        await db
          .select()
          .from(conversationMessages)
          .where(eq(conversationMessages.conversationId, row.id))
          .orderBy(asc(conversationMessages.createdAt))
      ).map((message) => ({
        id: message.id,
        authorRole: message.authorRole,
        authorId: message.authorId,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
    })),
  );
  return { ok: true, value };
}

/**
 * Staff stop a participant of a reviewed conversation from sending enquiries and messages. Only a
 * participant of a flagged or reported conversation can be suspended from here; the change and its
 * reason are audited in the same transaction.
 */
export async function suspendSender(
  db: Executor,
  viewer: Viewer,
  input: { conversationId: string; userId: string; reason: string },
  meta: AuditMeta,
): Promise<{ ok: true; value: null } | { ok: false; reason: "forbidden" | "not-found" | "invalid" }> {
  if (!canModerateEnquiries(viewer)) return { ok: false, reason: "forbidden" };
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) return { ok: false, reason: "invalid" };
  if (!UUID.test(input.conversationId)) return { ok: false, reason: "not-found" };
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, input.conversationId),
        or(isNotNull(conversations.flagReason), isNotNull(conversations.reportedAt)),
        or(eq(conversations.tenantId, input.userId), eq(conversations.landlordId, input.userId)),
      ),
    )
    .limit(1);
  if (!conversation) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messagingSuspensions)
      .values({ userId: input.userId, suspendedBy: viewer.id, reason })
      .onConflictDoNothing()
      .returning({ userId: messagingSuspensions.userId });
    if (inserted) {
      await recordAudit(tx, {
        actor: viewer,
        action: "user.suspend-messaging",
        targetType: "user",
        targetId: input.userId,
        before: { messagingSuspended: false },
        after: { messagingSuspended: true, conversationId: conversation.id },
        reason,
        meta,
      });
    }
    return { ok: true, value: null } as const;
  });
}
