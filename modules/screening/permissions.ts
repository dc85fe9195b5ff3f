import type { Viewer } from "~/modules/auth/viewer";
import { canModerateEnquiries, conversationSide } from "~/modules/enquiries/permissions";

/**
 * Who sees an enquiry's screening summary: the two people in the conversation (the landlord it is
 * for and the renter it is about), and staff for a conversation under review (reported or flagged),
 * as they see its messages. Nobody else, and never a list of other renters' summaries.
 */
export function canSeeScreening(
  viewer: Viewer | null,
  conversation: {
    tenantId: string | null;
    landlordId: string | null;
    flagReason: string | null;
    reportedAt: Date | null;
  },
): boolean {
  if (conversationSide(viewer, conversation) !== null) return true;
  return canModerateEnquiries(viewer) && (conversation.flagReason !== null || conversation.reportedAt !== null);
}
