import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * The REST API over raw HTTP against the built server: keys made on the keys screen, the body cap,
 * cookies that do not authenticate, cross-site callers, and the keys screen's own gate.
 */
let server: ServerProcess;
let landlord: HttpSession;
let key: string;

async function createKey(session: HttpSession, form: Record<string, string>) {
  const reply = await post(server, session, "/settings/api-keys.data", { intent: "create", ...form });
  return { status: reply.status, key: /lr_live_[0-9A-Za-z]{36}/.exec(reply.body)?.[0] ?? null, body: reply.body };
}

function api(
  path: string,
  init: { method?: string; key?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body,
  });
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, "landlord@example.com");
  const created = await createKey(landlord, { name: "Raw HTTP" });
  expect(created.status).toBe(200);
  if (!created.key) throw new Error(`no key in the answer: ${created.body.slice(0, 300)}`);
  key = created.key;
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("the keys screen", () => {
  it("sends a tenant to their profile and creates nothing", async () => {
    const tenant = await signedIn(server, "tenant@example.com");
    const page = await send(server, tenant, "/settings/api-keys");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/settings/profile");
    const attempt = await createKey(tenant, { name: "Sneaky" });
    expect(attempt.key).toBeNull();
  });

  it("refuses a landlord without an active subscription, server-side", async () => {
    const pending = await signedIn(server, "landlord.pending@example.com");
    const attempt = await createKey(pending, { name: "Not yet" });
    expect(attempt.status).toBe(403);
    expect(attempt.key).toBeNull();
    expect(attempt.body).toContain("You need an active subscription to create API keys.");
  });

  it("caps working keys at 10 per person, with a clear message, even when the requests race", async () => {
    const admin = await signedIn(server, "admin@example.com");
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, index) => createKey(admin, { name: `Flood ${index}` })),
    );
    expect(attempts.filter((attempt) => attempt.key !== null)).toHaveLength(10);
    const refused = attempts.filter((attempt) => attempt.key === null);
    expect(refused.map((attempt) => attempt.status)).toEqual([409, 409, 409, 409]);
    expect(refused[0]?.body).toContain("You have 10 active API keys, the most you can hold.");
    const page = await send(server, admin, "/settings/api-keys");
    expect(page.body).toContain("You have 10 active API keys, the most you can hold.");
  });

  it("refuses a blank name with the spec's message", async () => {
    const attempt = await createKey(landlord, { name: "   " });
    expect(attempt.status).toBe(400);
    expect(attempt.body).toContain("Please enter a name for your API key");
  });
});

