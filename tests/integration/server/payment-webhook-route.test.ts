import { execFile } from "node:child_process";
import { promisify } from "node:util";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxWebhookSecret } from "~/lib/adapters/payments/index.server";
import { repoRoot, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/** The webhook route over HTTP against the built server, with the sandbox as the provider. */
const AUTH_SECRET = "a-test-secret-that-is-long-enough-for-the-server";
const secret = sandboxWebhookSecret(AUTH_SECRET);
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ env: { AUTH_SECRET, LOG_LEVEL: "warn" } });
}, SERVER_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
});

function event(type: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "charge", id: "ch_1" } },
  });
}

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/webhooks/payments`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });

describe("POST /api/webhooks/payments", () => {
  it("answers 200 to a signed event of a type it ignores, and again to its replay", async () => {
    const payload = event("charge.succeeded", "evt_ignored_1");
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const first = await post(payload, { "stripe-signature": signature });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "ignored" });
    const replay = await post(payload, { "stripe-signature": signature });
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
  });

  it("answers 400 to a missing, wrong, tampered, stale or future-dated signature", async () => {
    const payload = event("customer.subscription.updated");
    const valid = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    // A minute past the five-minute tolerance either way: a future stamp only a second out would be
    // let in if the request reached the server a second later.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 360,
    });
    const future = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) + 360,
    });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_guess" });
    for (const [body, headers] of [
      [payload, {}],
      [payload, { "stripe-signature": wrong }],
      [
        payload.replace("customer.subscription.updated", "customer.subscription.deleted"),
        { "stripe-signature": valid },
      ],
      [payload, { "stripe-signature": stale }],
      [payload, { "stripe-signature": future }],
    ] as const) {
      const response = await post(body, headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid signature" });
    }
  });

  it("is not refused for lacking a browser Origin, but a body over 256 KB is refused with 413", async () => {
    const big = JSON.stringify({ padding: "x".repeat(300 * 1024) });
    const response = await post(big, { "stripe-signature": "t=1,v1=0" });
    expect(response.status).toBe(413);
    // A browser's cross-site post is still refused before the handler.
    const crossSite = await post(event("charge.succeeded"), {
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
  });

  it("the billing clock script reports an unknown customer clearly", async () => {
    const run = promisify(execFile)(
      "npx",
      ["tsx", "scripts/billing-clock.ts", "nobody@example.com", "trial-ends", "--url", server.url],
      {
        cwd: repoRoot,
      },
    );
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("The server refused (400)") });
  });
});
