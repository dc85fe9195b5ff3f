import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
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
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

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
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescedHtml(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
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

/**
 * Hands React's output on as one chunk per burst of rendering. React writes a page in 4 KiB pieces
 * (about 30 for /search) and calls `flush()` when a burst ends; passing each piece on separately
 * cost a web-stream hop, a compressor job on the thread pool and a socket write apiece.
 */
class CoalescedHtml extends Transform {
  private pieces: Buffer[] = [];

  constructor(private readonly onEnd: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pieces.push(chunk);
    callback();
  }

  /** Called by React at the end of each burst. */
  flush(): void {
    if (this.pieces.length === 0) return;
    const burst = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
    this.pieces = [];
    this.push(burst);
  }

  override _flush(callback: TransformCallback): void {
    this.onEnd();
    this.flush();
    callback();
  }
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
