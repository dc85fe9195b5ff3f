import { asc, desc, eq, or } from "drizzle-orm";
import {
  apiKeys,
  auditLog,
  billingSubscriptions,
  conversations,
  favourites,
  listings,
  profiles,
  savedSearches,
  sessions,
  supportRequests,
  users,
} from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { readThread } from "~/modules/enquiries/conversations.server";

/**
 * The parts of a person's data export, one function per part. Each reads only rows that belong to
 * the viewer: the export takes no id from the request, so there is nobody else's to ask for.
 */

export async function profileSection(db: Executor, viewer: Viewer) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      joinedAt: users.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      role: profiles.role,
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionPlan: profiles.subscriptionPlan,
      subscriptionStartDate: profiles.subscriptionStartDate,
      subscriptionEndDate: profiles.subscriptionEndDate,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, viewer.id));
  return row ?? null;
}

export function listingsSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      id: listings.listingId,
      title: listings.listingTitle,
      description: listings.description,
      address: listings.address,
      suburb: listings.suburb,
      state: listings.state,
      postcode: listings.postcode,
      weeklyRent: listings.weeklyRent,
      availableFrom: listings.availableFrom,
      minLeaseMonths: listings.minLeaseMonths,
      maxLeaseMonths: listings.maxLeaseMonths,
      billsIncluded: listings.billsIncluded,
      furnished: listings.furnished,
      roomType: listings.roomType,
      status: listings.status,
      moderationReason: listings.moderationReason,
      contactName: listings.landlordName,
      contactEmail: listings.landlordEmail,
      contactPhone: listings.landlordPhone,
      photos: listings.photos,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .where(eq(listings.landlordId, viewer.id))
    .orderBy(asc(listings.createdAt));
}

export function favouritesSection(db: Executor, viewer: Viewer) {
  return db
    .select({ listingId: favourites.listingId, title: listings.listingTitle, savedAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(listings, eq(listings.listingId, favourites.listingId))
    .where(eq(favourites.userId, viewer.id))
    .orderBy(asc(favourites.createdAt));
}

export function savedSearchesSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      name: savedSearches.name,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
      paused: savedSearches.paused,
      lastAlertedAt: savedSearches.lastAlertedAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, viewer.id))
    .orderBy(asc(savedSearches.createdAt));
}

/** Each conversation as the person sees it on the thread page: the other side by their public name. */
export async function conversationsSection(db: Executor, viewer: Viewer) {
  const ids = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.tenantId, viewer.id), eq(conversations.landlordId, viewer.id)))
    .orderBy(asc(conversations.createdAt));
  const threads = [];
  for (const { id } of ids) {
    const thread = await readThread(db, viewer, id, { markRead: false });
    if (!thread) continue;
    threads.push({
      id: thread.id,
      youAre: thread.side,
      listingTitle: thread.listingTitle,
      with: thread.otherName,
      status: thread.status,
      moveInDate: thread.moveInDate,
      leaseMonths: thread.leaseMonths,
      tenantPhone: thread.tenantPhone,
      messages: thread.messages.map(({ authorName, body, createdAt }) => ({
        from: authorName,
        body,
        sentAt: createdAt,
      })),
    });
  }
  return threads;
}

export async function billingSection(db: Executor, viewer: Viewer) {
  const [subscription] = await db
    .select({
      providerStatus: billingSubscriptions.providerStatus,
      amountCents: billingSubscriptions.amountCents,
      currency: billingSubscriptions.currency,
      interval: billingSubscriptions.interval,
      trialEnd: billingSubscriptions.trialEnd,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
      endedAt: billingSubscriptions.endedAt,
      cardBrand: billingSubscriptions.cardBrand,
      cardLast4: billingSubscriptions.cardLast4,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, viewer.id));
  return { subscription: subscription ?? null };
}

/** Names and when each key was used; never the key or its hash. */
export function apiKeysSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scope: apiKeys.scope,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, viewer.id))
    .orderBy(asc(apiKeys.createdAt));
}

export function supportRequestsSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      subject: supportRequests.subject,
      message: supportRequests.message,
      answer: supportRequests.answer,
      createdAt: supportRequests.createdAt,
      answeredAt: supportRequests.answeredAt,
    })
    .from(supportRequests)
    .where(eq(supportRequests.userId, viewer.id))
    .orderBy(asc(supportRequests.createdAt));
}

/** Where the person is signed in; never the session token. */
export function sessionsSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      signedInAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, viewer.id))
    .orderBy(asc(sessions.createdAt));
}

/** The audit log's record of the person's own actions (staff work, changes made through the API). */
export function auditLogSection(db: Executor, viewer: Viewer) {
  return db
    .select({
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      clientAddress: auditLog.clientAddress,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.actorId, viewer.id))
    .orderBy(desc(auditLog.createdAt))
    .limit(10_000);
}
