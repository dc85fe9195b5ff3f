import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxIdentityWebhookSecret } from "~/lib/adapters/identity/index.server";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/** The identity webhook route over HTTP against the built server, with the sandbox as the provider. */
const AUTH_SECRET = "a-test-secret-that-is-long-enough-for-the-server";
const secret = sandboxIdentityWebhookSecret(AUTH_SECRET);
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { AUTH_SECRET, LOG_LEVEL: "warn" } });
}, SERVER_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
});

function event(type: string, sessionId = "vs_sbx_unknown", id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "identity.verification_session", id: sessionId, status: "verified" } },
  });
}

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/webhooks/identity`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });

describe("POST /api/webhooks/identity", () => {
  it("answers 200 to a signed event, and says a replay is a duplicate", async () => {
    const payload = event("identity.verification_session.verified", "vs_sbx_not_ours", "evt_identity_route_1");
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const first = await post(payload, { "stripe-signature": signature });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "processed" });
    const replay = await post(payload, { "stripe-signature": signature });
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
  });

  it("answers 400 to a missing, wrong, tampered, stale or future-dated signature", async () => {
    const payload = event("identity.verification_session.verified");
    const signed = (options: { timestamp?: number; secret?: string } = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });
    const now = Math.floor(Date.now() / 1000);
    for (const [body, headers] of [
      [payload, {}],
      [payload, { "stripe-signature": signed({ secret: "whsec_guess" }) }],
      [payload.replace("vs_sbx_unknown", "vs_sbx_other"), { "stripe-signature": signed() }],
      [payload, { "stripe-signature": signed({ timestamp: now - 360 }) }],
      [payload, { "stripe-signature": signed({ timestamp: now + 360 }) }],
    ] as const) {
      const response = await post(body, headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid signature" });
    }
  });

  it("refuses a body over 256 KB with 413, and a browser's cross-site post with 403", async () => {
    const big = JSON.stringify({ padding: "x".repeat(300 * 1024) });
    expect((await post(big, { "stripe-signature": "t=1,v1=0" })).status).toBe(413);
    const crossSite = await post(event("identity.verification_session.verified"), {
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
  });
});
