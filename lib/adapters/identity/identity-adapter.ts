/**
 * The identity-verification adapter: a document and a selfie checked by a provider. Two
 * implementations: Stripe Identity (`stripe-identity.server.ts`, when STRIPE_SECRET_KEY and
 * STRIPE_IDENTITY_WEBHOOK_SECRET are set) and the offline sandbox (`sandbox-identity.server.ts`),
 * whose page lets the person pick a test outcome and which signs its events the way Stripe does,
 * so both feed the same webhook handler. The shapes below are the parts of the provider's
 * VerificationSession the product reads: never the document's images or number.
 */

export type IdentityProvider = "stripe" | "sandbox";

/** The provider's session statuses (Stripe's names). */
export type IdentitySessionStatus = "requires_input" | "processing" | "verified" | "canceled";

export interface IdentitySession {
  id: string;
  /** Our user id, sent as the session's client_reference_id. */
  userId: string | null;
  status: IdentitySessionStatus;
  /** Where the person goes to verify, while the session awaits them. */
  url: string | null;
  /** The provider's reason a check did not pass (document_unverified_other, selfie_face_mismatch…). */
  lastErrorCode: string | null;
  /** The legal name read from the document, once verified. */
  verifiedName: { firstName: string; lastName: string } | null;
  /** ISO 3166-1 alpha-2 country that issued the document. */
  documentCountry: string | null;
}

/** A verified webhook event: what happened and to which session. */
export interface IdentityEvent {
  id: string;
  type: string;
  sessionId: string | null;
}

export interface IdentityAdapter {
  readonly provider: IdentityProvider;
  /** Opens a document-and-selfie session; the same idempotency key returns the same session. */
  createSession(input: { userId: string; returnUrl: string }, idempotencyKey: string): Promise<IdentitySession>;
  /** null when the provider has no such session. */
  retrieveSession(id: string): Promise<IdentitySession | null>;
  /** Checks the signature (and its age) and reads the event; throws IdentitySignatureError when it does not hold. */
  verifyEvent(payload: string, signatureHeader: string): IdentityEvent;
}

export class IdentitySignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IdentitySignatureError";
  }
}

/** The sandbox in production: nobody may be marked verified without a real check. */
export class IdentityNotConfiguredError extends Error {
  constructor() {
    super("identity verification is not configured (set STRIPE_SECRET_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET)");
    this.name = "IdentityNotConfiguredError";
  }
}

/** The session an identity event is about: the event's object when it is a verification session. */
export function eventSessionId(event: { data: { object: unknown } }): string | null {
  const object = event.data.object as { id?: unknown; object?: unknown };
  return object.object === "identity.verification_session" && typeof object.id === "string" ? object.id : null;
}
