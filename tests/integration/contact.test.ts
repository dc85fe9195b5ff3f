import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { FormsServiceError, type FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import { HubSpotFormsAdapter } from "~/lib/adapters/forms/hubspot-forms.server";
import { createFormsAdapter } from "~/lib/adapters/forms/index.server";
import { LocalFormsAdapter } from "~/lib/adapters/forms/local-forms.server";
import { connectDatabase } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import type { ContactInput } from "~/modules/contact/contact-schema";
import {
  CLAIM_LEASE_MS,
  forwardPendingMessages,
  retryDelayMs,
  startContactForwarder,
} from "~/modules/contact/forward-pending.server";
import { submitContactMessage } from "~/modules/contact/submit-message.server";
import { describeEachDatabase } from "~/tests/support/test-database";

/**
 * A local server speaking HubSpot's Forms submission API (v3 integration endpoint). Each test sets
 * `respond`; every request is recorded with its path and parsed JSON body.
 */
const PORTAL_ID = "4455667";
const FORM_ID = "0f1e2d3c-aaaa-bbbb-cccc-123456789abc";
const SUBMIT_PATH = `/submissions/v3/integration/submit/${PORTAL_ID}/${FORM_ID}`;
const PAGE_URI = "http://localhost:3000/contact";

interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  body: unknown;
}

type Responder = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let received: Received[] = [];
const accept: Responder = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify({ inlineMessage: "Thanks for submitting the form." }));
};
let respond: Responder = accept;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        contentType: request.headers["content-type"],
        body,
      });
      respond(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  respond = accept;
});

const hubspot = (options: { baseUrl?: string; timeoutMs?: number } = {}) =>
  new HubSpotFormsAdapter({ portalId: PORTAL_ID, formId: FORM_ID, baseUrl, timeoutMs: 2000, ...options });

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const input: ContactInput = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "03 9000 1234",
  message: "Is the Degraves Street room still free?\nI start in March.",
};

const expectedPayload = {
  fields: [
    { name: "firstname", value: "Ada" },
    { name: "lastname", value: "Lovelace" },
    { name: "email", value: "ada@example.com" },
    { name: "phone", value: "03 9000 1234" },
    { name: "message", value: "Is the Degraves Street room still free?\nI start in March." },
  ],
  context: { pageUri: PAGE_URI, pageName: "Contact Us" },
};

describe("forms adapter choice and backoff", () => {
  it("uses HubSpot only when both ids are set, else the local inbox", () => {
    expect(createFormsAdapter({ HUBSPOT_PORTAL_ID: PORTAL_ID, HUBSPOT_FORM_ID: FORM_ID }).provider).toBe("hubspot");
    expect(createFormsAdapter({ HUBSPOT_PORTAL_ID: PORTAL_ID }).provider).toBe("local");
    expect(createFormsAdapter({}).provider).toBe("local");
  });

  it("backs off exponentially from 1 minute, capped at 1 hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("HubSpot adapter: a refusal throws with the status, a hang times out", async () => {
    respond = (_request, response) => {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: "error", message: "The request is not valid" }));
    };
    const message = { id: "x", ...input, pageUri: PAGE_URI, pageName: "Contact Us" };
    await expect(hubspot().submit(message)).rejects.toMatchObject({
      name: "FormsServiceError",
      status: "HTTP 400",
      message: expect.stringContaining("HTTP 400") as unknown,
    });
    respond = () => undefined; // never answers
    const error = await hubspot({ timeoutMs: 200 })
      .submit(message)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormsServiceError);
    expect(error).toMatchObject({ status: "TIMEOUT" });
  });
});

