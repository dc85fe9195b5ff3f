import { desc, eq } from "drizzle-orm";
import { paymentEvents, profiles, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { canUseBackOffice } from "~/modules/admin/access";
import type { Viewer } from "~/modules/auth/viewer";

export interface PaymentEventRow {
  id: string;
  type: string;
  customerId: string | null;
  customerEmail: string | null;
  status: "processed" | "failed";
  error: string | null;
  attempts: number;
  receivedAt: Date;
  processedAt: Date | null;
}

const MAX_ROWS = 200;

/**
 * The payment events received, newest first, with the customer's e-mail when it is one of our
 * users; optionally one customer's only (by provider id or e-mail). Staff and admins only.
 */
export async function listPaymentEvents(
  db: Executor,
  viewer: Viewer | null,
  input: { customer?: string } = {},
): Promise<{ ok: true; events: PaymentEventRow[] } | { ok: false; reason: "forbidden" }> {
  if (!canUseBackOffice(viewer)) return { ok: false, reason: "forbidden" };
  const customer = input.customer?.trim().slice(0, 255);
  const query = db
    .select({
      id: paymentEvents.id,
      type: paymentEvents.type,
      customerId: paymentEvents.customerId,
      customerEmail: users.email,
      status: paymentEvents.status,
      error: paymentEvents.error,
      attempts: paymentEvents.attempts,
      receivedAt: paymentEvents.receivedAt,
      processedAt: paymentEvents.processedAt,
    })
    .from(paymentEvents)
    .leftJoin(profiles, eq(profiles.stripeCustomerId, paymentEvents.customerId))
    .leftJoin(users, eq(users.id, profiles.id));
  const filtered = customer
    ? query.where(
        customer.includes("@") ? eq(users.email, customer.toLowerCase()) : eq(paymentEvents.customerId, customer),
      )
    : query;
  return { ok: true, events: await filtered.orderBy(desc(paymentEvents.receivedAt)).limit(MAX_ROWS) };
}
