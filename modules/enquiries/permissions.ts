import { can } from "~/modules/auth/permissions";
import type { Viewer } from "~/modules/auth/viewer";

/**
 * Who may do what with a conversation. The one definition of these rules: the checks below and the
 * SQL filter in `conversation-scope.server.ts` are derived from `conversationSide`.
 *
 * - A conversation is read and written by its two participants only: the tenant who enquired and
 *   the listing's landlord (by user id). Nobody else reads it from the inbox or the thread page —
 *   not staff, not admins.
 * - Only the landlord declines an enquiry or marks the room let.
 * - Staff and admins see conversations that were reported or flagged, in the admin area only, and
 *   may suspend a sender from messaging.
 */
export type ConversationSide = "tenant" | "landlord";

export function conversationSide(
  viewer: Pick<Viewer, "id"> | null,
  conversation: { tenantId: string | null; landlordId: string | null },
): ConversationSide | null {
  if (!viewer) return null;
  if (conversation.tenantId === viewer.id) return "tenant";
  if (conversation.landlordId === viewer.id) return "landlord";
  return null;
}

/** Decline, mark let: the landlord's side only. */
export function canCloseConversation(
  viewer: Pick<Viewer, "id"> | null,
  conversation: { tenantId: string | null; landlordId: string | null },
): boolean {
  return conversationSide(viewer, conversation) === "landlord";
}

/** Reported conversations and sender suspensions, in the admin area. */
export function canModerateEnquiries(viewer: Viewer | null): boolean {
  return can(viewer, "moderate:enquiry:any");
}
