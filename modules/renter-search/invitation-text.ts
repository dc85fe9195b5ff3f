import type { InvitationRefusalReason } from "~/modules/renter-search/invitation-result";
import { INVITATIONS_PER_DAY } from "~/modules/renter-search/permissions";

/** What a person is told when an invitation step is refused. */
export const INVITATION_REFUSALS: Record<InvitationRefusalReason, string> = {
  "not-found": "This renter can't be found. They may have stopped being findable.",
  "listing-not-found": "Choose one of your own published rooms that is available.",
  "not-accepting": "This renter isn't accepting invitations at the moment.",
  "already-invited": "You have already invited this renter to this room, or you are already talking about it.",
  blocked: "You can't invite this renter.",
  suspended: "Your account can't send messages at the moment. Please contact us if you think this is a mistake.",
  "daily-limit": `You've sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most a day. Please try again tomorrow.`,
  "already-answered": "This invitation has already been answered.",
};

/** The notices written into the thread when the renter answers. */
export const INVITATION_NOTICES = {
  accepted: "The renter accepted the invitation. You can now talk about a viewing here.",
  declined: "The renter declined the invitation. Thank you for your interest.",
} as const;
