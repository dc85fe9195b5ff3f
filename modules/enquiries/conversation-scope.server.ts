import { eq, or, type SQL } from "drizzle-orm";
import { conversations } from "~/db/schema";
import type { Viewer } from "~/modules/auth/viewer";

/**
 * The conversations `viewer` takes part in, as a condition on `conversations` (see
 * `conversationSide`): every read and write of a thread filters by it, so a guessed id finds
 * nothing rather than someone else's conversation.
 */
export function participantIn(viewer: Pick<Viewer, "id">): SQL {
  return or(eq(conversations.tenantId, viewer.id), eq(conversations.landlordId, viewer.id)) as SQL;
}
