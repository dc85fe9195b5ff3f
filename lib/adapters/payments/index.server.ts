import { createHmac } from "node:crypto";
import type { Database } from "~/lib/db/client.server";
import type { Env } from "~/lib/env.server";
import type { PaymentsAdapter } from "~/lib/adapters/payments/payments-adapter";
import { SandboxPayments } from "~/lib/adapters/payments/sandbox-payments.server";
import { StripePayments } from "~/lib/adapters/payments/stripe-payments.server";

export function createPaymentsAdapter(
  config: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PRICE_ID" | "AUTH_SECRET" | "PRODUCTION">,
  database: Database,
): PaymentsAdapter {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_ID) {
    return new StripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      priceId: config.STRIPE_PRICE_ID,
    });
  }
  // In production the sandbox never opens a checkout: a plan there would cost nothing.
  return new SandboxPayments(database, sandboxWebhookSecret(config.AUTH_SECRET), undefined, !config.PRODUCTION);
}

/** The sandbox signs its events with a secret of its own, derived from the server's secret. */
export function sandboxWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac("sha256", authSecret).update("sandbox-payments-webhook").digest("base64url")}`;
}