describe("the API over HTTP", () => {
  it("answers a key holder, and never a session cookie", async () => {
    const listed = await api("/api/listings?limit=3", { key });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("ratelimit-limit")).toBe("600");
    const body = (await listed.json()) as { data: unknown[]; has_more: boolean };
    expect(body.data).toHaveLength(3);
    expect(body.has_more).toBe(true);

    const withCookie = await send(server, landlord, "/api/listings");
    expect(withCookie.status).toBe(401);
    expect(JSON.parse(withCookie.body)).toMatchObject({ status: 401 });
  });

  it("lets a request with a foreign Origin through to the key check, since cookies carry no authority here", async () => {
    const created = await api("/api/listings", {
      method: "POST",
      key,
      body: JSON.stringify({ title: "Cross-site" }),
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    // Reaches the API (a landlord may not create through it), not the cross-site refusal.
    expect(created.status).toBe(403);
    expect(created.headers.get("content-type")).toBe("application/problem+json");
    expect(((await created.json()) as { detail: string }).detail).toBe(
      "Only staff and admins may create listings through the API.",
    );
  });

  it("caps bodies at 256 KiB with problem details", async () => {
    const huge = await api("/api/listings", {
      method: "POST",
      key,
      body: JSON.stringify({ title: "Huge", description: "x".repeat(300 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toBe("application/problem+json");
  });

  it("refuses a key in the query string", async () => {
    const answer = await api(`/api/listings?api_key=${key}`);
    expect(answer.status).toBe(401);
  });

  it("serves the OpenAPI document for the site's public origin (PUBLIC_URL)", async () => {
    const document = (await (await api("/api/openapi.json")).json()) as { openapi: string; servers: { url: string }[] };
    expect(document.openapi).toBe("3.1.0");
    // The test server's PUBLIC_URL is the default, http://localhost:<port>.
    expect(document.servers[0]?.url).toBe(`http://localhost:${new URL(server.url).port}`);
  });

  it("serves the reference page with the response's nonce and only this site's scripts", async () => {
    const page = await api("/api/docs");
    const html = await page.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}" src="/api/docs/scalar.js"></script>`);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("serves the reference bundle from this site, and no other page loads it", async () => {
    // HEAD: the 4 MB bundle itself need not cross the wire for this.
    const bundle = await api("/api/docs/scalar.js", { method: "HEAD" });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(bundle.headers.get("cache-control")).toBe("public, max-age=86400");
    const home = await send(server, newSession(), "/");
    expect(home.body).not.toContain("/api/docs/scalar.js");
  });

  it("stops the key as soon as it is deleted on the keys screen", async () => {
    const second = await createKey(landlord, { name: "Short-lived" });
    if (!second.key) throw new Error("no key");
    expect((await api("/api/listings", { key: second.key })).status).toBe(200);
    const page = await send(server, landlord, "/settings/api-keys.data");
    // The list carries each key's id just before its display prefix.
    const before = page.body.slice(0, page.body.indexOf(second.key.slice(0, 12)));
    const id = [...before.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].at(-1)?.[0] ?? "";
    const reply = await post(server, landlord, "/settings/api-keys.data", { intent: "delete", id });
    expect(reply.status).toBe(200);
    const deleted = (await api("/api/listings", { key: second.key })).status === 401;
    expect(deleted).toBe(true);
    expect((await api("/api/listings", { key })).status).toBe(200);
  });
});

describe("a listing's status through the API", () => {
  async function ownListing(title: string): Promise<string> {
    // The form needs no field but the title.
    const created = await post(server, landlord, "/list-property", { title, weeklyRent: "420", photos: "[]" });
    expect(created.status).toBe(302);
    const found = (await (await api(`/api/listings?title=${encodeURIComponent(title)}`, { key })).json()) as {
      data: { id: string }[];
    };
    const id = found.data[0]?.id;
    if (!id) throw new Error(`no listing titled ${title}`);
    return id;
  }

  async function staffKey(name: string): Promise<string> {
    const created = await createKey(await signedIn(server, "staff@example.com"), { name });
    if (!created.key) throw new Error(`no staff key: ${created.body.slice(0, 300)}`);
    return created.key;
  }

  async function read(id: string) {
    return (await (await api(`/api/listings/${id}`, { key })).json()) as { title: string; status: string };
  }

  it("refuses a landlord's moderation status with 403 and changes nothing, not even the other fields", async () => {
    const title = `Status probe ${Date.now()}`;
    const id = await ownListing(title);
    const refused = await api(`/api/listings/${id}`, {
      method: "PUT",
      key,
      body: JSON.stringify({ title: "Renamed", status: "hidden" }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({
      status: 403,
      detail:
        "Only moderators set a listing hidden or under review; you may set available or let. Nothing was changed.",
    });
    expect(await read(id)).toMatchObject({ title, status: "available" });

    const marked = await api(`/api/listings/${id}`, { method: "PUT", key, body: JSON.stringify({ status: "let" }) });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ title, status: "let" });
  });

  it("answers 409 when moderation holds the listing, and keeps the whole change out", async () => {
    const title = `Held probe ${Date.now()}`;
    const id = await ownListing(title);
    const hidden = await api(`/api/listings/${id}`, {
      method: "PUT",
      key: await staffKey("Moderation"),
      body: JSON.stringify({ status: "hidden" }),
    });
    expect(hidden.status).toBe(200);

    const refused = await api(`/api/listings/${id}`, {
      method: "PUT",
      key,
      body: JSON.stringify({ title: "Back again", status: "available" }),
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(((await refused.json()) as { detail: string }).detail).toContain("Nothing was changed.");
    expect(await read(id)).toMatchObject({ title, status: "hidden" });
  });

  it("creates a staff listing with the status asked for", async () => {
    const created = await api("/api/listings", {
      method: "POST",
      key: await staffKey("Create"),
      body: JSON.stringify({ title: `Let on arrival ${Date.now()}`, status: "let" }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: "let" });
  });
});

describe("a visitor", () => {
  it("gets problem details, not a page", async () => {
    const answer = await send(server, newSession(), "/api/blog");
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ title: "Unauthorized" });
  });
});
