import { and, eq } from "drizzle-orm";
import { conversations } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { usualReplyHours } from "~/modules/enquiries/reply-time.server";

/**
 * What the listing page offers the viewer: sign in first, nothing on their own listing, their
 * existing conversation, or the form (and how fast the landlord usually replies).
 */
export type EnquiryOffer =
  | { kind: "sign-in" | "own-listing" | "unavailable" }
  | { kind: "existing"; conversationId: string }
  | { kind: "form"; usualReplyHours: number | null };

export async function enquiryOffer(
  db: Executor,
  viewer: Viewer | null,
  listing: { id: string; landlordId: string | null; status: string },
): Promise<EnquiryOffer> {
  if (!listing.landlordId || listing.status !== "available") return { kind: "unavailable" };
  if (!viewer) return { kind: "sign-in" };
  if (viewer.id === listing.landlordId) return { kind: "own-listing" };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listing.id), eq(conversations.tenantId, viewer.id)))
    .limit(1);
  if (existing) return { kind: "existing", conversationId: existing.id };
  return { kind: "form", usualReplyHours: await usualReplyHours(db, listing.landlordId) };
}
