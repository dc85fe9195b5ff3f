import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestContext, type AppEnv } from "~/server/middleware/request-context";
import {
  contentSecurityPolicy,
  securityHeaders,
  type SecurityHeaderOptions,
} from "~/server/middleware/security-headers";

/** Parses a CSP header into directive → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** An app shaped like the server: request context, then security headers, then handlers. */
function app(options: SecurityHeaderOptions) {
  const hono = new Hono<AppEnv>();
  hono.use(requestContext(""));
  hono.use(securityHeaders(options));
  hono.get("/json", (c) => c.json({ nonce: c.get("requestInfo").nonce }));
  // React Router returns its own Response object; headers must still be added to it.
  hono.get(
    "/raw",
    (c) =>
      new Response(`<script nonce="${c.get("requestInfo").nonce}"></script>`, {
        headers: { "content-type": "text/html" },
      }),
  );
  hono.get("/fails", () => {
    throw new Error("boom");
  });
  hono.onError((_error, c) => c.text("Internal Server Error", 500));
  return hono;
}

const development: SecurityHeaderOptions = { viteDevServer: true, https: false };
const production: SecurityHeaderOptions = { viteDevServer: false, https: false };

describe("contentSecurityPolicy", () => {
  it("allows scripts only with the response's nonce in production", () => {
    const csp = directives(contentSecurityPolicy("abc123==", production));
    expect(csp.get("script-src")).toEqual(["'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    // Nothing lets an injected inline script run.
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("relaxes only what the development server needs (eval for HMR, websockets)", () => {
    const csp = directives(contentSecurityPolicy("n", development));
    expect(csp.get("script-src")).toEqual(["'nonce-n'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("adds configured image origins", () => {
    const csp = directives(
      contentSecurityPolicy("n", { ...production, imageOrigins: ["https://tiles.example", "https://cdn.example"] }),
    );
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.example", "https://cdn.example"]);
    expect(directives(contentSecurityPolicy("n", production)).get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });
});

describe("securityHeaders middleware", () => {
  it("sets the security headers on JSON and on raw Response objects", async () => {
    for (const path of ["/json", "/raw"]) {
      const response = await app(production).request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
    }
  });

  it("uses the nonce of this request in the header, the same one the page gets", async () => {
    const response = await app(production).request("/raw");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toBe(`<script nonce="${nonce}"></script>`);
  });

  it("gives every request a fresh, unguessable nonce", async () => {
    const server = app(production);
    const nonces = new Set<string>();
    // More requests than one draw of random bytes serves (256), so the draws after it count too.
    for (let i = 0; i < 600; i++) {
      const body = (await (await server.request("/json")).json()) as { nonce: string };
      // 16 random bytes, base64.
      expect(body.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(body.nonce);
    }
    expect(nonces.size).toBe(600);
  });

  it("also sets them on error responses", async () => {
    const response = await app(production).request("/fails");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends HSTS only over https: never on plain http", async () => {
    const response = await app(production).request("http://rooms.example/json");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when the public URL is https", async () => {
    const response = await app({ viteDevServer: false, https: true }).request("http://internal:3000/json");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+; includeSubDomains$/);
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("strict-transport-security") ?? "")?.[1]);
    // At least a year, as preload lists and scanners expect.
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });

  it("sends HSTS when the request itself arrived over https", async () => {
    const response = await app(production).request("https://rooms.example/json");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  it("sets the X-Request-Id on raw Response objects too", async () => {
    const response = await app(production).request("/raw");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
