import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * "Back to where you were" over raw HTTP: a plain form post (no JavaScript) to /favorites or
 * /newsletter is sent back to the page in its Referer, and only ever to a path on this site, however
 * the Referer is bent (`//host`, backslashes, dot segments, encoded slashes, another origin).
 */
let server: ServerProcess;
let tenant: HttpSession;
let listingId: string;

/** Referers naming this site whose path would make `//evil.example/` a protocol-relative URL. */
const bentReferers = (base: string) => [
  `${base}//evil.example/`,
  `${base}//evil.example/search?page=2`,
  `${base}/\\evil.example/`,
  `${base}/..//evil.example/`,
  `${base}/.//evil.example`,
  "https://evil.example/search",
];

const documentPost = (path: string, session: HttpSession, form: Record<string, string>, referer: string) =>
  send(server, session, path, {
    form,
    origin: server.url,
    headers: { Accept: "text/html,application/xhtml+xml", Referer: referer },
  });

/** Where a redirect sends a browser, resolved against the site: its origin must stay ours. */
const landing = (location: string | null) => new URL(location ?? "", `${server.url}/`);

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  tenant = await signedIn(server, "tenant@example.com");
  const search = await send(server, newSession(), "/search");
  const id = /\/listing\/([0-9a-f-]{36})/.exec(search.body)?.[1];
  if (!id) throw new Error("no listing in search");
  listingId = id;
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("POST /favorites without JavaScript", () => {
  it("returns to the page it came from", async () => {
    const reply = await documentPost("/favorites", tenant, { listingId, intent: "add" }, `${server.url}/search?page=2`);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/search?page=2");
  });

  it("never leaves the site, whatever the Referer says", async () => {
    for (const referer of bentReferers(server.url)) {
      const reply = await documentPost("/favorites", tenant, { listingId, intent: "remove" }, referer);
      expect(reply.status, referer).toBe(303);
      expect(reply.location, referer).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
      expect(landing(reply.location).origin, referer).toBe(server.url);
      expect(landing(reply.location).pathname, referer).toBe("/settings/favorites");
    }
  });
});

describe("POST /newsletter without JavaScript", () => {
  it("returns to the page it came from with the outcome", async () => {
    const reply = await documentPost(
      "/newsletter",
      newSession(),
      { email: `back-${Date.now()}@example.com`, source: "footer" },
      `${server.url}/about?x=1`,
    );
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/about?x=1&subscribed=1&newsletter=footer#footer-newsletter");
  });

  it("never leaves the site, whatever the Referer says", async () => {
    for (const referer of bentReferers(server.url)) {
      const reply = await documentPost(
        "/newsletter",
        newSession(),
        { email: "not an address", source: "footer" },
        referer,
      );
      expect(reply.status, referer).toBe(303);
      expect(reply.location, referer).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
      expect(landing(reply.location).origin, referer).toBe(server.url);
      expect(landing(reply.location).pathname, referer).toBe("/");
    }
  });
});
