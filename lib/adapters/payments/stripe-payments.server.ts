import Stripe from "stripe";
import { verifySignedEvent } from "~/lib/adapters/payments/signed-event.server";
import {
  ENDED_SUBSCRIPTION_STATUSES,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentsAdapter,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from "~/lib/adapters/payments/payments-adapter";

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Another API host (a local server that answers like Stripe, in tests). */
  apiBase?: { host: string; port: number; protocol: "http" | "https" };
}

const seconds = (value: number | null | undefined) => (value == null ? null : new Date(value * 1000));

/** Stripe Checkout (subscription mode), the Customer Portal and signed webhooks, through the official SDK. */
export class StripePayments implements PaymentsAdapter {
  readonly provider = "stripe" as const;
  readonly priceId: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentsOptions) {
    this.priceId = options.priceId;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      // Network failures are retried with the same Idempotency-Key, so a retry never creates twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...options.apiBase,
    });
  }

  async createCustomer(input: { userId: string; email: string; name: string | null }, idempotencyKey: string) {
    const customer = await this.stripe.customers.create(
      { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { user_id: input.userId } },
      { idempotencyKey },
    );
    return { id: customer.id };
  }

  async createCheckoutSession(input: CheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        // Stripe takes no trial of 0 days: without one the first month is charged at checkout.
        subscription_data: {
          ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          metadata: { user_id: input.userId },
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey },
    );
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession | null> {
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }, idempotencyKey: string) {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: input.customerId, return_url: input.returnUrl },
      { idempotencyKey },
    );
    return { url: session.url };
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const list = await this.stripe.subscriptions.list({
      customer: customerId,
      status: "all",
      limit: 10,
      expand: ["data.default_payment_method"],
    });
    return list.data.map(toSubscription).sort((a, b) => b.created.getTime() - a.created.getTime());
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const list = await this.stripe.invoices.list({ customer: customerId, limit });
    return list.data.map((invoice) => ({
      id: invoice.id ?? "",
      number: invoice.number,
      amountCents: invoice.total,
      currency: invoice.currency,
      status: invoice.status ?? "draft",
      created: new Date(invoice.created * 1000),
      url: invoice.hosted_invoice_url ?? null,
    }));
  }

  async cancelSubscriptions(customerId: string): Promise<void> {
    const subscriptions = await this.listSubscriptions(customerId);
    for (const subscription of subscriptions) {
      if (ENDED_SUBSCRIPTION_STATUSES.includes(subscription.status)) continue;
      await this.stripe.subscriptions.cancel(subscription.id);
    }
  }

  verifyEvent(payload: string, signatureHeader: string): PaymentEvent {
    return verifySignedEvent(payload, signatureHeader, this.webhookSecret);
  }
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  return {
    id: session.id,
    url: session.url,
    status: (session.status ?? "open") as CheckoutSession["status"],
    customerId: customer,
    clientReferenceId: session.client_reference_id,
  };
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const price = item?.price;
  const method = subscription.default_payment_method;
  const card = method && typeof method === "object" && method.card ? method.card : null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status as ProviderSubscriptionStatus,
    created: new Date(subscription.created * 1000),
    startDate: new Date(subscription.start_date * 1000),
    priceId: price?.id ?? null,
    amountCents: price?.unit_amount ?? null,
    currency: price?.currency ?? null,
    interval: price?.recurring?.interval ?? null,
    trialEnd: seconds(subscription.trial_end),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: seconds(subscription.ended_at),
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}
