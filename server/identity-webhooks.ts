import { Hono } from "hono";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/services.server";
import { handleIdentityWebhook } from "~/modules/identity/verification.server";
import type { AppEnv } from "~/server/middleware/request-context";

export const IDENTITY_WEBHOOK_PATH = "/api/webhooks/identity";

/**
 * The identity provider's webhook: the raw body (the signature covers its exact bytes) goes to the
 * identity module. 400 for a bad, stale or future signature, 500 when processing failed (the
 * provider retries), 200 otherwise, including replays and event types we ignore.
 */
export function identityWebhookRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(IDENTITY_WEBHOOK_PATH, async (c) => {
    const payload = await c.req.text();
    const result = await handleIdentityWebhook(services, payload, c.req.header("stripe-signature"));
    if (result.ok) return c.json({ received: true, outcome: result.outcome });
    if (result.reason === "bad-signature") return c.json({ error: "Invalid signature" }, 400);
    logger.error({ err: result.message, requestId: c.get("requestInfo").requestId }, "identity webhook failed");
    return c.json({ error: "The event could not be processed" }, 500);
  });
  return app;
}
