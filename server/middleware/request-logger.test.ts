import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Logger } from "~/lib/logger.server";
import type { AppEnv } from "~/server/middleware/request-context";
import { requestLogger } from "~/server/middleware/request-logger";

/** An app whose handler gives `answer()`, logging into `lines`. */
function app(lines: Record<string, unknown>[], answer: () => Response) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    c.set("requestInfo", { requestId: "r-1", clientAddress: "203.0.113.9", nonce: "n" });
    await next();
  });
  hono.use(requestLogger(pino({ level: "info" }, sink) as unknown as Logger));
  hono.all("*", () => answer());
  return hono;
}

const INFO = 30;
const ERROR = 50;

describe("requestLogger", () => {
  it("logs an answered request at info with its status", async () => {
    const lines: Record<string, unknown>[] = [];
    await app(lines, () => new Response("ok", { status: 201 })).request("/list-property/photos", { method: "POST" });
    expect(lines).toEqual([
      expect.objectContaining({ level: INFO, msg: "request", status: 201, path: "/list-property/photos" }),
    ]);
  });

  it("logs a server failure at error with 500", async () => {
    const lines: Record<string, unknown>[] = [];
    await app(lines, () => new Response("broken", { status: 500 })).request("/x");
    expect(lines).toEqual([expect.objectContaining({ level: ERROR, msg: "request failed", status: 500 })]);
  });

  it("logs a request its client abandoned as 499 at info, whatever the handler answered", async () => {
    const lines: Record<string, unknown>[] = [];
    const controller = new AbortController();
    // React Router answers a request whose signal was aborted mid-action with 500.
    const handler = app(lines, () => {
      controller.abort();
      return new Response("Unexpected Server Error", { status: 500 });
    });
    await handler.request(new Request("http://localhost/list-property/photos", { signal: controller.signal }));
    expect(lines).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: "request abandoned by the client",
        status: 499,
        path: "/list-property/photos",
        requestId: "r-1",
      }),
    ]);
    expect(lines[0]).not.toHaveProperty("err");
  });
});
