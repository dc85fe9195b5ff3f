import { and, eq, exists, not, or, type SQL } from "drizzle-orm";
import { conversations, renterDocuments, userBlocks } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";

/**
 * The renter documents `viewer` may open, as a condition on `renter_documents`: the SQL twin of
 * `canOpenRenterDocument` (permissions.ts). Every read of a document's bytes filters by it, so a
 * guessed id finds nothing.
 */
export function documentReadableBy(db: Executor, viewer: Pick<Viewer, "id">): SQL {
  const enquiredWithViewer = db
    .select({ one: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.tenantId, renterDocuments.userId),
        eq(conversations.landlordId, viewer.id),
        // A landlord's invitation counts once the renter accepts it (ADR 113).
        or(eq(conversations.origin, "enquiry"), eq(conversations.invitationState, "accepted")),
      ),
    );
  const renterBlockedViewer = db
    .select({ one: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, renterDocuments.userId), eq(userBlocks.blockedId, viewer.id)));
  return or(
    eq(renterDocuments.userId, viewer.id),
    and(exists(enquiredWithViewer), not(exists(renterBlockedViewer))),
  ) as SQL;
}
