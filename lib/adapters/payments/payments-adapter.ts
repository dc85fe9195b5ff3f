/**
 * The payments adapter: subscriptions for the Professional Plan. Two implementations: Stripe
 * (`stripe-payments.server.ts`, when STRIPE_SECRET_KEY is set) and the offline sandbox
 * (`sandbox-payments.server.ts`), which keeps its own customers and subscriptions and signs its
 * events the way Stripe does, so both feed the same webhook handler. The shapes below are the
 * parts of the provider's objects the product reads.
 */

export type PaymentsProvider = "stripe" | "sandbox";

/** The provider's subscription statuses (Stripe's names). */
export type ProviderSubscriptionStatus =
  "trialing" | "active" | "past_due" | "unpaid" | "canceled" | "incomplete" | "incomplete_expired" | "paused";

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired";
  customerId: string | null;
  clientReferenceId: string | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  created: Date;
  startDate: Date;
  priceId: string | null;
  amountCents: number | null;
  currency: string | null;
  interval: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  card: { brand: string; last4: string } | null;
}

export interface ProviderInvoice {
  id: string;
  number: string | null;
  amountCents: number;
  currency: string;
  /** draft, open, paid, uncollectible or void. */
  status: string;
  created: Date;
  /** The provider's page for the invoice (view, pay, download), when it has one. */
  url: string | null;
}

/** A verified webhook event: what happened and to which customer. */
export interface PaymentEvent {
  id: string;
  type: string;
  customerId: string | null;
}

export interface CheckoutInput {
  customerId: string;
  priceId: string;
  /** Our user id, sent as the session's client_reference_id. */
  userId: string;
  /** Days of free trial; 0 for none (the first month is charged at checkout). */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentsAdapter {
  readonly provider: PaymentsProvider;
  /** The plan's price identifier at this provider. */
  readonly priceId: string;
  /** Creates the customer; the same idempotency key returns the same customer. */
  createCustomer(
    input: { userId: string; email: string; name: string | null },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  createCheckoutSession(input: CheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  /** null when the provider has no such session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** Where the customer manages payment details and cancels. */
  createPortalSession(
    input: { customerId: string; returnUrl: string },
    idempotencyKey: string,
  ): Promise<{ url: string }>;
  /** Every subscription of the customer, whatever its status, newest first. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]>;
  /**
   * Ends every subscription of the customer that has not ended, at once and without a refund (the
   * account is being deleted). Throws when the provider cannot be reached or refuses.
   */
  cancelSubscriptions(customerId: string): Promise<void>;
  /** Checks the signature (and its age) and reads the event; throws PaymentSignatureError when it does not hold. */
  verifyEvent(payload: string, signatureHeader: string): PaymentEvent;
}

export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentSignatureError";
  }
}

/** Provider statuses after which a subscription never bills again. */
export const ENDED_SUBSCRIPTION_STATUSES: readonly ProviderSubscriptionStatus[] = ["canceled", "incomplete_expired"];

/** How old a signed event may be: Stripe's default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The customer a provider event is about: the object's `customer`, or the customer itself. */
export function eventCustomerId(event: { type: string; data: { object: unknown } }): string | null {
  const object = event.data.object as { id?: unknown; object?: unknown; customer?: unknown };
  if (typeof object.customer === "string") return object.customer;
  if (object.customer && typeof object.customer === "object" && "id" in object.customer) {
    const id = (object.customer as { id: unknown }).id;
    if (typeof id === "string") return id;
  }
  if (object.object === "customer" && typeof object.id === "string") return object.id;
  return null;
}
