import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "~/server/middleware/compression";

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
  it("compresses a page written in many chunks into a body that decodes to all of them", async () => {
    const response = await app().request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toContain("part 0 ");
    expect(html).toContain("part 39 ");
  });

  it("delivers what was written before a pause while the response is still open", async () => {
    let release = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    const response = await app(late).request("/", { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("Content-Encoding")).toBe("br");
    const decoder = createBrotliDecompress();
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
  });

  it("sends a body of known length compressed whole, with the compressed length", async () => {
    const page = `<main>${"<p>a rendered page</p>".repeat(2000)}</main>`;
    const server = new Hono();
    server.use(compression());
    server.get("/", (c) => c.body(page, 200, { "Content-Type": "text/html", "Content-Length": String(page.length) }));
    for (const encoding of ["br", "gzip"] as const) {
      const response = await server.request("/", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
      expect(body.byteLength).toBeLessThan(page.length / 10);
      expect((encoding === "br" ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(page);
    }
  });
});
