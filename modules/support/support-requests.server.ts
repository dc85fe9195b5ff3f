import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { listings, supportRequests, users } from "~/db/schema";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import type { Executor } from "~/lib/db/client.server";
import type { SiteSettings } from "~/lib/services.server";
import { canUseBackOffice } from "~/modules/admin/access";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import { displayName, type Viewer } from "~/modules/auth/viewer";
import { newSupportRequestEmail, supportAnswerEmail } from "~/modules/mail/support-emails";
import { getSiteContact } from "~/modules/settings/site-contact.server";
import { addBusinessDays, businessDaysText, isOverdue } from "~/modules/support/business-days";
import { hitSupportLimit } from "~/modules/support/internal/limits.server";
import { hasPrioritySupport } from "~/modules/support/permissions";
import type { SupportInput } from "~/modules/support/support-input";
import { getSupportSettings } from "~/modules/support/support-settings.server";

/** What the writes need besides the viewer: the database and the site their e-mails link to. */
export interface SupportServices {
  db: Executor;
  site: Pick<SiteSettings, "name" | "url">;
}

/** What every write carries from the transport. */
export interface SupportMeta extends AuditMeta {
  now?: Date;
}

/**
 * Why a support step was refused. "not-found" covers a request that does not exist and one that is
 * not the viewer's (never which); "not-your-listing" a listing id that is not one of theirs.
 */
