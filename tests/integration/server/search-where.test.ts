import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCATION_REFUSAL_MESSAGES } from "~/modules/listings/location-filter";
import { listRoom, newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * /search with a Where over raw HTTP against the built server: the place narrows the rooms and
 * each card says how far it is; a place or coordinates it cannot read are refused under the field
 * with the rest of the page; nearest first only with a place; the suggestions endpoint.
 */
let server: ServerProcess;
let landlord: HttpSession;
const WORD = `wombat${Date.now().toString(36)}`;
const RMIT_CITY = { lat: -37.808, lng: 144.9635 };
let nearId: string;

/** HTML-escaped as React writes text. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, "landlord@example.com");
  // About 560 m north of RMIT City, and about 19 km away in Clayton.
  nearId = await listRoom(server, landlord, {
    title: `Near ${WORD}`,
    latitude: String(RMIT_CITY.lat + 0.005),
    longitude: String(RMIT_CITY.lng),
  });
  await listRoom(server, landlord, { title: `Far ${WORD}`, latitude: "-37.9105", longitude: "145.1362" });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("/search with a Where", () => {
  it("keeps the rooms near the place, with their distance and walk, and offers nearest first", async () => {
    for (const where of ["rmit-city", "RMIT"]) {
      const page = await send(server, newSession(), `/search?title=${WORD}&where=${where}`);
      expect(page.status, where).toBe(200);
      expect(page.body).toContain(`Near ${WORD}`);
      expect(page.body).not.toContain(`Far ${WORD}`);
      expect(page.body).toContain("560 m · about 7 min walk to RMIT City");
      expect(page.body).toContain(`/listing/${nearId}?near=`);
      expect(page.body).toContain(">Nearest first</option>");
    }
    const sorted = await send(server, newSession(), `/search?title=${WORD}&where=rmit-city&radius_km=10&sort=distance`);
    expect(sorted.status).toBe(200);
    expect(sorted.body).not.toContain(`Far ${WORD}`);
    const wide = await send(server, newSession(), `/search?title=${WORD}&where=rmit-city&radius_km=10`);
    expect(wide.body).toContain(`Near ${WORD}`);
  });

  it("changes nothing without a place: no distances, no nearest first, and sort=distance falls back", async () => {
    const page = await send(server, newSession(), `/search?title=${WORD}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Far ${WORD}`);
    expect(page.body).not.toContain("min walk to");
    expect(page.body).not.toContain("Nearest first");
    const unknown = await send(server, newSession(), `/search?where=Atlantis`);
    expect(unknown.body).not.toContain("Nearest first");
    const fallback = await send(server, newSession(), `/search?title=${WORD}&sort=distance`);
    expect(fallback.status).toBe(302);
    expect(fallback.location).toBe(`/search?title=${WORD}`);
    const defaultRadius = await send(server, newSession(), `/search?where=rmit-city&radius_km=`);
    expect(defaultRadius.location).toBe("/search?where=rmit-city");
  });

  it("refuses a place or coordinates it cannot read under the Where field, with the rest of the page", async () => {
    const cases: [string, string][] = [
      ["where=Atlantis", LOCATION_REFUSAL_MESSAGES["unknown-place"]],
      ["where=1,2", LOCATION_REFUSAL_MESSAGES["outside-australia"]],
      ["where=NaN,NaN", LOCATION_REFUSAL_MESSAGES["invalid-coordinates"]],
      ["where=-37.8,1e400", LOCATION_REFUSAL_MESSAGES["invalid-coordinates"]],
      ["where=rmit-city&radius_km=abc", LOCATION_REFUSAL_MESSAGES["invalid-radius"]],
      [`where=${"x".repeat(150)}`, LOCATION_REFUSAL_MESSAGES["unknown-place"]],
    ];
    for (const [query, message] of cases) {
      const page = await send(server, newSession(), `/search?title=${WORD}&${query}`);
      expect(page.status, query).toBe(400);
      expect(page.body, query).toContain(html(message));
      expect(page.body, query).toMatch(/id="search-where"[^>]*aria-invalid="true"/);
      expect(page.body, query).toContain('aria-describedby="search-where-error');
      // The rest of the page is there, and no room is shown as if it were near.
      expect(page.body, query).toContain("Find Your Perfect Space");
      expect(page.body, query).not.toContain(`Near ${WORD}`);
    }
    const data = await send(server, newSession(), `/search.data?where=Atlantis`);
    expect(data.status).toBe(400);
  });

  it("says the same distance on the listing page opened from such a search", async () => {
    const page = await send(server, newSession(), `/listing/${nearId}?near=rmit-city`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("560 m · about 7 min walk to RMIT City");
    const plain = await send(server, newSession(), `/listing/${nearId}?near=Atlantis`);
    expect(plain.status).toBe(200);
    expect(plain.body).not.toContain("min walk to");
  });
});

describe("GET /search/places", () => {
  it("suggests places as JSON, at most 8, and refuses long queries", async () => {
    const session = newSession();
    const reply = await send(server, session, `/search/places?q=RMIT`);
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.body) as { suggestions: { id: string; name: string }[] };
    expect(body.suggestions[0]).toEqual({
      id: "rmit-city",
      name: "RMIT City",
      label: expect.any(String),
      kind: "campus",
    });
    const many = JSON.parse((await send(server, session, `/search/places?q=Ma`)).body) as { suggestions: unknown[] };
    expect(many.suggestions.length).toBeLessThanOrEqual(8);
    expect(JSON.parse((await send(server, session, `/search/places?q=R`)).body)).toEqual({ suggestions: [] });
    const long = await send(server, session, `/search/places?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
  });

  it("limits each client address to 120 requests a minute", async () => {
    const session = newSession();
    for (let i = 0; i < 120; i++) expect((await send(server, session, `/search/places?q=Ca`)).status).toBe(200);
    const refused = await send(server, session, `/search/places?q=Ca`);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: "Too many place searches. Wait a moment and try again." });
    expect((await send(server, newSession(), `/search/places?q=Ca`)).status).toBe(200);
  });
});
