import { createMiddleware } from "hono/factory";

export interface BodyLimit {
  maxBytes: number;
  /** What the person is told when their body is over the limit. */
  message: string;
  /** Answer `{ "error": message }` as JSON (for script clients), whatever the request accepts. */
  json?: boolean;
  /** Answer as RFC 9457 problem details (the REST API). */
  problem?: boolean;
}

export type BodyLimitFor = (pathname: string) => BodyLimit;

/**
 * A declared body up to this size that is over its limit is still read to the end and thrown away
 * (never buffered) after the 413, so a browser that sends the whole form before reading the answer
 * shows the message instead of a reset connection. Anything larger is cut off.
 */
const DRAIN_CEILING_BYTES = 32 * 1024 * 1024;

/**
 * Caps every request body before any handler reads it. A body with a declared Content-Length over
 * the limit never reaches a handler: read to its end and thrown away when small enough to drain
 * (see DRAIN_CEILING_BYTES), else refused at once with the connection closed. A body without one
 * (chunked) is counted as it streams and cut off the moment it passes the limit, so nothing buffers
 * more than the limit. Either way the answer is 413 with a clear message.
 */
export function bodyLimit(limitFor: BodyLimitFor, override?: { prefix: (path: string) => boolean; limit: BodyLimit }) {
  return createMiddleware(async (c, next) => {
    // GET and HEAD carry no body; asking for one would make the server library build a full Request.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const request = c.req.raw;
    if (!request.body) return next();
    const limit = override?.prefix(c.req.path) ? override.limit : limitFor(c.req.path);
    const refuse = (close: boolean) => {
      if (limit.problem) {
        const body = { type: "about:blank", title: "Content too large", status: 413, detail: limit.message };
        return new Response(JSON.stringify(body), {
          status: 413,
          headers: { "Content-Type": "application/problem+json", ...(close ? { Connection: "close" } : {}) },
        });
      }
      const wantsJson = limit.json ?? (request.headers.get("accept") ?? "").includes("application/json");
      return new Response(wantsJson ? JSON.stringify({ error: limit.message }) : limit.message, {
        status: 413,
        headers: {
          "Content-Type": wantsJson ? "application/json" : "text/plain; charset=utf-8",
          ...(close ? { Connection: "close" } : {}),
        },
      });
    };

    const declared = request.headers.get("content-length");
    if (declared !== null && !request.headers.has("transfer-encoding")) {
      // Node's parser never delivers more than the declared length.
      const bytes = Number(declared);
      if (bytes <= limit.maxBytes) return next();
      if (bytes > DRAIN_CEILING_BYTES) return refuse(true);
      // Read to the end (discarded) before answering: the server library gives a body left unread
      // after the answer only half a second before it resets the connection, and a reset can reach
      // the client before it has read the 413.
      await discard(request.body);
      return refuse(false);
    }

    let received = 0;
    let exceeded = false;
    const capped = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > limit.maxBytes) {
            exceeded = true;
            controller.error(new Error("request body too large"));
          } else controller.enqueue(chunk);
        },
      }),
    );
    // Built from its parts: the Node adapter's lightweight Request cannot be copied with `new Request(request)`.
    c.req.raw = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: capped,
      signal: request.signal,
      duplex: "half",
    } as RequestInit);
    await next();
    // Whatever the handler made of the broken body (an error page, its own refusal), the answer is 413.
    if (exceeded) c.res = refuse(true);
  });
}

/** Reads a body to its end without keeping any of it; a client that goes away ends it early. */
async function discard(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client closed the connection: nothing left to answer.
  }
}

export const DEFAULT_BODY_LIMIT: BodyLimit = {
  maxBytes: 64 * 1024,
  message: "The request is too large. Please shorten what you entered and try again.",
};

/** A limit per path (with or without React Router's `.data` suffix), else the default. */
export function bodyLimitsByPath(limits: Record<string, BodyLimit>, fallback = DEFAULT_BODY_LIMIT): BodyLimitFor {
  return (pathname) => limits[pathname.replace(/\.data$/, "")] ?? fallback;
}
