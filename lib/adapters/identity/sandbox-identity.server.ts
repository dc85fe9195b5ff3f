import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { profiles, sandboxIdentitySessions } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { PaymentSignatureError } from "~/lib/adapters/payments/payments-adapter";
import { constructSignedEvent } from "~/lib/adapters/payments/signed-event.server";
import {
  eventSessionId,
  IdentityNotConfiguredError,
  IdentitySignatureError,
  type IdentityAdapter,
  type IdentityEvent,
  type IdentitySession,
  type IdentitySessionStatus,
} from "~/lib/adapters/identity/identity-adapter";
import {
  SANDBOX_OUTCOME_ERROR_CODE,
  type SandboxDocumentCountry,
  type SandboxIdentityOutcome,
} from "~/lib/adapters/identity/sandbox-outcomes";

/**
 * The offline identity provider. It keeps its sessions in its own table, shows its own page where
 * the person picks a test outcome in place of photographing a document, and reports the result as
 * an event shaped and signed like Stripe's, which goes through the same webhook handler and
 * signature check as Stripe's. A passing sandbox document carries the account's own name.
 */

/** Stripe's API version the sandbox's events claim to be shaped after. */
const API_VERSION = "2026-10-28.endive";

type SessionRow = typeof sandboxIdentitySessions.$inferSelect;

/** One event as the provider would deliver it: the raw JSON body and its signature header. */
export interface SignedIdentityEvent {
  payload: string;
  signature: string;
}

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("base64url")}`;

export class SandboxIdentity implements IdentityAdapter {
  readonly provider = "sandbox" as const;

  constructor(
    private readonly database: Database,
    private readonly webhookSecret: string,
    /** False in production without Stripe: nobody may be marked verified by a test page there. */
    readonly open = true,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createSession(input: { userId: string; returnUrl: string }, idempotencyKey: string) {
    if (!this.open) throw new IdentityNotConfiguredError();
    await this.database
      .insert(sandboxIdentitySessions)
      .values({ id: newId("vs"), userId: input.userId, returnUrl: input.returnUrl, idempotencyKey })
      .onConflictDoNothing({ target: sandboxIdentitySessions.idempotencyKey });
    const [row] = await this.database
      .select()
      .from(sandboxIdentitySessions)
      .where(eq(sandboxIdentitySessions.idempotencyKey, idempotencyKey));
    if (!row) throw new Error("sandbox: the verification session insert returned no row");
    return this.toSession(row);
  }

  async retrieveSession(id: string): Promise<IdentitySession | null> {
    const row = await this.session(id);
    return row ? this.toSession(row) : null;
  }

  /** The stored session, for the sandbox's page. */
  async session(id: string): Promise<SessionRow | null> {
    const [row] = await this.database.select().from(sandboxIdentitySessions).where(eq(sandboxIdentitySessions.id, id));
    return row ?? null;
  }

  verifyEvent(payload: string, signatureHeader: string): IdentityEvent {
    try {
      const event = constructSignedEvent(payload, signatureHeader, this.webhookSecret, this.now().getTime());
      return { id: event.id, type: event.type, sessionId: eventSessionId(event) };
    } catch (error) {
      if (error instanceof PaymentSignatureError) throw new IdentitySignatureError(error.message);
      throw error;
    }
  }

  /** The person submitted the page: the session ends with the chosen outcome; null when it no longer awaits them. */
  async complete(
    sessionId: string,
    input: { outcome: SandboxIdentityOutcome; documentCountry: SandboxDocumentCountry },
  ): Promise<SignedIdentityEvent | null> {
    if (!this.open) throw new IdentityNotConfiguredError();
    const outcome = input.outcome;
    const verified = outcome === "verified";
    const [row] = await this.database
      .update(sandboxIdentitySessions)
      .set({
        status: verified ? "verified" : "requires_input",
        lastErrorCode: outcome === "verified" ? null : SANDBOX_OUTCOME_ERROR_CODE[outcome],
        documentCountry: input.documentCountry,
      })
      .where(eq(sandboxIdentitySessions.id, sessionId))
      .returning();
    if (!row) return null;
    const session = await this.toSession(row);
    return this.sign(
      verified ? "identity.verification_session.verified" : "identity.verification_session.requires_input",
      sessionObject(session),
    );
  }

  private async toSession(row: SessionRow): Promise<IdentitySession> {
    let verifiedName: IdentitySession["verifiedName"] = null;
    if (row.status === "verified") {
      const [profile] = await this.database
        .select({ firstName: profiles.firstName, lastName: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, row.userId));
      if (profile?.firstName && profile.lastName) {
        verifiedName = { firstName: profile.firstName, lastName: profile.lastName };
      }
    }
    return {
      id: row.id,
      userId: row.userId,
      status: row.status as IdentitySessionStatus,
      url: row.status === "requires_input" && !row.lastErrorCode ? `/identity/sandbox/${row.id}` : null,
      lastErrorCode: row.lastErrorCode,
      verifiedName,
      documentCountry: row.documentCountry,
    };
  }

  private sign(type: string, object: Record<string, unknown>): SignedIdentityEvent {
    const payload = JSON.stringify({
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: Math.floor(this.now().getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    return {
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: this.webhookSecret,
        timestamp: Math.floor(this.now().getTime() / 1000),
      }),
    };
  }
}

/** The VerificationSession as Stripe's events carry it (unexpanded: no outputs, as Stripe sends). */
function sessionObject(session: IdentitySession) {
  return {
    id: session.id,
    object: "identity.verification_session",
    client_reference_id: session.userId,
    status: session.status,
    type: "document",
    livemode: false,
    last_error: session.lastErrorCode ? { code: session.lastErrorCode, reason: null } : null,
    url: session.url,
  };
}
