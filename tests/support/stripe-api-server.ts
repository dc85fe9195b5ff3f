import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that answers the Stripe API calls the product makes, the way Stripe does:
 * form-encoded requests, JSON objects shaped after Stripe's API reference (API version
 * 2026-10-28), list envelopes, `Idempotency-Key` replays returning the first answer, and error
 * bodies `{ error: { type, message } }`. It keeps customers, checkout sessions and subscriptions in
 * memory and records every request, so tests can assert what was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: URLSearchParams;
}

type StripeObject = Record<string, unknown>;

export interface StripeApiServer {
  port: number;
  requests: RecordedRequest[];
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Makes GET /v1/subscriptions answer 500 while true. */
  failSubscriptions: boolean;
  /** Completes a checkout session as if the customer paid: a subscription is created, trialing if the session has a trial. */
  completeSession(id: string): StripeObject;
  /** Replaces fields of a subscription (status, cancel_at_period_end …). */
  updateSubscription(id: string, fields: StripeObject): StripeObject;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeApiServer(): Promise<StripeApiServer> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const list = (url: string, data: unknown[]) => ({ object: "list", url, has_more: false, data });
  const notFound = (what: string, value: string) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}: '${value}'`,
        param: "id",
      },
    },
  });

  function route(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        created: now(),
        email: params.get("email"),
        name: params.get("name"),
        livemode: false,
        metadata: { user_id: params.get("metadata[user_id]") },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const customer = params.get("customer") ?? "";
      if (!customers.has(customer)) return notFound("customer", customer);
      const trialDays = params.get("subscription_data[trial_period_days]");
      if (trialDays !== null && !(Number(trialDays) >= 1)) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: "The minimum number of trial period days is 1.",
              param: "subscription_data[trial_period_days]",
            },
          },
        };
      }
      const session = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: params.get("mode"),
        status: "open",
        payment_status: "unpaid",
        customer,
        client_reference_id: params.get("client_reference_id"),
        success_url: params.get("success_url"),
        cancel_url: params.get("cancel_url"),
        subscription: null,
        livemode: false,
        created: now(),
        expires_at: now() + 86_400,
        url: "",
        metadata: {},
        line_items_price: params.get("line_items[0][price]"),
        trial_period_days: trialDays === null ? null : Number(trialDays),
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1] ?? "");
      return session ? { status: 200, body: session } : notFound("checkout.session", sessionMatch[1] ?? "");
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = params.get("customer") ?? "";
      if (!customers.has(customer)) return notFound("customer", customer);
      const portalId = id("bps");
      return {
        status: 200,
        body: {
          id: portalId,
          object: "billing_portal.session",
          customer,
          return_url: params.get("return_url"),
          livemode: false,
          created: now(),
          url: `https://billing.stripe.com/p/session/${portalId}`,
        },
      };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      if (server.failSubscriptions) {
        return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } };
      }
      const customer = params.get("customer");
      const data = [...subscriptions.values()].filter((s) => s.customer === customer);
      return { status: 200, body: list("/v1/subscriptions", data) };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "DELETE" && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1] ?? "");
      if (!subscription) return notFound("subscription", subscriptionMatch[1] ?? "");
      Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
      return { status: 200, body: subscription };
    }
    if (method === "GET" && path === "/v1/invoices") {
      return { status: 200, body: list("/v1/invoices", []) };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const httpServer = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stripe.local");
      const params =
        request.method === "GET" ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
      const key = request.headers["idempotency-key"] as string | undefined;
      requests.push({
        method: request.method ?? "",
        path: url.pathname,
        idempotencyKey: key,
        authorization: request.headers.authorization,
        params,
      });
      const replay = key && request.method === "POST" ? idempotent.get(key) : undefined;
      const answer = replay ?? route(request.method ?? "", url.pathname, params);
      if (key && request.method === "POST" && !replay) idempotent.set(key, answer);
      response.writeHead(answer.status, {
        "Content-Type": "application/json",
        "Request-Id": id("req"),
        ...(replay ? { "Idempotent-Replayed": "true" } : {}),
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));

  const server: StripeApiServer = {
    port: (httpServer.address() as AddressInfo).port,
    requests,
    customers,
    sessions,
    subscriptions,
    failSubscriptions: false,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const start = now();
      const trial = session.trial_period_days !== null;
      // Without a trial the first month is paid at checkout.
      const periodEnd = start + (trial ? Number(session.trial_period_days) : 30) * 86_400;
      const subscription = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer,
        status: trial ? "trialing" : "active",
        created: start,
        start_date: start,
        trial_start: trial ? start : null,
        trial_end: trial ? periodEnd : null,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        livemode: false,
        metadata: {},
        default_payment_method: {
          id: id("pm"),
          object: "payment_method",
          type: "card",
          card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
        },
        items: {
          object: "list",
          has_more: false,
          url: "/v1/subscription_items",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: periodEnd,
              quantity: 1,
              price: {
                id: session.line_items_price,
                object: "price",
                active: true,
                currency: "aud",
                unit_amount: 4999,
                type: "recurring",
                recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
              },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: "complete",
        payment_status: trial ? "no_payment_required" : "paid",
        subscription: subscription.id,
        url: null,
      });
      return subscription;
    },
    updateSubscription(subscriptionId, fields) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      Object.assign(subscription, fields);
      return subscription;
    },
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
  return server;
}