describeEachDatabase("contact messages", (use) => {
  const rows = () => use().db.select().from(contactMessages);

  it("stores the message, then forwards it to HubSpot with the exact payload", async () => {
    const before = Date.now();
    const result = await submitContactMessage(use().db, input, {
      adapter: hubspot(),
      pageUri: PAGE_URI,
      logger: quietLogger,
    });
    expect(result).toMatchObject({ ok: true, forwarded: true });

    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      method: "POST",
      path: SUBMIT_PATH,
      contentType: "application/json",
      body: expectedPayload,
    });

    const [row] = await rows();
    expect(row).toMatchObject({
      ...input,
      pageUri: PAGE_URI,
      forwardStatus: "forwarded",
      forwardAttempts: 1,
      lastError: null,
    });
    expect(row?.forwardedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("keeps the message pending with the error and a later attempt when HubSpot answers 500, then delivers it exactly once", async () => {
    respond = (_request, response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: "error", message: "Internal error" }));
    };
    const submittedAt = new Date();
    const result = await submitContactMessage(use().db, input, {
      adapter: hubspot(),
      pageUri: PAGE_URI,
      logger: quietLogger,
    });
    expect(result).toMatchObject({ ok: true, forwarded: false });
    expect(received).toHaveLength(1);

    const [pending] = await rows();
    expect(pending).toMatchObject({ forwardStatus: "pending", forwardAttempts: 1, forwardedAt: null });
    expect(pending?.lastError).toContain("HTTP 500");
    // Retried about a minute later, not straight away.
    const wait = (pending?.nextAttemptAt.getTime() ?? 0) - submittedAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(59_000);
    expect(wait).toBeLessThan(2 * 60_000);

    // Not due yet: the worker leaves it alone.
    expect(await forwardPendingMessages(use().db, hubspot(), { logger: quietLogger })).toEqual({
      attempted: 0,
      forwarded: 0,
      failed: 0,
    });

    // Still failing a minute later: the second failure waits two minutes.
    const oneMinuteOn = new Date(submittedAt.getTime() + 61_000);
    expect(
      await forwardPendingMessages(use().db, hubspot(), { now: () => oneMinuteOn, logger: quietLogger }),
    ).toMatchObject({ attempted: 1, failed: 1 });
    const [again] = await rows();
    expect(again).toMatchObject({ forwardStatus: "pending", forwardAttempts: 2 });
    expect(again?.nextAttemptAt.getTime()).toBe(oneMinuteOn.getTime() + 2 * 60_000);

    // HubSpot is back: two worker runs, one delivery.
    respond = accept;
    received = [];
    const later = new Date(oneMinuteOn.getTime() + 3 * 60_000);
    const first = await forwardPendingMessages(use().db, hubspot(), { now: () => later, logger: quietLogger });
    const second = await forwardPendingMessages(use().db, hubspot(), { now: () => later, logger: quietLogger });
    expect(first).toEqual({ attempted: 1, forwarded: 1, failed: 0 });
    expect(second).toEqual({ attempted: 0, forwarded: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe(SUBMIT_PATH);
    expect(received[0]?.body).toEqual(expectedPayload);

    const [delivered] = await rows();
    expect(delivered).toMatchObject({ forwardStatus: "forwarded", forwardAttempts: 3, lastError: null });
    expect(delivered?.forwardedAt?.getTime()).toBe(later.getTime());
  });

  it("keeps the message when HubSpot is unreachable", async () => {
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const result = await submitContactMessage(use().db, input, {
      adapter: hubspot({ baseUrl: `http://127.0.0.1:${port}` }),
      pageUri: PAGE_URI,
      logger: quietLogger,
    });
    expect(result).toMatchObject({ ok: true, forwarded: false });
    const [row] = await rows();
    expect(row).toMatchObject({ forwardStatus: "pending", forwardAttempts: 1 });
    expect(row?.lastError).toMatch(/could not be reached/);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it("answers the visitor quickly when HubSpot is slow; the attempt finishes in the background", async () => {
    let release: (() => void) | undefined;
    respond = (request, response) => {
      release = () => accept(request, response);
    };
    const started = Date.now();
    const result = await submitContactMessage(use().db, input, {
      adapter: hubspot({ timeoutMs: 5000 }),
      pageUri: PAGE_URI,
      waitMs: 150,
      logger: quietLogger,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: true, forwarded: false });
    // Claimed for the running attempt: the worker must not send it a second time meanwhile.
    expect(await forwardPendingMessages(use().db, hubspot(), { logger: quietLogger })).toMatchObject({
      attempted: 0,
    });
    await expect.poll(() => release !== undefined).toBe(true);
    release?.();
    if (!result.ok) throw new Error("expected the message to be stored");
    await expect(result.delivery).resolves.toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({ forwardStatus: "forwarded", forwardAttempts: 1 });
    expect(received).toHaveLength(1);
  });

  it("the local default marks the message delivered to the local inbox", async () => {
    const logged: unknown[] = [];
    const adapter = new LocalFormsAdapter({ logger: { info: (...args: unknown[]) => logged.push(args) } as never });
    const result = await submitContactMessage(use().db, input, {
      adapter,
      pageUri: PAGE_URI,
      logger: quietLogger,
    });
    expect(result).toMatchObject({ ok: true, forwarded: true });
    const [row] = await rows();
    expect(row).toMatchObject({ forwardStatus: "forwarded", forwardAttempts: 1 });
    expect(JSON.stringify(logged)).toContain(row?.id);
    // The log line names the message, never its contents.
    expect(JSON.stringify(logged)).not.toContain("ada@example.com");
  });

  it("a message left claimed by a process that died is retried once the lease runs out", async () => {
    const hung: FormsAdapter = { provider: "hubspot", submit: () => new Promise<void>(() => undefined) };
    const submittedAt = new Date();
    await submitContactMessage(use().db, input, {
      adapter: hung,
      pageUri: PAGE_URI,
      waitMs: 10,
      logger: quietLogger,
    });
    const afterLease = new Date(submittedAt.getTime() + CLAIM_LEASE_MS + 1000);
    expect(await forwardPendingMessages(use().db, hubspot(), { now: () => afterLease, logger: quietLogger })).toEqual({
      attempted: 1,
      forwarded: 1,
      failed: 0,
    });
    expect(received).toHaveLength(1);
  });

  it("two workers running at once deliver each message exactly once", async () => {
    const due = new Date(Date.now() - 1000);
    await use()
      .db.insert(contactMessages)
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          ...input,
          firstName: `Ada ${index}`,
          pageUri: PAGE_URI,
          nextAttemptAt: due,
        })),
      );
    respond = (request, response) => setTimeout(() => accept(request, response), 20);
    const [a, b] = await Promise.all([
      forwardPendingMessages(use().db, hubspot(), { logger: quietLogger }),
      forwardPendingMessages(use().db, hubspot(), { logger: quietLogger }),
    ]);
    expect(a.forwarded + b.forwarded).toBe(6);
    expect(received).toHaveLength(6);
    const names = received.map((request) => (request.body as typeof expectedPayload).fields[0]?.value).sort();
    expect(names).toEqual(["Ada 0", "Ada 1", "Ada 2", "Ada 3", "Ada 4", "Ada 5"]);
  });

  it("the forwarder runs on its own and stops cleanly", async () => {
    await use()
      .db.insert(contactMessages)
      .values({ ...input, pageUri: PAGE_URI, nextAttemptAt: new Date(Date.now() - 1000) });
    const stop = startContactForwarder(use().db, {
      intervalMs: 50,
      adapter: hubspot(),
      logger: quietLogger,
    });
    try {
      await expect.poll(async () => (await rows())[0]?.forwardStatus, { timeout: 5000 }).toBe("forwarded");
    } finally {
      await stop();
    }
    expect(received).toHaveLength(1);
  });
});

describe("contact messages when the store fails", () => {
  it("reports failure and forwards nothing when the message cannot be stored (closed database)", async () => {
    const handle = connectDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    await handle.close();
    let calls = 0;
    const adapter: FormsAdapter = {
      provider: "hubspot",
      submit: () => {
        calls += 1;
        return Promise.resolve();
      },
    };
    const result = await submitContactMessage(handle.db, input, {
      adapter,
      pageUri: PAGE_URI,
      logger: quietLogger,
    });
    expect(result).toEqual({ ok: false, reason: "store_failed" });
    expect(calls).toBe(0);
  });

  it("reports failure when the table is missing", async () => {
    const handle = connectDatabase({ dataDir: "memory://" });
    try {
      await migrateDatabase(handle);
      await handle.db.execute("drop table contact_messages");
      const result = await submitContactMessage(handle.db, input, {
        adapter: new LocalFormsAdapter({ logger: quietLogger }),
        pageUri: PAGE_URI,
        logger: quietLogger,
      });
      expect(result).toEqual({ ok: false, reason: "store_failed" });
    } finally {
      await handle.close();
    }
  });
});
