import { Duplex } from "node:stream";
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  gzipSync,
  zstdCompressSync,
} from "node:zlib";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

export type Encoding = "zstd" | "br" | "gzip";

/**
 * Server preference when the client accepts several equally: zstd (Chromium-based browsers and
 * Firefox ask for it) costs the least CPU for the same size, then brotli, then gzip (ADR 77).
 */
const PREFERENCE: Encoding[] = ["zstd", "br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Picks zstd, br or gzip from an Accept-Encoding header, honouring q-values (q=0 refuses); undefined = send as is. */
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
 * Bodies up to this size are compressed whole on the request's thread (see `compression`): pages,
 * JSON answers and React Router's `.data` answers. Larger ones (build assets) go through the streaming
 * compressor on the thread pool, so one big file does not hold up every other request.
 */
const WHOLE_BODY_MAX_BYTES = 256 * 1024;

/**
 * Levels chosen for bytes per unit of CPU on a page-sized body (figures in docs/performance.md);
 * Brotli's default, 11, is far too slow per request. Level 3 keeps zstd's window at 2 MiB, well inside the 8 MiB that
 * browsers accept for `Content-Encoding: zstd` (RFC 9659).
 */
const ZSTD_LEVEL = 3;
const BROTLI_QUALITY = 3;

function compressWhole(encoding: Encoding, body: Uint8Array): Buffer<ArrayBuffer> {
  switch (encoding) {
    case "zstd":
      return zstdCompressSync(body, {
        params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL },
        pledgedSrcSize: body.byteLength,
      });
    case "br":
      return brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      });
    case "gzip":
      return gzipSync(body);
  }
}

function compressingStream(encoding: Encoding) {
  switch (encoding) {
    case "zstd":
      return {
        stream: createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }),
        flushKind: constants.ZSTD_e_flush,
      };
    case "br":
      return {
        stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
        flushKind: constants.BROTLI_OPERATION_FLUSH,
      };
    case "gzip":
      return { stream: createGzip(), flushKind: constants.Z_SYNC_FLUSH };
  }
}

function compressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const { stream, flushKind } = compressingStream(encoding);
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

const LATER = Symbol("later");

/**
 * Reads what a streamed body has ready before the event loop turns, up to `maxBytes`: all of it, as
 * bytes, when it was produced at once (React Router's `.data` answers, `c.json`); otherwise a stream
 * of the part read so far and the rest, still streaming (a Suspense page).
 */
async function readReady(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  const turn = new Promise<typeof LATER>((resolve) => setImmediate(() => resolve(LATER)));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let pending = reader.read();
  while (bytes <= maxBytes) {
    const next = await Promise.race([pending, turn]);
    if (next === LATER) break;
    if (next.done) return Buffer.concat(chunks, bytes);
    chunks.push(next.value);
    bytes += next.value.byteLength;
    pending = reader.read();
  }
  // The read in flight is awaited by the first pull; until then a failure must not go unhandled.
  pending.catch(() => {});
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const next = await pending;
      if (next.done) return controller.close();
      controller.enqueue(next.value);
      pending = reader.read();
    },
    cancel: (reason) => reader.cancel(reason), // the client left: stop the producer too
  });
}

/** A body of known, modest length, read off its stream: `arrayBuffer()` reads it the same way, then copies it twice. */
async function readWhole(body: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * Puts `next` in place of the response it was made from (its status and headers included). Hono's
 * setter would copy the old response's headers onto yet another copy of `next`; it skips that when
 * no response is set, so the old one is cleared first.
 */
function replaceResponse(c: Context, next: Response): void {
  c.res = undefined;
  c.res = next;
}

/** Compresses text-like responses of at least `threshold` bytes with zstd, br or gzip, as the client allows. */
export function compression({ threshold = 1024 }: { threshold?: number } = {}) {
  return createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    // The body is asked for only when compressing, and headers are set on the response, not through
    // c.header(): either turns the server library's ready-made text answer into a stream, which it
    // then reads back chunk by chunk instead of writing in one go.
    if (c.req.method === "HEAD" || [204, 206, 304].includes(response.status)) return;
    if (response.headers.has("Content-Encoding")) return;
    const type = response.headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (NO_TRANSFORM.test(response.headers.get("Cache-Control") ?? "")) return;
    const length = response.headers.get("Content-Length");
    if (length !== null && Number(length) < threshold) return;

    const vary = response.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      response.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
    if (!encoding || !response.body) return;
    const body =
      length === null
        ? await readReady(response.body, WHOLE_BODY_MAX_BYTES)
        : Number(length) <= WHOLE_BODY_MAX_BYTES
          ? await readWhole(response.body)
          : response.body;
    if (body instanceof Uint8Array && body.byteLength < threshold) {
      // A streamed answer that turned out small: sent as it is, with its length.
      replaceResponse(c, new Response(body, response));
      c.res.headers.set("Content-Length", String(body.byteLength));
      return;
    }
    if (body instanceof Uint8Array) {
      // A body of modest size (a rendered page, a JSON or `.data` answer) is compressed in one call on
      // this thread and sent with its length: no compressor stream, thread-pool hop or chunked framing.
      const compressed = compressWhole(encoding, body);
      replaceResponse(c, new Response(compressed, response));
      c.res.headers.set("Content-Length", String(compressed.byteLength));
    } else {
      replaceResponse(c, new Response(body.pipeThrough(compressor(encoding)), response));
      c.res.headers.delete("Content-Length");
    }
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  });
}
