import { afterAll, beforeAll, expect, it } from "vitest";
import { listRoom, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Another landlord's listing analytics over raw HTTP: the dashboard page, its `.data` and its CSV
 * answer a landlord who names someone else's listing or account as they do for nothing at all, and
 * carry nothing of it.
 */
let server: ServerProcess;
let owner: HttpSession;
let listingId: string;
const title = `Analytics probe ${Date.now()}`;

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  owner = await signedIn(server, "landlord@example.com");
  listingId = await listRoom(server, owner, {
    title,
    suburb: "Carlton",
    state: "VIC",
    postcode: "3053",
    country: "Australia",
    description: "A room for the analytics test.",
    weeklyRent: "400",
    availableFrom: "2027-02-01",
    photos: "[]",
  });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

it("shows the owner their listing's figures, and another landlord nothing of it", async () => {
  const own = await send(server, owner, `/settings/analytics?listing=${listingId}`);
  expect(own.status).toBe(200);
  expect(own.body).toContain(title);

  const other = await signedIn(server, "priya.nair@example.com");
  const missing = "00000000-0000-4000-8000-000000000000";
  for (const path of [
    `/settings/analytics?listing=${listingId}`,
    `/settings/analytics.data?listing=${listingId}`,
    `/settings/analytics?landlord=landlord%40example.com`,
    `/settings/analytics.data?landlord=landlord%40example.com`,
    `/settings/analytics/export.csv?landlord=landlord%40example.com`,
  ]) {
    const reply = await send(server, other, path);
    expect(reply.status, path).toBe(404);
    expect(reply.body, path).not.toContain(title);
    // The page repeats the address it was asked for; its data carries nothing of the listing.
    if (path.includes(".data")) expect(reply.body, path).not.toContain(listingId);
  }
  // The same words as for a listing that does not exist.
  const guessed = await send(server, other, `/settings/analytics?listing=${missing}`);
  expect(guessed.status).toBe(404);
  expect(guessed.body).toContain("No listing of this landlord matches that.");
  expect((await send(server, other, `/settings/analytics?listing=${listingId}`)).body).toContain(
    "No listing of this landlord matches that.",
  );
});
