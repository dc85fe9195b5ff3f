import Stripe from "stripe";
import { PaymentSignatureError } from "~/lib/adapters/payments/payments-adapter";
import { constructSignedEvent } from "~/lib/adapters/payments/signed-event.server";
import {
  eventSessionId,
  IdentitySignatureError,
  type IdentityAdapter,
  type IdentityEvent,
  type IdentitySession,
  type IdentitySessionStatus,
} from "~/lib/adapters/identity/identity-adapter";

export interface StripeIdentityOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local server that answers like Stripe, in tests). */
  apiBase?: { host: string; port: number; protocol: "http" | "https" };
}

/** Stripe Identity VerificationSessions (document with a matching live selfie) and signed webhooks, through the official SDK. */
export class StripeIdentity implements IdentityAdapter {
  readonly provider = "stripe" as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeIdentityOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      // Network failures are retried with the same Idempotency-Key, so a retry never creates twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...options.apiBase,
    });
  }

  async createSession(input: { userId: string; returnUrl: string }, idempotencyKey: string) {
    const session = await this.stripe.identity.verificationSessions.create(
      {
        type: "document",
        options: { document: { require_matching_selfie: true, require_live_capture: true } },
        client_reference_id: input.userId,
        metadata: { user_id: input.userId },
        return_url: input.returnUrl,
      },
      { idempotencyKey },
    );
    return toSession(session);
  }

  async retrieveSession(id: string): Promise<IdentitySession | null> {
    try {
      const session = await this.stripe.identity.verificationSessions.retrieve(id, {
        expand: ["verified_outputs", "last_verification_report"],
      });
      return toSession(session);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  verifyEvent(payload: string, signatureHeader: string): IdentityEvent {
    try {
      const event = constructSignedEvent(payload, signatureHeader, this.webhookSecret);
      return { id: event.id, type: event.type, sessionId: eventSessionId(event) };
    } catch (error) {
      if (error instanceof PaymentSignatureError) throw new IdentitySignatureError(error.message);
      throw error;
    }
  }
}

function toSession(session: Stripe.Identity.VerificationSession): IdentitySession {
  const outputs = session.verified_outputs;
  const report = typeof session.last_verification_report === "object" ? session.last_verification_report : null;
  return {
    id: session.id,
    userId: session.client_reference_id ?? session.metadata.user_id ?? null,
    status: session.status as IdentitySessionStatus,
    url: session.url,
    lastErrorCode: session.last_error?.code ?? null,
    verifiedName:
      session.status === "verified" && outputs?.first_name && outputs.last_name
        ? { firstName: outputs.first_name, lastName: outputs.last_name }
        : null,
    documentCountry: report?.document?.issuing_country ?? null,
  };
}
