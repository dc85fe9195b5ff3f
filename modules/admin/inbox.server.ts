import { and, count, desc, eq, ilike } from "drizzle-orm";
import { contactMessages, newsletterSubscribers } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { canUseBackOffice } from "~/modules/admin/access";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";

export const BACK_OFFICE_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Forbidden = { ok: false; reason: "forbidden" };

export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  forwardStatus: "pending" | "forwarded";
  forwardAttempts: number;
  lastError: string | null;
  createdAt: string;
  forwardedAt: string | null;
}

/** The contact-form inbox, newest first, with each message's forwarding status. */
export async function listContactMessages(
  db: Executor,
  viewer: Viewer,
  { page }: { page: number },
): Promise<{ ok: true; rows: InboxMessage[]; total: number } | Forbidden> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return {
    ok: true,
    total: totals?.total ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone,
      message: row.message,
      forwardStatus: row.forwardStatus,
      forwardAttempts: row.forwardAttempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      forwardedAt: row.forwardedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Asks the forwarding worker to try a message again now instead of at its next backoff time. Only
 * a pending message can be retried; a forwarded one is left alone (it reached the provider).
 */
export async function retryContactMessage(
  db: Executor,
  viewer: Viewer,
  id: string,
): Promise<{ ok: true } | Forbidden | { ok: false; reason: "not-found" | "already-forwarded" }> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(contactMessages)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.forwardStatus, "pending")))
    .returning({ id: contactMessages.id });
  if (row) return { ok: true };
  const [exists] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  return { ok: false, reason: exists ? "already-forwarded" : "not-found" };
}

export interface Subscriber {
  id: string;
  email: string;
  source: string;
  createdAt: string;
}

function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Newsletter subscribers, newest first, optionally those whose address contains `q`. */
export async function listSubscribers(
  db: Executor,
  viewer: Viewer,
  { q, page }: { q: string; page: number },
): Promise<{ ok: true; rows: Subscriber[]; total: number } | Forbidden> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const where = q ? ilike(newsletterSubscribers.email, containing(q.toLowerCase())) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ total: count() }).from(newsletterSubscribers).where(where),
  ]);
  return {
    ok: true,
    total: totals?.total ?? 0,
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** Removes a subscriber, audited with the address it had. */
export async function unsubscribe(
  db: Executor,
  viewer: Viewer,
  id: string,
  meta: AuditMeta,
): Promise<{ ok: true; email: string } | Forbidden | { ok: false; reason: "not-found" }> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
    if (!row) return { ok: false, reason: "not-found" } as const;
    await recordAudit(tx, {
      actor: viewer,
      action: "newsletter.unsubscribe",
      targetType: "newsletter-subscriber",
      targetId: id,
      before: { email: row.email, source: row.source },
      meta,
    });
    return { ok: true, email: row.email } as const;
  });
}

/** A CSV cell: quoted, and a leading formula character neutralised so a spreadsheet never runs it. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Every subscriber as CSV (email, source, subscribed_at), oldest first. */
export async function subscribersCsv(db: Executor, viewer: Viewer): Promise<{ ok: true; csv: string } | Forbidden> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const rows = await db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.createdAt);
  const lines = [
    "email,source,subscribed_at",
    ...rows.map((row) => [row.email, row.source, row.createdAt.toISOString()].map(csvCell).join(",")),
  ];
  return { ok: true, csv: `${lines.join("\r\n")}\r\n` };
}
