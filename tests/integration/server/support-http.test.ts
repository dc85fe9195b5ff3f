import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { SUPPORT_LIMITS } from "~/modules/support/internal/limits.server";

/**
 * Support requests over raw HTTP: bad input, someone else's listing and a cross-site post are
 * refused and store nothing; only the sender and staff see a request; only staff answer it; a
 * flood from one account is limited.
 */
let server: ServerProcess;
let tenant: HttpSession;
let landlord: HttpSession;
let staff: HttpSession;
let landlordListing: string;
const SUBJECT = `Help probe ${Date.now()}`;

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  tenant = await signedIn(server, "tenant@example.com");
  landlord = await signedIn(server, "landlord@example.com");
  staff = await signedIn(server, "staff@example.com");
  landlordListing = await listRoom(server, landlord, { title: `Support room ${Date.now()}` });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const request = (fields: Record<string, string> = {}) => ({
  subject: SUBJECT,
  message: "How do I save a search?",
  ...fields,
});

async function requestId(): Promise<string> {
  const inbox = await send(server, staff, "/admin/support");
  const id = new RegExp(`/admin/support/([0-9a-f-]{36})"[^>]*>${SUBJECT}<`).exec(inbox.body)?.[1];
  if (!id) throw new Error("the request is not in the support inbox");
  return id;
}

describe("support requests over HTTP", () => {
  it("refuses empty, huge and cross-site requests and another landlord's listing, storing nothing", async () => {
    const empty = await post(server, tenant, "/settings/help", { subject: "", message: " " });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Please enter a subject.");
    expect(empty.body).toContain("Please describe what you need help with.");
    const huge = await post(
      server,
      tenant,
      "/settings/help",
      request({ subject: "s".repeat(151), message: "m".repeat(5001) }),
    );
    expect(huge.status).toBe(400);
    expect(huge.body).toContain("The subject must be at most 150 characters.");
    expect(huge.body).toContain("Your message must be at most 5,000 characters.");
    const notTheirs = await post(server, tenant, "/settings/help", request({ listingId: landlordListing }));
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body).toContain("Please choose one of your listings.");
    const crossSite = await send(server, tenant, "/settings/help", { form: request(), origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await send(server, tenant, "/settings/help")).body).toContain("You haven&#x27;t asked for help yet.");
  });

  it("shows a request to its sender and staff only, and lets only staff answer it", async () => {
    const sent = await post(server, tenant, "/settings/help", request());
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/settings/help");
    expect((await send(server, tenant, "/settings/help")).body).toContain(SUBJECT);
    const id = await requestId();

    // Another user: not on their Help page, not in the admin area, and no answer from them.
    expect((await send(server, landlord, "/settings/help")).body).not.toContain(SUBJECT);
    for (const path of [`/admin/support/${id}`, `/admin/support/${id}.data`, "/admin/support"]) {
      const reply = await send(server, landlord, path);
      // A page is redirected away; a `.data` request gets the same redirect inside its 202 payload.
      expect(reply.status, path).toBe(path.endsWith(".data") ? 202 : 302);
      expect(reply.body, path).not.toContain(SUBJECT);
    }
    for (const who of [tenant, landlord]) {
      const answer = await post(server, who, `/admin/support/${id}`, { answer: "I answer my own request" });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/");
    }
    // Staff: a cross-site answer is refused, a same-site one is stored and shown to the sender.
    const crossSite = await send(server, staff, `/admin/support/${id}`, {
      form: { answer: "Forged" },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect((await send(server, tenant, "/settings/help")).body).not.toContain("Forged");
    const answered = await post(server, staff, `/admin/support/${id}`, { answer: "Use the bell on the search page." });
    expect(answered.status).toBe(302);
    expect((await send(server, tenant, "/settings/help")).body).toContain("Use the bell on the search page.");
    const again = await post(server, staff, `/admin/support/${id}`, { answer: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body).toContain("This request has already been answered.");
  });

  it("limits a flood from one account", async () => {
    const flooder = await signedIn(server, "tom.nguyen@example.com");
    for (let index = 0; index < SUPPORT_LIMITS.perAccountPerDay; index += 1) {
      // Each from a new address, so only the account's limit is tested.
      flooder.address = newSession().address;
      expect((await post(server, flooder, "/settings/help", request({ subject: `Flood ${index}` }))).status).toBe(302);
    }
    flooder.address = newSession().address;
    const refused = await post(server, flooder, "/settings/help", request({ subject: "One too many" }));
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("You&#x27;ve sent a lot of requests today. Please try again later.");
    expect((await send(server, flooder, "/settings/help")).body).not.toContain("One too many");
  });
});
