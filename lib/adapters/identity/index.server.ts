import { createHmac } from "node:crypto";
import type { Database } from "~/lib/db/client.server";
import type { Env } from "~/lib/env.server";
import type { IdentityAdapter } from "~/lib/adapters/identity/identity-adapter";
import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import { StripeIdentity } from "~/lib/adapters/identity/stripe-identity.server";

export function createIdentityAdapter(
  config: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_IDENTITY_WEBHOOK_SECRET" | "AUTH_SECRET" | "PRODUCTION">,
  database: Database,
): IdentityAdapter {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_IDENTITY_WEBHOOK_SECRET) {
    return new StripeIdentity({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_IDENTITY_WEBHOOK_SECRET,
    });
  }
  // In production the sandbox never starts a check: its test page would mark anyone verified.
  return new SandboxIdentity(database, sandboxIdentityWebhookSecret(config.AUTH_SECRET), !config.PRODUCTION);
}

/** The sandbox signs its events with a secret of its own, derived from the server's secret. */
export function sandboxIdentityWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac("sha256", authSecret).update("sandbox-identity-webhook").digest("base64url")}`;
}
