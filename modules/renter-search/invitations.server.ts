import { and, count, eq, gte, sql } from "drizzle-orm";
import { conversations, listings, profiles, renterProfiles, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import type { SiteSettings } from "~/lib/services.server";
import type { Viewer } from "~/modules/auth/viewer";
import { LEASE_MONTHS } from "~/modules/enquiries/enquiry-input";
import {
  answerInvitationThread,
  existingConversation,
  isUuid,
  messagingRefusal,
  openInvitationThread,
} from "~/modules/enquiries/invitation-thread.server";
import { publicName } from "~/modules/enquiries/public-name";
import { melbourneToday } from "~/modules/listings/availability-text";
import { renterInvitationEmail } from "~/modules/mail/renter-invitation-emails";
import type { InvitationResult } from "~/modules/renter-search/invitation-result";
import { INVITATION_NOTICES } from "~/modules/renter-search/invitation-text";
import { INVITATIONS_PER_DAY, isInvitable } from "~/modules/renter-search/permissions";
import { invitableListingsSql } from "~/modules/renter-search/renter-search.server";

const DAY_MS = 24 * 60 * 60_000;
/** A renter id is an account id: letters, digits and a few separators. */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface InvitationServices {
  db: Executor;
  site: Pick<SiteSettings, "name" | "url">;
}

/** When the renter can first move in: not before today, their window or the room's availability. */
function invitationMoveIn(today: string, renterEarliest: string | null, availableFrom: string | null): string {
  return [today, renterEarliest ?? today, availableFrom ?? today].sort().at(-1)!;
}

/**
 * An active landlord (the route's gate) invites a findable renter to view one of their own
 * published, available rooms. Starts a conversation of origin "invitation" with the landlord's
 * message, pending the renter's answer, and e-mails the renter through the outbox. At most
 * `INVITATIONS_PER_DAY` in a rolling day per landlord, counted in SQL under a lock on the
 * landlord's profile row so two at once cannot both take the last one (ADR 113).
 */
export async function inviteRenter(
  { db, site }: InvitationServices,
  viewer: Viewer,
  input: { renterId: string; listingId: string; message: string },
  now: Date = new Date(),
): Promise<InvitationResult<{ conversationId: string }>> {
  if (!USER_ID.test(input.renterId) || input.renterId === viewer.id) return { ok: false, reason: "not-found" };
  const [renter] = await db
    .select({
      findable: renterProfiles.findable,
      acceptsInvitations: renterProfiles.acceptsInvitations,
      moveInEarliest: renterProfiles.moveInEarliest,
      stayMonths: renterProfiles.stayMonths,
      email: users.email,
    })
    .from(renterProfiles)
    .innerJoin(users, eq(users.id, renterProfiles.userId))
    .where(eq(renterProfiles.userId, input.renterId))
    .limit(1);
  // A renter who is not findable is not found: the search never showed them.
  if (!renter || !renter.findable) return { ok: false, reason: "not-found" };
  const refusal = await messagingRefusal(db, viewer.id, input.renterId);
  if (refusal === "blocked") return { ok: false, reason: "blocked" };
  if (!isInvitable(renter)) return { ok: false, reason: "not-accepting" };
  if (!isUuid(input.listingId)) return { ok: false, reason: "listing-not-found" };
  const [listing] = await db
    .select({ id: listings.listingId, title: listings.listingTitle, availableFrom: listings.availableFrom })
    .from(listings)
    .where(and(eq(listings.listingId, input.listingId), invitableListingsSql(viewer)))
    .limit(1);
  if (!listing) return { ok: false, reason: "listing-not-found" };
  if (refusal === "suspended") return { ok: false, reason: "suspended" };

  return db.transaction(async (tx): Promise<InvitationResult<{ conversationId: string }>> => {
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${viewer.id} for update`);
    const existing = await existingConversation(tx, listing.id, input.renterId);
    if (existing) return { ok: false, reason: "already-invited", conversationId: existing };
    const [sent] = await tx
      .select({ sent: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.landlordId, viewer.id),
          eq(conversations.origin, "invitation"),
          gte(conversations.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((sent?.sent ?? 0) >= INVITATIONS_PER_DAY) return { ok: false, reason: "daily-limit" };
    const conversationId = await openInvitationThread(tx, {
      listing,
      landlordId: viewer.id,
      renterId: input.renterId,
      moveInDate: invitationMoveIn(melbourneToday(now), renter.moveInEarliest, listing.availableFrom),
      leaseMonths: renter.stayMonths ?? LEASE_MONTHS.min,
      message: input.message,
      now,
    });
    await queueMail(tx, {
      to: renter.email,
      ...renterInvitationEmail({
        siteName: site.name,
        url: `${site.url}/settings/enquiries/${conversationId}`,
        profileUrl: `${site.url}/settings/renter-profile`,
        listingTitle: listing.title,
        senderName: publicName(viewer),
        message: input.message,
      }),
    });
    return { ok: true, value: { conversationId } };
  });
}

export type InvitationAnswer = "accept" | "decline" | "block";

/**
 * The invited renter answers: accept (the conversation carries on as an enquiry), decline (closed
 * with a notice), or block (declined, and the landlord can neither write nor invite again). Only
 * the renter, only once: a replayed answer changes nothing.
 */
export async function answerInvitation(
  db: Executor,
  viewer: Viewer,
  input: { conversationId: string; answer: InvitationAnswer },
  now: Date = new Date(),
): Promise<InvitationResult<{ state: "accepted" | "declined" }>> {
  const accepted = input.answer === "accept";
  const answered = await answerInvitationThread(db, viewer, {
    conversationId: input.conversationId,
    accepted,
    block: input.answer === "block",
    notice: accepted ? INVITATION_NOTICES.accepted : INVITATION_NOTICES.declined,
    now,
  });
  if (answered === null) return { ok: false, reason: "not-found" };
  if (!answered) return { ok: false, reason: "already-answered" };
  return { ok: true, value: { state: accepted ? "accepted" : "declined" } };
}

/** The renter turns invitations on or off (their renter profile's setting). */
export async function setAcceptsInvitations(db: Executor, viewer: Pick<Viewer, "id">, accepts: boolean): Promise<void> {
  await db
    .insert(renterProfiles)
    .values({ userId: viewer.id, acceptsInvitations: accepts })
    .onConflictDoUpdate({ target: renterProfiles.userId, set: { acceptsInvitations: accepts, updatedAt: new Date() } });
}

/** Whether the renter accepts invitations (on until they turn it off). */
export async function acceptsInvitations(db: Executor, viewer: Pick<Viewer, "id">): Promise<boolean> {
  const [row] = await db
    .select({ accepts: renterProfiles.acceptsInvitations })
    .from(renterProfiles)
    .where(eq(renterProfiles.userId, viewer.id));
  return row?.accepts ?? true;
}
