import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Enquiries through the REST API over raw HTTP against the built server: a tenant enquires on the
 * site, the landlord reads and replies with a key made on the keys screen, and the tenant sees the
 * reply. Cookies never authenticate, another landlord's key finds nothing, bodies are capped.
 */
let server: ServerProcess;
let landlord: HttpSession;
let tenant: HttpSession;
let key: string;
let otherKey: string;
let conversationId: string;
const SECRET = `Enquiry over the API ${Date.now()}`;

async function createKey(session: HttpSession) {
  const reply = await post(server, session, "/settings/api-keys.data", { intent: "create", name: "Inbox sync" });
  const created = /lr_live_[0-9A-Za-z]{36}/.exec(reply.body)?.[0];
  if (!created) throw new Error(`no key in the answer: ${reply.body.slice(0, 300)}`);
  return created;
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
  tenant = await signedIn(server, "tenant@example.com");
  const title = `API enquiry probe ${Date.now()}`;
  const created = await post(server, landlord, "/list-property", {
    title,
    address: "12 Degraves Street",
    suburb: "Melbourne",
    state: "VIC",
    postcode: "3000",
    country: "Australia",
    description: "Furnished room · Bills included\nQuiet room above the laneway.",
    weeklyRent: "400",
    availableFrom: "2030-02-01",
    latitude: "-37.8169",
    longitude: "144.9658",
    photos: "[]",
  });
  expect(created.status).toBe(302);
  const search = await send(server, newSession(), `/search?title=${encodeURIComponent(title)}`);
  const listingId = /\/listing\/([0-9a-f-]{36})/.exec(search.body)?.[1];
  if (!listingId) throw new Error("the new listing is not in search");
  const sent = await post(server, tenant, `/listing/${listingId}`, {
    moveInDate: "2030-03-01",
    leaseMonths: "6",
    message: SECRET,
    phone: "",
  });
  const id = /\/settings\/enquiries\/([0-9a-f-]{36})/.exec(sent.body)?.[1];
  if (!id) throw new Error(`no conversation link: ${sent.body.slice(0, 300)}`);
  conversationId = id;
  key = await createKey(landlord);
  otherKey = await createKey(await signedIn(server, "priya.nair@example.com"));
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("enquiries over the API", () => {
  it("lists and reads the landlord's conversation without marking it read", async () => {
    const listed = await api("/api/enquiries?limit=100", { key });
    expect(listed.status).toBe(200);
    const entries = ((await listed.json()) as { data: { id: string; unread: boolean; side: string }[] }).data;
    expect(entries.find((entry) => entry.id === conversationId)).toMatchObject({ side: "landlord", unread: true });

    const thread = await api(`/api/enquiries/${conversationId}`, { key });
    expect(thread.status).toBe(200);
    const body = (await thread.json()) as { messages: { body: string; from: string }[] };
    expect(body.messages).toEqual([expect.objectContaining({ body: SECRET, from: "them" })]);

    const again = (
      (await (await api("/api/enquiries?limit=100", { key })).json()) as { data: { id: string; unread: boolean }[] }
    ).data;
    expect(again.find((entry) => entry.id === conversationId)?.unread).toBe(true);
  });

  it("never accepts a session cookie, and another landlord's key finds nothing", async () => {
    for (const path of ["/api/enquiries", `/api/enquiries/${conversationId}`]) {
      const withCookie = await send(server, landlord, path);
      expect(withCookie.status, path).toBe(401);
    }
    const posted = await post(server, landlord, `/api/enquiries/${conversationId}/messages`, { body: "cookie" });
    expect(posted.status).toBe(401);

    expect((await api(`/api/enquiries/${conversationId}`, { key: otherKey })).status).toBe(404);
    const foreign = await api(`/api/enquiries/${conversationId}/messages`, {
      method: "POST",
      key: otherKey,
      body: JSON.stringify({ body: "Not mine" }),
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { detail: string }).detail).toBe(
      "This conversation doesn't exist or isn't yours.",
    );
    const listed = (await (await api("/api/enquiries?limit=100", { key: otherKey })).json()) as {
      data: { id: string }[];
    };
    expect(listed.data.map((entry) => entry.id)).not.toContain(conversationId);
  });

  it("sends the landlord's reply, even with a foreign Origin, and the tenant sees it on the site", async () => {
    const reply = await api(`/api/enquiries/${conversationId}/messages`, {
      method: "POST",
      key,
      body: JSON.stringify({ body: "Yes, come by on Saturday." }),
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(reply.status).toBe(201);
    const page = await send(server, tenant, `/settings/enquiries/${conversationId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Yes, come by on Saturday.");
    const thread = (await (await api(`/api/enquiries/${conversationId}`, { key: otherKey })).json()) as {
      status: number;
    };
    expect(thread.status).toBe(404);
  });

  // Last: the server closes the connection on a refused body.
  it("caps bodies at 256 KiB with problem details", async () => {
    const huge = await api(`/api/enquiries/${conversationId}/messages`, {
      method: "POST",
      key,
      body: JSON.stringify({ body: "x".repeat(300 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toBe("application/problem+json");
  });
});
