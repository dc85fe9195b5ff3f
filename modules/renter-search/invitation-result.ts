/**
 * Why an invitation step was refused. "not-found" covers a renter who does not exist and one who is
 * not findable (never which), and a conversation the viewer is not part of; "listing-not-found" a
 * listing that is not the viewer's or not published; "not-accepting" a findable renter who turned
 * invitations off; "already-invited" an open invitation or conversation about this room with them.
 */
export type InvitationRefusalReason =
  | "not-found"
  | "listing-not-found"
  | "not-accepting"
  | "already-invited"
  | "blocked"
  | "suspended"
  | "daily-limit"
  | "already-answered";

export type InvitationResult<T> =
  { ok: true; value: T } | { ok: false; reason: InvitationRefusalReason; conversationId?: string };