export type SupportRefusal =
  | { ok: false; reason: "not-found" | "forbidden" | "not-your-listing" | "already-answered" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

export const SUPPORT_PAGE_SIZE = 20;
const OWN_LISTINGS_SHOWN = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SupportRequestView {
  id: string;
  subject: string;
  message: string;
  listingId: string | null;
  listingTitle: string | null;
  priority: boolean;
  answerDueAt: string | null;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
  overdue: boolean;
}

const requestColumns = {
  id: supportRequests.id,
  subject: supportRequests.subject,
  message: supportRequests.message,
  listingId: supportRequests.listingId,
  listingTitle: listings.listingTitle,
  priority: supportRequests.priority,
  answerDueAt: supportRequests.answerDueAt,
  answer: supportRequests.answer,
  answeredAt: supportRequests.answeredAt,
  createdAt: supportRequests.createdAt,
};

interface RequestRow {
  id: string;
  subject: string;
  message: string;
  listingId: string | null;
  listingTitle: string | null;
  priority: boolean;
  answerDueAt: Date | null;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
}

function toView(row: RequestRow, now: Date): SupportRequestView {
  return {
    ...row,
    answerDueAt: row.answerDueAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    overdue: isOverdue(row, now),
  };
}

/** The Help page: whether the viewer's requests are Priority and the promise, their listings, their requests. */
export async function helpPage(
  db: Executor,
  viewer: Viewer,
  now = new Date(),
): Promise<{
  priority: boolean;
  promise: string;
  listings: { id: string; title: string }[];
  requests: SupportRequestView[];
}> {
  const [settings, own, requests] = await Promise.all([
    getSupportSettings(db),
    db
      .select({ id: listings.listingId, title: listings.listingTitle })
      .from(listings)
      .where(eq(listings.landlordId, viewer.id))
      .orderBy(desc(listings.createdAt))
      .limit(OWN_LISTINGS_SHOWN),
    db
      .select(requestColumns)
      .from(supportRequests)
      .leftJoin(listings, eq(listings.listingId, supportRequests.listingId))
      .where(eq(supportRequests.userId, viewer.id))
      .orderBy(desc(supportRequests.createdAt))
      .limit(SUPPORT_PAGE_SIZE),
  ]);
  return {
    priority: hasPrioritySupport(viewer),
    promise: businessDaysText(settings.priorityAnswerDays),
    listings: own,
    requests: requests.map((row) => toView(row, now)),
  };
}

/**
 * Stores a signed-in user's request and queues its e-mail to staff in one transaction (the mail
 * worker delivers it; nothing is lost if delivery fails). An active landlord's request is Priority,
 * with its first answer due the configured business days from now.
 */
export async function sendSupportRequest(
  { db, site }: SupportServices,
  viewer: Viewer,
  input: SupportInput,
  meta: SupportMeta,
): Promise<{ ok: true; id: string; priority: boolean; promise: string | null } | SupportRefusal> {
  const now = meta.now ?? new Date();
  let listingTitle: string | null = null;
  if (input.listingId !== null) {
    const [listing] = UUID.test(input.listingId)
      ? await db
          .select({ title: listings.listingTitle })
          .from(listings)
          .where(and(eq(listings.listingId, input.listingId), eq(listings.landlordId, viewer.id)))
          .limit(1)
      : [];
    if (!listing) return { ok: false, reason: "not-your-listing" };
    listingTitle = listing.title;
  }
  const wait = await hitSupportLimit(viewer.id, meta.clientAddress);
  if (wait !== null) return { ok: false, reason: "rate-limited", retryAfterSeconds: wait };

  const priority = hasPrioritySupport(viewer);
  return db.transaction(async (tx) => {
    const [settings, contact] = await Promise.all([getSupportSettings(tx), getSiteContact(tx)]);
    const [row] = await tx
      .insert(supportRequests)
      .values({
        userId: viewer.id,
        listingId: input.listingId,
        subject: input.subject,
        message: input.message,
        priority,
        answerDueAt: priority ? addBusinessDays(now, settings.priorityAnswerDays) : null,
        createdAt: now,
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error("the support request insert returned no row");
    await queueMail(tx, {
      to: priority ? contact.landlordsEmail : contact.generalEmail,
      ...newSupportRequestEmail({
        siteName: site.name,
        url: `${site.url}/admin/support/${row.id}`,
        senderName: displayName(viewer),
        senderEmail: viewer.email,
        subject: input.subject,
        message: input.message,
        listingTitle,
        promise: priority ? businessDaysText(settings.priorityAnswerDays) : null,
      }),
    });
    return {
      ok: true,
      id: row.id,
      priority,
      promise: priority ? businessDaysText(settings.priorityAnswerDays) : null,
    } as const;
  });
}

export interface InboxRequest extends SupportRequestView {
  senderName: string;
  senderEmail: string;
}

const inboxColumns = { ...requestColumns, senderName: users.name, senderEmail: users.email };

/**
 * The support inbox for staff: open requests first, Priority before the rest, oldest first (the
 * queue in the order it is owed); answered ones after them.
 */
export async function listSupportInbox(
  db: Executor,
  viewer: Viewer,
  { page, now = new Date() }: { page: number; now?: Date },
): Promise<
  { ok: true; rows: InboxRequest[]; total: number; open: number; overdue: number } | { ok: false; reason: "forbidden" }
> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const [rows, [totals]] = await Promise.all([
    db
      .select(inboxColumns)
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .leftJoin(listings, eq(listings.listingId, supportRequests.listingId))
      .orderBy(
        sql`(${supportRequests.answeredAt} is null) desc`,
        desc(supportRequests.priority),
        asc(supportRequests.createdAt),
        asc(supportRequests.id),
      )
      .limit(SUPPORT_PAGE_SIZE)
      .offset((page - 1) * SUPPORT_PAGE_SIZE),
    db
      .select({
        total: count(),
        open: sql<number>`count(*) filter (where ${supportRequests.answeredAt} is null)`.mapWith(Number),
        overdue:
          sql<number>`count(*) filter (where ${supportRequests.answeredAt} is null and ${supportRequests.answerDueAt} < ${now.toISOString()})`.mapWith(
            Number,
          ),
      })
      .from(supportRequests),
  ]);
  return {
    ok: true,
    total: totals?.total ?? 0,
    open: totals?.open ?? 0,
    overdue: totals?.overdue ?? 0,
    rows: rows.map((row) => ({ ...toView(row, now), senderName: row.senderName, senderEmail: row.senderEmail })),
  };
}

/** One request, for staff or the person who sent it; anyone else meets "not-found". */
export async function readSupportRequest(
  db: Executor,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<{ ok: true; request: InboxRequest } | { ok: false; reason: "not-found" }> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const staff = canUseBackOffice(viewer);
  const [row] = await db
    .select(inboxColumns)
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .leftJoin(listings, eq(listings.listingId, supportRequests.listingId))
    .where(and(eq(supportRequests.id, id), staff ? undefined : eq(supportRequests.userId, viewer.id)))
    .limit(1);
  if (!row) return { ok: false, reason: "not-found" };
  return { ok: true, request: { ...toView(row, now), senderName: row.senderName, senderEmail: row.senderEmail } };
}

/**
 * Staff's answer to an open request: stored, audited and e-mailed to the sender in one transaction.
 * A request is answered once; a second answer (two staff at once) is refused.
 */
export async function answerSupportRequest(
  { db, site }: SupportServices,
  viewer: Viewer,
  input: { id: string; answer: string },
  meta: SupportMeta,
): Promise<{ ok: true } | SupportRefusal> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(input.id)) return { ok: false, reason: "not-found" };
  const now = meta.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportRequests)
      .set({ answer: input.answer, answeredAt: now, answeredBy: viewer.id })
      .where(and(eq(supportRequests.id, input.id), isNull(supportRequests.answeredAt)))
      .returning({ userId: supportRequests.userId, subject: supportRequests.subject });
    if (!row) {
      const [exists] = await tx
        .select({ id: supportRequests.id })
        .from(supportRequests)
        .where(eq(supportRequests.id, input.id));
      return { ok: false, reason: exists ? "already-answered" : "not-found" } as const;
    }
    const [sender] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    if (sender) {
      await queueMail(tx, {
        to: sender.email,
        ...supportAnswerEmail({
          siteName: site.name,
          url: `${site.url}/settings/help`,
          subject: row.subject,
          answer: input.answer,
        }),
      });
    }
    await recordAudit(tx, {
      actor: viewer,
      action: "support-request.answer",
      targetType: "support-request",
      targetId: input.id,
      after: { answeredAt: now.toISOString() },
      meta,
    });
    return { ok: true } as const;
  });
}
