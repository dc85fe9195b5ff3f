import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { sandboxCheckoutSessions, sandboxCustomers, sandboxInvoices, sandboxSubscriptions } from "~/db/schema";
import type { Database, Executor } from "~/lib/db/client.server";
import { verifySignedEvent } from "~/lib/adapters/payments/signed-event.server";
import {
  type CheckoutInput,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentsAdapter,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from "~/lib/adapters/payments/payments-adapter";
import type { SandboxClockStep } from "~/lib/adapters/payments/sandbox-clock";

/**
 * The offline payment provider. It keeps customers, checkout sessions, subscriptions and invoices
 * in its own tables, shows its own checkout and portal pages, and reports every change as an event
 * shaped and signed like Stripe's (`t=…,v1=HMAC-SHA256`), which goes through the same webhook
 * handler and the same signature check as Stripe's. Nothing is granted by the pages themselves.
 */

export const SANDBOX_PRICE_ID = "price_sandbox_professional";
export const SANDBOX_PRICE = { amountCents: 4999, currency: "aud", interval: "month" } as const;
/** Stripe's API version the sandbox's events claim to be shaped after. */
const API_VERSION = "2026-10-28.endive";

type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
type InvoiceRow = typeof sandboxInvoices.$inferSelect;

/** One event as the provider would deliver it: the raw JSON body and its signature header. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

export type SandboxResult<T = undefined> =
  { ok: true; events: SignedEvent[]; value: T } | { ok: false; reason: string };

/** The test cards: 4242… pays, 4000 0000 0000 0002 is declined. */
export const SANDBOX_DECLINED_CARD = "4000000000000002";

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("base64url")}`;
const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const addMonth = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
const DAY_MS = 86_400_000;
const LIVE = ["trialing", "active", "past_due", "unpaid"];

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Checks a test card the way a card form would: Luhn, expiry in the future, 3–4 digit CVC. */
export function checkCard(
  card: CardInput,
  now = new Date(),
): { ok: true; brand: string; last4: string } | { ok: false; reason: string } {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { ok: false, reason: "Your card number is invalid." };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return { ok: false, reason: "Your card's expiry date is invalid." };
  if (new Date(Date.UTC(year, month, 1)) <= now) return { ok: false, reason: "Your card has expired." };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, reason: "Your card's security code is invalid." };
  if (!card.name.trim()) return { ok: false, reason: "Enter the name on the card." };
  if (digits === SANDBOX_DECLINED_CARD) return { ok: false, reason: "Your card was declined." };
  const brand = digits.startsWith("4")
    ? "visa"
    : digits.startsWith("5")
      ? "mastercard"
      : digits.startsWith("3")
        ? "amex"
        : "card";
  return { ok: true, brand, last4: digits.slice(-4) };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export class SandboxPayments implements PaymentsAdapter {
  readonly provider = "sandbox" as const;
  readonly priceId = SANDBOX_PRICE_ID;

  constructor(
    private readonly database: Database,
    private readonly webhookSecret: string,
    private readonly now: () => Date = () => new Date(),
    /** False in production without Stripe: nobody may start a plan for free there. */
    private readonly checkoutOpen = true,
  ) {}

  async createCustomer(input: { userId: string; email: string; name: string | null }, idempotencyKey: string) {
    await this.database
      .insert(sandboxCustomers)
      .values({ id: newId("cus"), email: input.email, name: input.name, userId: input.userId, idempotencyKey })
      .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey });
    const [row] = await this.database
      .select({ id: sandboxCustomers.id })
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.idempotencyKey, idempotencyKey));
    if (!row) throw new Error("sandbox: the customer insert returned no row");
    return row;
  }

  async createCheckoutSession(input: CheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    if (!this.checkoutOpen) throw new Error("online payments are not configured (set the STRIPE_* variables)");
    if (input.priceId !== SANDBOX_PRICE_ID) throw new Error(`sandbox: no such price: ${input.priceId}`);
    await this.database
      .insert(sandboxCheckoutSessions)
      .values({
        id: newId("cs"),
        customerId: input.customerId,
        clientReferenceId: input.userId,
        priceId: input.priceId,
        trialDays: input.trialDays,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        idempotencyKey,
      })
      .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
    const [row] = await this.database
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.idempotencyKey, idempotencyKey));
    if (!row) throw new Error("sandbox: the checkout insert returned no row");
    return toCheckoutSession(row);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession | null> {
    const row = await this.checkoutSession(id);
    return row ? toCheckoutSession(row) : null;
  }

  /** The stored session, for the sandbox's checkout page. */
  async checkoutSession(id: string) {
    const [row] = await this.database.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
    return row ?? null;
  }

  createPortalSession(input: { customerId: string; returnUrl: string }) {
    const params = new URLSearchParams({ return_url: input.returnUrl });
    return Promise.resolve({ url: `/billing/sandbox/portal?${params.toString()}` });
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const rows = await this.database
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.customerId, customerId))
      .orderBy(desc(sandboxSubscriptions.createdAt));
    return rows.map(toProviderSubscription);
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const rows = await this.database
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.customerId, customerId))
      .orderBy(desc(sandboxInvoices.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      number: row.id.slice(-8).toUpperCase(),
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      created: row.createdAt,
      url: `/billing/sandbox/invoices/${row.id}`,
    }));
  }

  async invoice(id: string) {
    const [row] = await this.database.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
    if (!row) return null;
    const [customer] = await this.database
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.id, row.customerId));
    return customer ? { ...row, userId: customer.userId, email: customer.email } : null;
  }

  verifyEvent(payload: string, signatureHeader: string): PaymentEvent {
    return verifySignedEvent(payload, signatureHeader, this.webhookSecret);
  }

  /** The customer the sandbox made for our user, if any. */
  async customerOf(userId: string) {
    const [row] = await this.database
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.userId, userId))
      .orderBy(desc(sandboxCustomers.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Pays an open checkout: starts the subscription with its trial, unless the customer already has a live one. */
  async completeCheckout(
    sessionId: string,
    card: { brand: string; last4: string },
  ): Promise<SandboxResult<CheckoutSession>> {
    return this.database.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.id, sessionId))
        .for("update");
      if (!session || session.status !== "open") return { ok: false, reason: "This checkout is no longer open." };
      const [customer] = await tx
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, session.customerId))
        .for("update");
      if (!customer) return { ok: false, reason: "This checkout is no longer open." };
      const live = await tx
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .where(and(eq(sandboxSubscriptions.customerId, customer.id), inArray(sandboxSubscriptions.status, LIVE)));
      if (live.length > 0) {
        await tx
          .update(sandboxCheckoutSessions)
          .set({ status: "expired" })
          .where(eq(sandboxCheckoutSessions.id, sessionId));
        return { ok: false, reason: "You already have a subscription. Manage it from your billing page." };
      }
      const now = this.now();
      const trialEnd = new Date(now.getTime() + session.trialDays * DAY_MS);
      const [subscription] = await tx
        .insert(sandboxSubscriptions)
        .values({
          id: newId("sub"),
          customerId: customer.id,
          priceId: session.priceId,
          status: session.trialDays > 0 ? "trialing" : "active",
          trialEnd: session.trialDays > 0 ? trialEnd : null,
          currentPeriodStart: now,
          currentPeriodEnd: session.trialDays > 0 ? trialEnd : addMonth(now),
          cardBrand: card.brand,
          cardLast4: card.last4,
          createdAt: now,
        })
        .returning();
      if (!subscription) throw new Error("sandbox: the subscription insert returned no row");
      const invoice = await this.addInvoice(
        tx,
        subscription,
        session.trialDays > 0 ? 0 : SANDBOX_PRICE.amountCents,
        "paid",
      );
      const [completed] = await tx
        .update(sandboxCheckoutSessions)
        .set({ status: "complete", subscriptionId: subscription.id })
        .where(eq(sandboxCheckoutSessions.id, sessionId))
        .returning();
      if (!completed) throw new Error("sandbox: the checkout update returned no row");
      return {
        ok: true,
        value: toCheckoutSession(completed),
        events: [
          this.sign("checkout.session.completed", checkoutObject(completed)),
          this.sign("customer.subscription.created", subscriptionObject(subscription)),
          this.sign("invoice.paid", invoiceObject(invoice)),
        ],
      };
    });
  }

  /** The buyer left the checkout without paying. */
  async expireCheckout(sessionId: string): Promise<SandboxResult> {
    const [session] = await this.database
      .update(sandboxCheckoutSessions)
      .set({ status: "expired" })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, "open")))
      .returning();
    if (!session) return { ok: false, reason: "This checkout is no longer open." };
    return { ok: true, value: undefined, events: [this.sign("checkout.session.expired", checkoutObject(session))] };
  }

  /** The portal's actions on the customer's current subscription. */
  async updateSubscription(
    customerId: string,
    change: { cancelAtPeriodEnd: boolean } | { card: { brand: string; last4: string } },
  ): Promise<SandboxResult> {
    return this.database.transaction(async (tx) => {
      const current = await this.liveSubscription(tx, customerId);
      if (!current) return { ok: false, reason: "There is no subscription to change." };
      const update =
        "cancelAtPeriodEnd" in change
          ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd, canceledAt: change.cancelAtPeriodEnd ? this.now() : null }
          : { cardBrand: change.card.brand, cardLast4: change.card.last4 };
      const [updated] = await tx
        .update(sandboxSubscriptions)
        .set(update)
        .where(eq(sandboxSubscriptions.id, current.id))
        .returning();
      if (!updated) throw new Error("sandbox: the subscription update returned no row");
      return {
        ok: true,
        value: undefined,
        events: [this.sign("customer.subscription.updated", subscriptionObject(updated))],
      };
    });
  }

  /**
   * Ends the customer's live subscriptions at once. No event is sent: the account they belonged to
   * is being deleted, so there is nobody left for the webhook to update.
   */
  async cancelSubscriptions(customerId: string): Promise<void> {
    const now = this.now();
    await this.database
      .update(sandboxSubscriptions)
      .set({ status: "canceled", endedAt: now, canceledAt: now })
      .where(and(eq(sandboxSubscriptions.customerId, customerId), inArray(sandboxSubscriptions.status, LIVE)));
  }

  /** Moves a subscription's clock on: its trial ends, it renews (or fails to), retries run out, or it ends. */
  async advance(subscriptionId: string, step: SandboxClockStep): Promise<SandboxResult> {
    return this.database.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, subscriptionId))
        .for("update");
      if (!current || current.status === "canceled") return { ok: false, reason: "That subscription has ended." };
      const now = this.now();
      const events: SignedEvent[] = [];
      const save = async (update: Partial<SubscriptionRow>, deleted = false) => {
        const [updated] = await tx
          .update(sandboxSubscriptions)
          .set(update)
          .where(eq(sandboxSubscriptions.id, current.id))
          .returning();
        if (!updated) throw new Error("sandbox: the subscription update returned no row");
        events.push(
          this.sign(
            deleted ? "customer.subscription.deleted" : "customer.subscription.updated",
            subscriptionObject(updated),
          ),
        );
      };
      const end = () => save({ status: "canceled", endedAt: now, canceledAt: current.canceledAt ?? now }, true);
      const invoice = async (status: string) => {
        const row = await this.addInvoice(tx, current, SANDBOX_PRICE.amountCents, status);
        const type =
          status === "paid"
            ? "invoice.paid"
            : status === "open"
              ? "invoice.payment_failed"
              : "invoice.marked_uncollectible";
        events.push(this.sign(type, invoiceObject(row)));
      };

      if (step === "cancelled") {
        await end();
      } else if ((step === "trial-ends" || step === "renewal-succeeds") && current.cancelAtPeriodEnd) {
        // A subscription set to cancel ends when its period does.
        await end();
      } else if (step === "trial-ends") {
        if (current.status !== "trialing") return { ok: false, reason: "That subscription is not in its trial." };
        await invoice("paid");
        await save({
          status: "active",
          trialEnd: now,
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
          failedPaymentAttempts: 0,
        });
      } else if (step === "renewal-succeeds") {
        if (current.status === "unpaid") return { ok: false, reason: "That subscription's payments were given up on." };
        await invoice("paid");
        await save({
          status: "active",
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
          failedPaymentAttempts: 0,
        });
      } else if (step === "renewal-fails") {
        if (current.status === "unpaid") return { ok: false, reason: "That subscription's payments were given up on." };
        await invoice("open");
        await save({ status: "past_due", failedPaymentAttempts: current.failedPaymentAttempts + 1 });
      } else {
        if (current.status !== "past_due")
          return { ok: false, reason: "Only a subscription with a failed renewal can run out of retries." };
        await tx
          .update(sandboxInvoices)
          .set({ status: "uncollectible" })
          .where(and(eq(sandboxInvoices.subscriptionId, current.id), eq(sandboxInvoices.status, "open")));
        const [open] = await tx
          .select()
          .from(sandboxInvoices)
          .where(eq(sandboxInvoices.subscriptionId, current.id))
          .orderBy(desc(sandboxInvoices.createdAt))
          .limit(1);
        if (open) events.push(this.sign("invoice.marked_uncollectible", invoiceObject(open)));
        await save({ status: "unpaid" });
      }
      return { ok: true, value: undefined, events };
    });
  }

  /** Every sandbox subscription with its customer, newest first (the /dev/billing page). */
  listAll(limit = 50) {
    return this.database
      .select({
        id: sandboxSubscriptions.id,
        status: sandboxSubscriptions.status,
        cancelAtPeriodEnd: sandboxSubscriptions.cancelAtPeriodEnd,
        trialEnd: sandboxSubscriptions.trialEnd,
        currentPeriodEnd: sandboxSubscriptions.currentPeriodEnd,
        email: sandboxCustomers.email,
        customerId: sandboxCustomers.id,
      })
      .from(sandboxSubscriptions)
      .innerJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxSubscriptions.customerId))
      .orderBy(desc(sandboxSubscriptions.createdAt))
      .limit(limit);
  }

  private async liveSubscription(tx: Executor, customerId: string) {
    const [row] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.customerId, customerId), inArray(sandboxSubscriptions.status, LIVE)))
      .orderBy(desc(sandboxSubscriptions.createdAt))
      .limit(1)
      .for("update");
    return row ?? null;
  }

  private async addInvoice(tx: Executor, subscription: SubscriptionRow, amountCents: number, status: string) {
    const now = this.now();
    const [row] = await tx
      .insert(sandboxInvoices)
      .values({
        id: newId("in"),
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        amountCents,
        currency: SANDBOX_PRICE.currency,
        status,
        periodStart: now,
        periodEnd: addMonth(now),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("sandbox: the invoice insert returned no row");
    return row;
  }

  private sign(type: string, object: Record<string, unknown>): SignedEvent {
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: unix(this.now()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }
}

function toCheckoutSession(row: typeof sandboxCheckoutSessions.$inferSelect): CheckoutSession {
  return {
    id: row.id,
    url: row.status === "open" ? `/billing/sandbox/checkout/${row.id}` : null,
    status: row.status as CheckoutSession["status"],
    customerId: row.customerId,
    clientReferenceId: row.clientReferenceId,
  };
}

function toProviderSubscription(row: SubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status as ProviderSubscriptionStatus,
    created: row.createdAt,
    startDate: row.createdAt,
    priceId: row.priceId,
    amountCents: SANDBOX_PRICE.amountCents,
    currency: SANDBOX_PRICE.currency,
    interval: SANDBOX_PRICE.interval,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: row.endedAt,
    card: { brand: row.cardBrand, last4: row.cardLast4 },
  };
}

// The objects below follow Stripe's shapes (API version above) for the fields the product reads.

function checkoutObject(row: typeof sandboxCheckoutSessions.$inferSelect) {
  return {
    id: row.id,
    object: "checkout.session",
    mode: "subscription",
    customer: row.customerId,
    client_reference_id: row.clientReferenceId,
    status: row.status,
    subscription: row.subscriptionId,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    url: null,
  };
}

function subscriptionObject(row: SubscriptionRow) {
  return {
    id: row.id,
    object: "subscription",
    customer: row.customerId,
    status: row.status,
    created: unix(row.createdAt),
    start_date: unix(row.createdAt),
    trial_end: unix(row.trialEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: unix(row.canceledAt),
    ended_at: unix(row.endedAt),
    livemode: false,
    items: {
      object: "list",
      data: [
        {
          id: `si_${row.id}`,
          object: "subscription_item",
          current_period_start: unix(row.currentPeriodStart),
          current_period_end: unix(row.currentPeriodEnd),
          price: {
            id: row.priceId,
            object: "price",
            unit_amount: SANDBOX_PRICE.amountCents,
            currency: SANDBOX_PRICE.currency,
            recurring: { interval: SANDBOX_PRICE.interval, interval_count: 1 },
          },
          quantity: 1,
        },
      ],
    },
  };
}

function invoiceObject(row: InvoiceRow) {
  return {
    id: row.id,
    object: "invoice",
    customer: row.customerId,
    status: row.status,
    total: row.amountCents,
    amount_due: row.amountCents,
    currency: row.currency,
    created: unix(row.createdAt),
    period_start: unix(row.periodStart),
    period_end: unix(row.periodEnd),
    parent: { type: "subscription_details", subscription_details: { subscription: row.subscriptionId } },
  };
}
