import { eq } from "drizzle-orm";
import { conversations, listings, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { conversationSide } from "~/modules/enquiries/permissions";
import { isIdentityVerified } from "~/modules/identity/verified.server";
import { renterProfileFacts } from "~/modules/renter-profiles/renter-profiles.server";
import { canSeeScreening } from "~/modules/screening/permissions";
import {
  screeningSummary,
  type ScreeningFacts,
  type ScreeningItem,
  type ScreeningPreviewFacts,
} from "~/modules/screening/screening-summary";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Everything about the renter the summary is made of, except what the enquiry itself says. */
export type RenterScreeningFacts = Pick<ScreeningFacts, "idVerified" | "emailVerified" | "profile">;

async function renterFacts(db: Executor, userId: string, now: Date): Promise<RenterScreeningFacts> {
  const [idVerified, [user], profile] = await Promise.all([
    isIdentityVerified(db, userId, now),
    db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)),
    renterProfileFacts(db, userId),
  ]);
  return {
    idVerified,
    emailVerified: user?.emailVerified === true,
    profile: {
      exists: profile.hasProfile,
      complete: profile.complete,
      referencesConfirmed: profile.referencesConfirmed,
      weeklyBudget: profile.weeklyBudget,
    },
  };
}

const listingTerms = {
  minLeaseMonths: listings.minLeaseMonths,
  maxLeaseMonths: listings.maxLeaseMonths,
  availableFrom: listings.availableFrom,
  allInWeeklyCost: listings.allInWeeklyCost,
};

export type ConversationScreening =
  { ok: true; side: "landlord" | "tenant" | "staff"; summary: ScreeningItem[] } | { ok: false; reason: "not-found" };

/**
 * The screening summary of one enquiry, for whoever `canSeeScreening` allows; anyone else, a
 * malformed id and a conversation whose renter has left all get the same "not-found".
 */
export async function screeningForConversation(
  db: Executor,
  viewer: Viewer | null,
  conversationId: string,
  now = new Date(),
): Promise<ConversationScreening> {
  if (!UUID.test(conversationId)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .select({
      tenantId: conversations.tenantId,
      landlordId: conversations.landlordId,
      flagReason: conversations.flagReason,
      reportedAt: conversations.reportedAt,
      moveInDate: conversations.moveInDate,
      leaseMonths: conversations.leaseMonths,
      tenantPhone: conversations.tenantPhone,
      listingId: listings.listingId,
      ...listingTerms,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.listingId, conversations.listingId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row || !canSeeScreening(viewer, row) || !row.tenantId) return { ok: false, reason: "not-found" };
  const facts: ScreeningFacts = {
    ...(await renterFacts(db, row.tenantId, now)),
    phoneGiven: Boolean(row.tenantPhone),
    enquiry: { moveInDate: row.moveInDate, leaseMonths: row.leaseMonths },
    listing:
      row.listingId && row.minLeaseMonths !== null && row.maxLeaseMonths !== null
        ? {
            minLeaseMonths: row.minLeaseMonths,
            maxLeaseMonths: row.maxLeaseMonths,
            availableFrom: row.availableFrom,
            allInWeeklyCost: row.allInWeeklyCost,
          }
        : null,
  };
  return { ok: true, side: conversationSide(viewer, row) ?? "staff", summary: screeningSummary(facts) };
}

/**
 * What the signed-in renter's enquiry about `listingId` would show the landlord, before the form's
 * choices: the viewer's own facts and the listing's public terms, nothing about anyone else. The
 * page completes it with the form's move-in date, lease length and phone (`previewFacts`).
 */
export async function screeningPreviewFacts(
  db: Executor,
  viewer: Pick<Viewer, "id">,
  listingId: string,
  now = new Date(),
): Promise<ScreeningPreviewFacts | null> {
  if (!UUID.test(listingId)) return null;
  const [listing] = await db.select(listingTerms).from(listings).where(eq(listings.listingId, listingId)).limit(1);
  if (!listing) return null;
  return { ...(await renterFacts(db, viewer.id, now)), listing };
}
