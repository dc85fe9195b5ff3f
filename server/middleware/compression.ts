import { Duplex } from "node:stream";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { createMiddleware } from "hono/factory";

export type Encoding = "br" | "gzip";

/** Server preference when the client accepts several equally. */
const PREFERENCE: Encoding[] = ["br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Picks br or gzip from an Accept-Encoding header, honouring q-values (q=0 refuses); undefined = send as is. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const qualities = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (Number.isFinite(quality)) qualities.set(name, quality);
  }
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const encoding of PREFERENCE) {
    const quality = qualities.get(encoding) ?? qualities.get("*") ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * Bodies up to this size, when their length is known, are compressed whole on the request's thread
 * (see `compression`): pages and JSON answers. Larger ones (build assets) go through the streaming
 * compressor on the thread pool, so one big file does not hold up every other request.
 */
const WHOLE_BODY_MAX_BYTES = 256 * 1024;

/**
 * Brotli quality 3: the demo /search page (94 KiB of HTML) in 0.31 ms and 14.1 KiB, against 0.51 ms
 * and 13.3 KiB at quality 4, 1.1 ms and 12.4 KiB at 5, and 0.69 ms and 15.8 KiB for gzip -6. The
 * default, 11, is far too slow per request.
 */
const BROTLI_QUALITY = 3;

function compressWhole(encoding: Encoding, body: Uint8Array): Buffer<ArrayBuffer> {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body);
}

function compressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const stream =
    encoding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : createGzip();
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const { readable, writable } = Duplex.toWeb(stream) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const writer = writable.getWriter();
  // Flush once per turn of the event loop, not after every chunk: React writes a page as dozens of
  // small chunks in one go, and each flush costs a compressor block and a socket write of its own.
  // Streamed (Suspense) HTML still reaches the browser as soon as a burst of rendering ends.
  let pending: NodeJS.Immediate | undefined;
  const cancelFlush = () => {
    if (pending) clearImmediate(pending);
    pending = undefined;
  };
  const input = new WritableStream<Uint8Array>({
    async write(chunk) {
      await writer.write(chunk);
      pending ??= setImmediate(() => {
        pending = undefined;
        stream.flush(flushKind);
      });
    },
    async close() {
      cancelFlush();
      await writer.close();
    },
    async abort(reason) {
      cancelFlush();
      await writer.abort(reason);
    },
  });
  return { readable, writable: input };
}

/** Compresses text-like responses of at least `threshold` bytes with br or gzip, as the client allows. */
export function compression({ threshold = 1024 }: { threshold?: number } = {}) {
  return createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    if (!response.body || c.req.method === "HEAD" || [204, 206, 304].includes(response.status)) return;
    if (response.headers.has("Content-Encoding")) return;
    const type = response.headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(response.headers.get("Cache-Control") ?? "")) return;
    const length = response.headers.get("Content-Length");
    if (length !== null && Number(length) < threshold) return;

    const vary = response.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    if (length !== null && Number(length) <= WHOLE_BODY_MAX_BYTES) {
      // A body of known, modest length (a rendered page, a JSON answer) is compressed in one call on
      // this thread and sent with its length: no compressor stream, thread-pool hop or chunked framing.
      const compressed = compressWhole(encoding, new Uint8Array(await response.arrayBuffer()));
      c.res = new Response(compressed, c.res);
      c.res.headers.set("Content-Length", String(compressed.byteLength));
    } else {
      c.res = new Response(response.body.pipeThrough(compressor(encoding)), c.res);
      c.res.headers.delete("Content-Length");
    }
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  });
}
