import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  failedForDatabase,
  markDatabaseUnavailable,
} from "~/lib/database-unavailable.server";
import { logger } from "~/lib/logger.server";
import { requestInfo } from "~/lib/request-context";
import { NonceProvider } from "~/app/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page whose data could not be read because the database is away: 503, so a proxy or client
  // retries (another instance, or later) instead of treating it as a bug.
  if (responseStatusCode >= 500 && failedForDatabase(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = requestInfo(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The whole document is rendered before anything is sent, for people and crawlers alike: no
    // page defers data, so the shell would only be ahead of its own loader data by a few
    // microtasks, while each streamed piece cost a compressor flush and a socket write of its own.
    // One buffer goes out with its length: headers and body in one write.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React moves even a finished <Suspense> boundary out of line (revealed by an inline script)
        // once the page passes this many bytes; the boundaries around the extras that load when
        // idle (ADR 40) must stay in place so their server HTML works without JavaScript.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // Once everything is ready, React writes the whole document within pipe() and ends it. A
          // bare sink collects the pieces: a stream's bookkeeping for each write (state, a callback on
          // the next tick) is work the document does not need. It never refuses a write, so React
          // never waits for "drain"; `destroy` is how React reports a fatal error to its destination.
          const pieces: Uint8Array[] = [];
          const document = {
            write(chunk: Uint8Array | string) {
              pieces.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
              return true;
            },
            end() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const body = Buffer.concat(pieces);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(body.byteLength));
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            },
            on() {
              return document;
            },
            destroy(error: unknown) {
              clearTimeout(timeoutId);
              reject(error);
            },
          };
          pipe(document as unknown as Writable);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Errors thrown by loaders, actions and rendering go to the structured log, not the console. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: RouterContextProvider },
) {
  markDatabaseUnavailable(context, error);
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, url: request.url }, "unhandled route error");
}
