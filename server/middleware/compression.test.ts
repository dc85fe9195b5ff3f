import {
  brotliDecompressSync,
  createBrotliDecompress,
  createZstdDecompress,
  gunzipSync,
  zstdDecompressSync,
} from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression, type Encoding, negotiateEncoding } from "~/server/middleware/compression";

const decompress: Record<Encoding, (body: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

const encoder = new TextEncoder();

/** A page written as many small chunks in one go, then (optionally) a late chunk, as streamed HTML is. */
function app(late?: Promise<void>) {
  const server = new Hono();
  server.use(compression());
  server.get("/", (c) => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(encoder.encode(`<p>part ${i} ${"x".repeat(500)}</p>`));
        if (late) {
          await late;
          controller.enqueue(encoder.encode("<p>late</p>"));
        }
        controller.close();
      },
    });
    return c.body(body, 200, { "Content-Type": "text/html" });
  });
  return server;
}

describe("compression", () => {
  it("prefers zstd, then brotli, then gzip, and honours the client's q-values", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("zstd"); // Chromium
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br"); // Safari
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("zstd;q=0.5, br")).toBe("br");
    expect(negotiateEncoding("zstd;q=0, br;q=0, gzip;q=0.1")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("zstd");
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("deflate, compress")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it.each(["zstd", "br", "gzip"] as const)(
    "compresses a page written in many chunks into a %s body that decodes to all of them",
    async (encoding) => {
      const response = await app().request("/", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      const html = decompress[encoding](Buffer.from(await response.arrayBuffer())).toString();
      expect(html).toContain("part 0 ");
      expect(html).toContain("part 39 ");
    },
  );

  it.each(["zstd", "br"] as const)(
    "delivers what was written before a pause while the %s response is still open",
    async (encoding) => {
      let release = () => {};
      const late = new Promise<void>((resolve) => (release = resolve));
      const response = await app(late).request("/", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      const decoder = encoding === "zstd" ? createZstdDecompress() : createBrotliDecompress();
      let text = "";
      decoder.on("data", (chunk: Buffer) => (text += chunk.toString()));
      const reader = response.body!.getReader();
      // The first burst arrives and decodes completely before the late chunk is even written.
      while (!text.includes("part 39 ")) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        await new Promise<void>((resolve) => decoder.write(value, () => resolve()));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(text).not.toContain("late");
      release();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        decoder.write(value);
      }
      await new Promise((resolve) => decoder.end(resolve));
      expect(text).toContain("<p>late</p>");
    },
  );

  it("sends a streamed body that was ready at once compressed whole, with its length", async () => {
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const response = await app().request("/", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect(decompress[encoding](body).toString()).toMatch(/^<p>part 0 x+<\/p>.*<p>part 39 x+<\/p>$/);
    }
  });

  it("sends a small streamed answer as it is, with its length", async () => {
    const server = new Hono();
    server.use(compression());
    server.get("/", (c) => c.json({ status: "ok" }));
    const response = await server.request("/", { headers: { "Accept-Encoding": "zstd" } });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Content-Length")).toBe("15");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("streams a body of unknown length past 256 KiB through the compressor, all of it", async () => {
    const part = `<p>${"y".repeat(4094)}</p>`;
    const server = new Hono();
    server.use(compression());
    server.get("/", (c) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 100; i++) controller.enqueue(encoder.encode(part));
          controller.close();
        },
      });
      return c.body(body, 200, { "Content-Type": "text/html" });
    });
    const response = await server.request("/", { headers: { "Accept-Encoding": "zstd" } });
    expect(response.headers.get("Content-Encoding")).toBe("zstd");
    expect(response.headers.get("Content-Length")).toBeNull();
    const html = zstdDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toBe(part.repeat(100));
  });

  it("answers 500 for a streamed body that fails before it was ready, and ends a later failure's stream with it", async () => {
    const failing = (late: boolean) => {
      const server = new Hono();
      server.onError((_error, c) => c.text("Something went wrong", 500));
      server.use(compression());
      server.get("/", (c) => {
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`<p>${"z".repeat(2000)}</p>`));
            if (late) await new Promise((resolve) => setTimeout(resolve, 5));
            controller.error(new Error("render failed"));
          },
        });
        return c.body(body, 200, { "Content-Type": "text/html" });
      });
      return server;
    };
    const early = await failing(false).request("/", { headers: { "Accept-Encoding": "zstd" } });
    expect(early.status).toBe(500);
    const late = await failing(true).request("/", { headers: { "Accept-Encoding": "zstd" } });
    expect(late.status).toBe(200);
    await expect(late.arrayBuffer()).rejects.toThrow();
  });

  it("sends a body of known length compressed whole, with the compressed length", async () => {
    const page = `<main>${"<p>a rendered page</p>".repeat(2000)}</main>`;
    const server = new Hono();
    server.use(compression());
    server.get("/", (c) => c.body(page, 200, { "Content-Type": "text/html", "Content-Length": String(page.length) }));
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      const response = await server.request("/", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect(body.byteLength).toBeLessThan(page.length / 10);
      expect(decompress[encoding](body).toString()).toBe(page);
    }
  });
});
