import { afterAll, beforeAll, expect, it } from "vitest";
import { listRoom, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, waitFor, type ServerProcess } from "~/tests/support/server-process";

/**
 * Listing views over raw HTTP as a browser sends them: a visitor who favourites a room and sends an
 * enquiry from its page (the page loading its data again after each, with and without JavaScript,
 * and a refresh posting the form again) has looked at the room when they arrived and when they come
 * back, not each time the page reloaded its data.
 */
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "accept-language": "en-AU",
};
let server: ServerProcess;
let listingId: string;

beforeAll(async () => {
  server = await startServer({
    env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn", ANALYTICS_FLUSH_INTERVAL_MS: "200" },
  });
  const owner = await signedIn(server, "landlord@example.com");
  listingId = await listRoom(server, owner, { title: `Counted room ${Date.now()}`, suburb: "Carlton" });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

it("counts the visits a person makes to a listing, not its page reloading after their form posts", async () => {
  const tenant: HttpSession = await signedIn(server, "tenant@example.com");
  const page = `${server.url}/listing/${listingId}`;
  const from = (referer: string) => ({ headers: { ...BROWSER, referer } });
  const onThePage = { ...from(page), origin: server.url };

  // Arrives from search: a view.
  expect((await send(server, tenant, `/listing/${listingId}`, from(`${server.url}/search`))).status).toBe(200);
  // Favourites it with JavaScript (a fetcher), and the page's loaders run again as a `.data` request.
  const favourite = await send(server, tenant, "/favorites.data", {
    ...onThePage,
    form: { listingId, intent: "add" },
  });
  expect(favourite.status).toBe(200);
  expect((await send(server, tenant, `/listing/${listingId}.data`, from(page))).status).toBe(200);
  // Sends an enquiry without JavaScript (the page's action, then its loader, in one request), then
  // refreshes the answer, which posts the form again.
  const enquiry = {
    moveInDate: "2030-03-01",
    leaseMonths: "6",
    message: "Hello, I would love to see the room next week. I work in Carlton.",
  };
  const sent = await send(server, tenant, `/listing/${listingId}`, { ...onThePage, form: enquiry });
  expect(sent.status).toBe(200);
  expect(sent.body).toContain("Counted room");
  await send(server, tenant, `/listing/${listingId}`, { ...onThePage, form: enquiry });
  // Comes back later from their messages: a second view. Then takes the favourite back, the last
  // thing counted: a flush that has written it has written every count before it.
  expect((await send(server, tenant, `/listing/${listingId}`, from(`${server.url}/messages`))).status).toBe(200);
  await send(server, tenant, "/favorites.data", { ...onThePage, form: { listingId, intent: "remove" } });

  const owner = await signedIn(server, "landlord@example.com");
  const figures = await waitFor("the favourite taken back, in the owner's export", async () => {
    const csv = await send(server, owner, "/settings/analytics/export.csv?period=7");
    const line = csv.body.split("\r\n").find((row) => row.startsWith(`"${listingId}"`));
    const [, , , , views, visitors, added, removed, enquiries] = (line ?? "")
      .split(",")
      .map((cell) => Number(cell.replaceAll('"', "")));
    return removed === 1 ? { views, visitors, added, removed, enquiries } : undefined;
  });
  expect(figures).toEqual({ views: 2, visitors: 1, added: 1, removed: 1, enquiries: 1 });
});
