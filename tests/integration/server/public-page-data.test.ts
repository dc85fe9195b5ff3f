import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * What public pages send a browser over raw HTTP (the page and its `.data`, signed out and signed in):
 * what the page shows, and nothing that names the owner or describes the record (owner and author
 * ids, e-mails, record dates, internal status).
 */
let server: ServerProcess;
let landlord: HttpSession;
let listingId: string;
const TITLE = `Data probe ${Date.now()}`;
const LANDLORD_EMAIL = "landlord@example.com";

/** Keys that must never reach a visitor on a public page. */
const INTERNAL_KEYS = [
  "landlordId",
  "authorId",
  "userId",
  "landlordEmail",
  "landlordPhone",
  "landlordName",
  "createdAt",
  "updatedAt",
  "freshnessPausedAt",
  "stripeCustomerId",
];

function expectNoInternals(body: string, label: string) {
  for (const key of INTERNAL_KEYS) expect(body, `${label}: ${key}`).not.toContain(`"${key}"`);
  expect(body, label).not.toContain(LANDLORD_EMAIL);
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, LANDLORD_EMAIL);
  listingId = await listRoom(server, landlord, { title: TITLE });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("the listing page", () => {
  it("sends what the page shows and not its landlord or record, to visitors and tenants", async () => {
    const tenant = await signedIn(server, "tenant@example.com");
    for (const client of [newSession(), tenant]) {
      const data = await send(server, client, `/listing/${listingId}.data`);
      expect(data.status).toBe(200);
      expect(data.body).toContain(TITLE);
      expect(data.body).toContain("Quiet room above the laneway.");
      expectNoInternals(data.body, `/listing/${listingId}.data`);
      const page = await send(server, client, `/listing/${listingId}`);
      expect(page.body).toContain(TITLE);
      expectNoInternals(page.body, `/listing/${listingId}`);
    }
  });
});

describe("other public pages", () => {
  it("send no owner, author or record fields either", async () => {
    const blog = await send(server, newSession(), "/blog");
    const postPath = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog.body)?.[1];
    if (!postPath) throw new Error("no blog post linked from /blog");
    const paths = [
      "/",
      "/search",
      `/search?title=${encodeURIComponent(TITLE)}`,
      "/blog",
      postPath,
      "/about",
      "/contact",
    ];
    for (const path of paths) {
      const [pathname, query] = path.split("?");
      const dataPath = `${pathname}.data${query ? `?${query}` : ""}`;
      for (const target of [path, dataPath]) {
        const reply = await send(server, newSession(), target);
        expect(reply.status, target).toBe(200);
        expectNoInternals(reply.body, target);
      }
    }
  });
});
