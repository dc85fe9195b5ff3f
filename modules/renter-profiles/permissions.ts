import type { Viewer } from "~/modules/auth/viewer";

/**
 * Whom the settings navigation offers the renter profile: tenants (the spec's renters). The page
 * itself is open to everyone signed in, as anyone may enquire about a room.
 */
export function offersRenterProfile(viewer: Pick<Viewer, "role">): boolean {
  return viewer.role === "tenant";
}

/**
 * Who may open a renter's proof document. The one definition of the rule: this check and its SQL
 * twin, `documentReadableBy` (`document-scope.server.ts`), say the same.
 *
 * - The renter, always.
 * - A landlord the renter has enquired with: a conversation with the renter as its tenant and the
 *   viewer as its landlord, whatever its status, unless the renter has blocked that landlord. A
 *   landlord's invitation counts only once the renter has accepted it (ADR 113).
 * - Nobody else: not other landlords, not staff or admins (they see that a document exists, its
 *   kind and date, never its content; docs/security.md says why).
 */
export function canOpenRenterDocument(
  viewer: Pick<Viewer, "id"> | null,
  document: { userId: string },
  relation: {
    /** Conversations between the renter and the viewer. */
    conversations: {
      tenantId: string | null;
      landlordId: string | null;
      origin?: "enquiry" | "invitation";
      invitationState?: "pending" | "accepted" | "declined" | null;
    }[];
    /** Whether the renter has blocked the viewer. */
    blockedByRenter: boolean;
  },
): boolean {
  if (!viewer) return false;
  if (viewer.id === document.userId) return true;
  return (
    !relation.blockedByRenter &&
    relation.conversations.some(
      (conversation) =>
        conversation.tenantId === document.userId &&
        conversation.landlordId === viewer.id &&
        (conversation.origin !== "invitation" || conversation.invitationState === "accepted"),
    )
  );
}
