import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Favourites over raw HTTP follow the public's view of a listing: a listing the public does not see
 * (here hidden by moderation) cannot be favourited by anyone, and a favourite made before it was
 * hidden shows as "No longer available" on /settings/favorites and its `.data`, without its title,
 * text, rent or photo. POST /favorites answers an invisible id exactly as an id that does not exist.
 */
let server: ServerProcess;
let landlord: HttpSession;
let staff: HttpSession;
let fan: HttpSession;
let listingId: string;
const stamp = Date.now();
const TITLE = `Hidden probe ${stamp}`;
const FEATURES = `Probe features ${stamp}`;
const DETAILS = `Secret laneway details ${stamp}`;
const MISSING = "00000000-0000-4000-8000-000000000000";
/** A browser opening the page: the list is rendered in it, not streamed after it. */
const DOCUMENT = { Accept: "text/html" };

const favourite = (session: HttpSession, id: string, intent = "add") =>
  post(server, session, "/favorites", { listingId: id, intent });

const moderate = (status: string) =>
  post(server, staff, "/admin/properties", { intent: "moderate", listingId, status, reason: "Photos do not match" });

/** Whether a favourites page (or its `.data`) shows anything of the probe listing: the fan has no other favourite. */
function revealed(body: string): string[] {
  return [TITLE, FEATURES, DETAILS, "$987", "weeklyRent"].filter((text) => body.includes(text));
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, "landlord@example.com");
  staff = await signedIn(server, "staff@example.com");
  fan = await signedIn(server, "priya.nair@example.com");
  listingId = await listRoom(server, landlord, {
    title: TITLE,
    description: `${FEATURES}\n${DETAILS}`,
    weeklyRent: "987",
  });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("a listing hidden after it was favourited", () => {
  it("shows as No longer available, without its content, on the page and in .data", async () => {
    expect((await favourite(fan, listingId)).status).toBe(200);
    const before = await send(server, fan, "/settings/favorites");
    expect(before.body).toContain(TITLE);

    expect((await moderate("hidden")).status).toBe(200);
    for (const path of ["/settings/favorites", "/settings/favorites.data"]) {
      const page = await send(server, fan, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(listingId); // so it can still be removed
      expect(revealed(page.body), path).toEqual([]);
    }
    const page = await send(server, fan, "/settings/favorites", { headers: DOCUMENT });
    expect(page.body).toContain("No longer available");
    expect(page.body).not.toContain(`href="/listing/${listingId}"`);
  });

  it("can still be removed by the one who favourited it", async () => {
    const removed = await favourite(fan, listingId, "remove");
    expect(removed.status).toBe(200);
    expect(JSON.parse(removed.body)).toEqual({ favourited: false });
    const page = await send(server, fan, "/settings/favorites.data");
    expect(page.body).not.toContain(listingId);
  });
});

describe("favouriting a listing the public does not see", () => {
  it("is answered as for an id that does not exist, for tenants, its landlord and staff alike", async () => {
    const unknown = await favourite(fan, MISSING);
    expect(unknown.status).toBe(404);
    for (const session of [fan, landlord, staff]) {
      const hidden = await favourite(session, listingId);
      expect(hidden.status).toBe(unknown.status);
      expect(hidden.body).toBe(unknown.body);
      const page = await send(server, session, "/settings/favorites.data");
      expect(page.body).not.toContain(listingId);
    }
  });

  it("works again, and shows the listing again, once the public sees it", async () => {
    expect((await moderate("available")).status).toBe(200);
    expect((await favourite(fan, listingId)).status).toBe(200);
    const page = await send(server, fan, "/settings/favorites", { headers: DOCUMENT });
    expect(page.body).toContain(TITLE);
    expect(page.body).not.toContain("No longer available");
  });
});
