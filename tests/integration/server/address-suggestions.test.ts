import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSession, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * GET /list-property/address-suggestions over HTTP against the built server: the listing-writer
 * gate, the JSON contract and its cache headers, and the per-user rate limit.
 */
let server: ServerProcess;
let landlord: HttpSession;

const PATH = "/list-property/address-suggestions";

async function get(session: HttpSession, path: string): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": session.address, accept: "application/json" };
  if (session.cookies.size > 0) {
    headers.cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, "landlord@example.com");
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("the listing form's address suggestions", () => {
  it("answers listing writers with JSON suggestions, cached privately for a day", async () => {
    for (const session of [landlord, await signedIn(server, "admin@example.com")]) {
      const response = await get(session, `${PATH}?q=${encodeURIComponent("12 Degraves St, Melbourne")}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
      const body = (await response.json()) as { suggestions: Record<string, unknown>[] };
      expect(body.suggestions.length).toBeGreaterThan(0);
      expect(body.suggestions.length).toBeLessThanOrEqual(8);
      expect(body.suggestions[0]).toMatchObject({
        label: "12 Degraves St, Melbourne VIC 3000",
        streetAddress: "12 Degraves St",
        suburb: "Melbourne",
        state: "VIC",
        postcode: "3000",
        country: "Australia",
        precision: "suburb",
      });
    }
  });

  it("gives no suggestions under 3 characters and refuses more than 200", async () => {
    const short = await get(landlord, `${PATH}?q=%20ab%20`);
    expect(short.status).toBe(200);
    expect(await short.json()).toEqual({ suggestions: [] });
    const long = await get(landlord, `${PATH}?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.headers.get("cache-control")).toBe("no-store");
  });

  it("sends visitors to sign in and refuses those who may not list", async () => {
    const visitor = await get(newSession(), `${PATH}?q=Carlton`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?/);
    for (const email of ["tenant@example.com", "landlord.pending@example.com", "staff@example.com"]) {
      const refused = await get(await signedIn(server, email), `${PATH}?q=Carlton`);
      expect(refused.status, email).toBe(403);
      expect(await refused.text()).not.toContain("Carlton VIC 3053");
    }
  });

  it("limits each user to 120 searches a minute", async () => {
    // Two sessions of one landlord share the limit; nobody else searches as them in this file.
    const sessions = [
      await signedIn(server, "priya.nair@example.com"),
      await signedIn(server, "priya.nair@example.com"),
    ];
    for (let i = 0; i < 120; i++) {
      expect((await get(sessions[i % 2]!, `${PATH}?q=Carlton`)).status).toBe(200);
    }
    const refused = await get(sessions[0]!, `${PATH}?q=Carlton`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: "Too many address searches. Wait a moment and try again." });
    // Someone else is not affected.
    expect((await get(landlord, `${PATH}?q=Carlton`)).status).toBe(200);
  });
});
