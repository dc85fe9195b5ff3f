import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { NUL_REFUSED, NUL_REFUSED_DETAIL, nulBytes } from "~/server/middleware/nul-bytes";

function app() {
  const hono = new Hono();
  hono.use(nulBytes({ api: (path) => path.startsWith("/api/"), exempt: (path) => path === "/webhook" }));
  // Pages read the request itself; the API reads through Hono's body cache.
  hono.all("/api/*", async (c) => c.json({ read: await c.req.json<unknown>() }));
  hono.all("*", async (c) => c.json({ read: c.req.raw.body ? await c.req.raw.text() : null }));
  return hono;
}

const json = (path: string, body: string, method = "POST") =>
  app().request(path, { method, body, headers: { "content-type": "application/json" } });

describe("nulBytes", () => {
  it("refuses %00 in a page's query or path with the plain-text 400", async () => {
    for (const path of ["/search?title=a%00b", "/search?keyword=%00", "/search?%00=x", "/blog/a%00b", "/x?a=%%00"]) {
      const reply = await app().request(path);
      expect(reply.status, path).toBe(400);
      expect(await reply.text(), path).toBe(NUL_REFUSED);
    }
  });

  it("refuses %00 in an API address with problem details", async () => {
    const reply = await app().request("/api/listings?title=%00");
    expect(reply.status).toBe(400);
    expect(reply.headers.get("content-type")).toBe("application/problem+json");
    expect(await reply.json()).toMatchObject({ status: 400, detail: NUL_REFUSED_DETAIL.url });
  });

  it("lets through addresses whose escapes are not NUL", async () => {
    for (const path of ["/search?title=%2500", "/search?title=100%25", "/search?title=a%01b", "/search?title=%C0%80"]) {
      expect((await app().request(path)).status, path).toBe(200);
    }
  });

  it("refuses a \\u0000 escape anywhere in a JSON body, for the API and pages", async () => {
    for (const body of [
      '{"title":"a\\u0000b"}',
      '{"ti\\u0000tle":"a"}',
      '{"photos":[{"alt":"\\\\\\u0000"}]}',
      '["\\u0000"]',
    ]) {
      const api = await json("/api/listings", body);
      expect(api.status, body).toBe(400);
      expect(await api.json(), body).toMatchObject({ detail: NUL_REFUSED_DETAIL.body });
      const page = await json("/list-property/enhance", body);
      expect(page.status, body).toBe(400);
      expect(await page.text(), body).toBe(NUL_REFUSED);
    }
    expect((await json("/api/listings", '{"title":"\\u0000"}', "PUT")).status).toBe(400);
    expect((await json("/api/listings", '{"title":"\\u0000"}', "PATCH")).status).toBe(400);
  });

  it("passes other JSON on, read once and intact", async () => {
    // An escaped backslash before "u0000" is the text \u0000, not a NUL.
    for (const body of ['{"title":"\\\\u0000"}', '{"title":"a\\u0001b"}', '{"title":"plain"}']) {
      const api = await json("/api/listings", body);
      expect(api.status, body).toBe(200);
      expect(await api.json(), body).toEqual({ read: JSON.parse(body) });
      const page = await json("/list-property/enhance", body);
      expect(await page.json(), body).toEqual({ read: body });
    }
  });

  it("leaves exempt paths' bodies, other encodings and reads unread", async () => {
    expect((await json("/webhook", '{"a":"\\u0000"}')).status).toBe(200);
    const text = await app().request("/contact", {
      method: "POST",
      body: "\\u0000",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(200);
    // The exempt path's address is still checked.
    expect((await app().request("/webhook?x=%00", { method: "POST", body: "{}" })).status).toBe(400);
  });
});
