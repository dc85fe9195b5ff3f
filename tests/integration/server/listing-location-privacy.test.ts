import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { testMaps } from "~/tests/support/services";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * A listing published at suburb precision never shows a street position: not in the listing page's
 * HTML (map panel, structured data) nor in its `.data`, whatever coordinates its form sent.
 */
let server: ServerProcess;
let landlord: HttpSession;
// A street position the form claims, well away from Carlton's centre.
const STREET = { latitude: "-37.77777", longitude: "145.05555" };
const HIDDEN = ["-37.7777", "145.0555"];

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, "landlord@example.com");
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

async function expectOnlyTheSuburb(listingId: string) {
  for (const path of [`/listing/${listingId}`, `/listing/${listingId}.data`]) {
    const reply = await send(server, newSession(), path);
    expect(reply.status, path).toBe(200);
    for (const hidden of HIDDEN) expect(reply.body, `${path}: ${hidden}`).not.toContain(hidden);
  }
  // What they show instead: the suburb's centre, in the structured data and the map's data.
  const centre = await testMaps().geocode("Carlton VIC 3053");
  if (!centre) throw new Error("the gazetteer does not know Carlton");
  const page = await send(server, newSession(), `/listing/${listingId}`);
  expect(page.body).toContain(`"latitude":${centre.lat},"longitude":${centre.lng}`);
  const data = await send(server, newSession(), `/listing/${listingId}.data`);
  expect(data.body).toContain(String(centre.lat));
}

describe("a suburb-precision listing", () => {
  it("without a street address shows only its suburb, though the form sent a street position", async () => {
    const id = await listRoom(server, landlord, {
      title: `Suburb-only room ${Date.now()}`,
      address: "",
      suburb: "Carlton",
      postcode: "3053",
      ...STREET,
    });
    await expectOnlyTheSuburb(id);
  });

  it("whose address search found only the suburb shows the suburb's centre, not the coordinates it holds", async () => {
    const id = await listRoom(server, landlord, {
      title: `Suburb-placed room ${Date.now()}`,
      address: "45 Lygon Street",
      suburb: "Carlton",
      postcode: "3053",
      locationPrecision: "suburb",
      ...STREET,
    });
    await expectOnlyTheSuburb(id);
  });
});
