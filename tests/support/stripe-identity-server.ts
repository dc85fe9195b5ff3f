import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that answers the Stripe Identity calls the product makes, the way Stripe
 * does: form-encoded requests, VerificationSession objects shaped after Stripe's API reference
 * (API version 2026-10-28), `expand[]` turning `verified_outputs` and `last_verification_report`
 * into objects, `Idempotency-Key` replays returning the first answer, and error bodies
 * `{ error: { type, message } }`. It keeps sessions in memory and records every request.
 */

export interface RecordedIdentityRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

type StripeObject = Record<string, unknown>;

export interface SessionResult {
  status: "verified" | "requires_input" | "canceled" | "processing";
  lastErrorCode?: string;
  name?: { first: string; last: string };
  country?: string;
}

export interface StripeIdentityServer {
  port: number;
  requests: RecordedIdentityRequest[];
  sessions: Map<string, StripeObject>;
  /** What the person did at Stripe: the session's status, its error, and what the document showed. */
  finish(id: string, result: SessionResult): StripeObject;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeIdentityServer(): Promise<StripeIdentityServer> {
  const requests: RecordedIdentityRequest[] = [];
  const sessions = new Map<string, StripeObject>();
  const reports = new Map<string, StripeObject>();
  const outputs = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();

  function route(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/identity/verification_sessions") {
      if (params.get("type") !== "document") {
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "Invalid type", param: "type" } },
        };
      }
      const sessionId = id("vs");
      const session = {
        id: sessionId,
        object: "identity.verification_session",
        client_reference_id: params.get("client_reference_id"),
        created: now(),
        last_error: null,
        last_verification_report: null,
        livemode: false,
        metadata: { user_id: params.get("metadata[user_id]") },
        options: {
          document: {
            require_matching_selfie: params.get("options[document][require_matching_selfie]") === "true",
            require_live_capture: params.get("options[document][require_live_capture]") === "true",
          },
        },
        return_url: params.get("return_url"),
        status: "requires_input",
        type: "document",
        url: `https://verify.stripe.com/start/test_${sessionId}`,
        verified_outputs: null,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const match = /^\/v1\/identity\/verification_sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const session = sessions.get(match[1] ?? "");
      if (!session) {
        return {
          status: 404,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such verification session: '${match[1]}'`,
              param: "id",
            },
          },
        };
      }
      // The SDK numbers array parameters (expand[0]=…, expand[1]=…).
      const expand = [...params].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
      const reportId = session.last_verification_report as string | null;
      return {
        status: 200,
        body: {
          ...session,
          // Unexpanded, Stripe leaves verified_outputs out and names the report by id.
          verified_outputs: expand.includes("verified_outputs")
            ? (outputs.get(session.id as string) ?? null)
            : undefined,
          last_verification_report:
            expand.includes("last_verification_report") && reportId ? (reports.get(reportId) ?? null) : reportId,
        },
      };
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
      requests.push({ method: request.method ?? "", path: url.pathname, idempotencyKey: key, params });
      const replay = key && request.method === "POST" ? idempotent.get(key) : undefined;
      const answer = replay ?? route(request.method ?? "", url.pathname, params);
      if (key && request.method === "POST" && !replay) idempotent.set(key, answer);
      response.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req") });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));

  return {
    port: (httpServer.address() as AddressInfo).port,
    requests,
    sessions,
    finish(sessionId, result) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const reportId = id("vr");
      reports.set(reportId, {
        id: reportId,
        object: "identity.verification_report",
        type: "document",
        verification_session: sessionId,
        document: {
          status: result.status === "verified" ? "verified" : "unverified",
          error: result.lastErrorCode ? { code: result.lastErrorCode, reason: "" } : null,
          first_name: result.name?.first ?? null,
          last_name: result.name?.last ?? null,
          issuing_country: result.country ?? null,
          files: ["file_front", "file_back"],
          type: "passport",
        },
      });
      if (result.status === "verified" && result.name) {
        outputs.set(sessionId, {
          first_name: result.name.first,
          last_name: result.name.last,
          dob: null,
          address: null,
          id_number: null,
          id_number_type: null,
        });
      }
      Object.assign(session, {
        status: result.status,
        last_error: result.lastErrorCode ? { code: result.lastErrorCode, reason: "The check did not pass." } : null,
        last_verification_report: reportId,
        url: result.status === "requires_input" ? session.url : null,
      });
      return session;
    },
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}
