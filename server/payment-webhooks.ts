import { Hono } from "hono";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/services.server";
import { handlePaymentWebhook } from "~/modules/billing/webhook.server";
import type { AppEnv } from "~/server/middleware/request-context";

export const PAYMENT_WEBHOOK_PATH = "/api/webhooks/payments";
/** Stripe's events are a few kilobytes; a subscription with many items stays well under this. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * The payment provider's webhook: the raw body (the signature covers its exact bytes) goes to the
 * billing module. 400 for a bad or stale signature, 500 when processing failed (the provider
 * retries), 200 for everything else, including event types we ignore.
 */
export function paymentWebhookRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    const payload = await c.req.text();
    const result = await handlePaymentWebhook(services, payload, c.req.header("stripe-signature"));
    if (result.ok) return c.json({ received: true, outcome: result.outcome });
    if (result.reason === "bad-signature") return c.json({ error: "Invalid signature" }, 400);
    logger.error({ err: result.message, requestId: c.get("requestInfo").requestId }, "payment webhook failed");
    return c.json({ error: "The event could not be processed" }, 500);
  });
  return app;
}
