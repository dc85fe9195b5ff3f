import { Agent } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ROOM_PHOTO_FILES } from "~/scripts/seed/demo-photo-files";
import {
  httpRequest,
  type HttpResult,
  SERVER_HOOK_TIMEOUT_MS,
  type ServerProcess,
  startServer,
} from "~/tests/support/server-process";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** script-src nonce of a Content-Security-Policy header. */
function cspNonce(result: HttpResult): string {
  const csp = String(result.headers["content-security-policy"] ?? "");
  const match = /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  if (!match?.[1]) throw new Error(`no script nonce in CSP: ${csp}`);
  return match[1];
}

/** Every <script …> opening tag of a page. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

function decode(result: HttpResult): string {
  const encoding = result.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(result.body).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(result.body).toString("utf8");
  if (encoding === "zstd") return zstdDecompressSync(result.body).toString("utf8");
  if (encoding === undefined) return result.text();
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe("HTTP responses of the built server (over http, PUBLIC_URL unset)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info", SEED_DEMO: "false" } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  it("sends the security headers on an HTML page, without HSTS over plain http", async () => {
    const page = await httpRequest(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    // The built (production) server allows neither eval nor inline scripts without the nonce.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("keeps an idle keep-alive connection open longer than a proxy's 60 s, so a reused one is never reset", async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const page = await httpRequest(`${server.url}/healthz`, { agent });
      expect(page.headers.connection).toBe("keep-alive");
      expect(page.headers["keep-alive"]).toBe("timeout=65");
    } finally {
      agent.destroy();
    }
  });

  it("puts this response's CSP nonce on every script in the HTML, and a new nonce on every response", async () => {
    const first = await httpRequest(`${server.url}/`);
    const second = await httpRequest(`${server.url}/`);
    const nonces = [cspNonce(first), cspNonce(second)];
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [index, response] of [first, second].entries()) {
      const tags = scriptTags(response.text());
      // The page has inline scripts (router state) and module scripts (hydration); all must carry the nonce.
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(tags.some((tag) => /type="module"/.test(tag))).toBe(true);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonces[index]}"`);
      // Module preloads are fetched under script-src as well.
      const preloads = response.text().match(/<link\b[^>]*rel="modulepreload"[^>]*>/gi) ?? [];
      for (const tag of preloads) expect(tag).toContain(`nonce="${nonces[index]}"`);
    }
    // The error page (404 from the catch-all route) is rendered by the same document and is covered too.
    const missing = await httpRequest(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    const nonce = cspNonce(missing);
    for (const tag of scriptTags(missing.text())) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("sends the security headers on JSON and static responses too", async () => {
    for (const path of ["/healthz", "/favicon.svg"]) {
      const response = await httpRequest(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("serves hashed build assets under /assets/ as immutable for a year, and nothing else", async () => {
    const html = (await httpRequest(`${server.url}/`)).text();
    // Icons are `<use href="/assets/icons-<hash>.svg#<name>">`: the file is the part before the `#`.
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"#]+)/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    expect(
      assets.some((asset) => /^\/assets\/icons-[\w-]+\.svg$/.test(asset)),
      "the icon sprite",
    ).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await httpRequest(`${server.url}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers["cache-control"], asset).toBe(IMMUTABLE);
    }
    // A page, a missing asset and an unhashed public file must not be cached forever.
    const page = await httpRequest(`${server.url}/`);
    expect(page.headers["cache-control"] ?? "").not.toContain("immutable");
    const missing = await httpRequest(`${server.url}/assets/does-not-exist-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"] ?? "").not.toContain("immutable");
    const favicon = await httpRequest(`${server.url}/favicon.svg`);
    expect(favicon.headers["cache-control"] ?? "").not.toContain("immutable");
  });

  it("keeps content-named demo photos a year and other bundled images a week", async () => {
    const named = Object.values(DEMO_ROOM_PHOTO_FILES).flatMap((files) => Object.values(files));
    expect(named.length).toBeGreaterThan(0);
    for (const file of named.slice(0, 3)) {
      const response = await httpRequest(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers["cache-control"], file).toBe(IMMUTABLE);
    }
    const placeholder = await httpRequest(`${server.url}/images/listing-placeholder.svg`);
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers["cache-control"]).toBe("public, max-age=604800");
    const missing = await httpRequest(`${server.url}/demo/rooms/room-99-800.0123456789.webp`);
    expect(missing.headers["cache-control"] ?? "").not.toContain("immutable");
  });

  it("compresses pages and assets when Accept-Encoding allows, and only then", async () => {
    const plain = await httpRequest(`${server.url}/`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.text();
    expect(html).toContain("</html>");

    const gzip = await httpRequest(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(gzip)).toContain("</html>");
    expect(gzip.body.length).toBeLessThan(Buffer.byteLength(html));

    const brotli = await httpRequest(`${server.url}/`, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(decode(brotli)).toContain("</html>");
    // A page is rendered whole and sent with its length, not in chunks.
    expect(brotli.headers["transfer-encoding"]).toBeUndefined();
    expect(brotli.headers["content-length"]).toBe(String(brotli.body.length));

    // What Chromium and Firefox send: zstd, the cheapest to make for the same size.
    const browser = await httpRequest(`${server.url}/`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(browser.headers["content-encoding"]).toBe("zstd");
    expect(decode(browser)).toContain("</html>");
    expect(browser.body.length).toBeLessThan(Buffer.byteLength(html) / 4);

    // A client-side navigation's data answer is streamed by React Router but ready at once: it too
    // goes out compressed whole, with its length.
    const data = await httpRequest(`${server.url}/search.data`, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(data.status).toBe(200);
    expect(data.headers["content-encoding"]).toBe("zstd");
    expect(data.headers["transfer-encoding"]).toBeUndefined();
    expect(data.headers["content-length"]).toBe(String(data.body.length));
    expect(decode(data)).toContain("totalIsExact");

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await httpRequest(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(asset.status).toBe(200);
    // Tiny assets are below the compression threshold; the rest must be compressed.
    if (Number(asset.headers["content-length"] ?? Infinity) >= 1024)
      expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("sends build files as the Brotli copies written at build time, smaller than per-request compression", async () => {
    const html = (await httpRequest(`${server.url}/search`, { headers: { "accept-encoding": "identity" } })).text();
    const stylesheet = /href="(\/assets\/app-[^"]+\.css)"/.exec(html)?.[1];
    const framework = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    for (const file of [stylesheet, framework]) {
      expect(file).toBeDefined();
      const plain = await httpRequest(`${server.url}${file}`, { headers: { "accept-encoding": "identity" } });
      const browser = await httpRequest(`${server.url}${file}`, {
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
      });
      expect(browser.status, file).toBe(200);
      expect(browser.headers["content-encoding"], file).toBe("br");
      expect(browser.headers.vary, file).toMatch(/accept-encoding/i);
      expect(browser.headers["cache-control"], file).toBe(IMMUTABLE);
      expect(browser.headers["content-length"], file).toBe(String(browser.body.length));
      expect(brotliDecompressSync(browser.body).equals(plain.body), file).toBe(true);
      // Quality 11 from the build, not the per-request quality 3 (at least 10 % smaller on these files).
      const perRequest = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } });
      expect(browser.body.length, file).toBeLessThan(perRequest.length * 0.9);

      // A client that takes only zstd still gets it, made per request.
      const zstd = await httpRequest(`${server.url}${file}`, { headers: { "accept-encoding": "zstd" } });
      expect(zstd.headers["content-encoding"], file).toBe("zstd");
      expect(zstdDecompressSync(zstd.body).equals(plain.body), file).toBe(true);
    }
  });

  it("gives every response a unique X-Request-Id and logs one line per request under that id", async () => {
    const responses = [
      await httpRequest(`${server.url}/`),
      await httpRequest(`${server.url}/no-such-page`),
      await httpRequest(`${server.url}/favicon.svg`),
    ];
    const ids = responses.map((response) => response.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    for (const [index, id] of ids.entries()) {
      const line = await server.waitForLine((text) => text.includes(`"requestId":"${id}"`));
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry).toMatchObject({
        requestId: id,
        method: "GET",
        status: responses[index]?.status,
        clientAddress: "127.0.0.1",
      });
      expect(server.stdout.filter((text) => text.includes(`"requestId":"${id}"`))).toHaveLength(1);
    }
  });

  it("does not keep a request id sent by an untrusted client", async () => {
    const response = await httpRequest(`${server.url}/`, { headers: { "x-request-id": "client-chosen-id" } });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("HSTS when the public URL is https", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: "https://rooms.example.test", SEED_DEMO: "false" } });
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
  });

  it("sends Strict-Transport-Security", async () => {
    const page = await httpRequest(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});
