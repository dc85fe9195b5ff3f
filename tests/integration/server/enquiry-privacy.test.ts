import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Enquiries over raw HTTP: the landlord's contact details never reach a browser before the landlord
 * replies (pages and `.data` requests alike), and nobody reads or writes a conversation they are
 * not part of, whatever id they try. The cards that lead there name no landlord either.
 */
let server: ServerProcess;
let landlord: HttpSession;
let tenant: HttpSession;
let listingId: string;
let listingTitle: string;
let conversationId: string;
const LANDLORD_EMAIL = "landlord@example.com";
const SECRET = `Private note ${Date.now()}: my budget is flexible`;
const MISSING = "00000000-0000-4000-8000-000000000000";

const enquiry = (message = SECRET) => ({ moveInDate: "2030-03-01", leaseMonths: "6", message, phone: "" });

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  landlord = await signedIn(server, LANDLORD_EMAIL);
  tenant = await signedIn(server, "tenant@example.com");
  listingTitle = `Enquiry probe ${Date.now()}`;
  listingId = await listRoom(server, landlord, {
    title: listingTitle,
    description: "Furnished room · Bills included\nQuiet room above the laneway.",
    latitude: "-37.8169",
    longitude: "144.9658",
  });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("listing cards", () => {
  it("carry what the card shows and nothing about the landlord, on every page of cards", async () => {
    const favourited = await post(server, tenant, "/favorites", { listingId, intent: "add" });
    expect(favourited.status).toBeLessThan(400);
    const search = `/search?title=${encodeURIComponent(listingTitle)}`;
    const pages: [HttpSession, string][] = [
      [newSession(), search],
      [newSession(), search.replace("/search?", "/search.data?")],
      [newSession(), "/"],
      [tenant, "/settings/favorites"],
    ];
    for (const [client, path] of pages) {
      const page = await send(server, client, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(listingTitle);
      for (const field of ["landlordId", "billsCap", "billsEstimate"]) expect(page.body, path).not.toContain(field);
    }
  });
});

describe("enquiring", () => {
  it("asks a visitor to sign in and come back, and shows no contact details", async () => {
    const visitor = newSession();
    for (const path of [`/listing/${listingId}`, `/listing/${listingId}.data`]) {
      const page = await send(server, visitor, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain(LANDLORD_EMAIL);
      expect(page.body, path).not.toMatch(/landlordEmail|landlordPhone/);
    }
    const page = await send(server, visitor, `/listing/${listingId}`);
    expect(page.body).toContain(`returnTo=%2Flisting%2F${listingId}`);
    expect(page.body).toContain("Sign in to enquire");
    const posted = await post(server, visitor, `/listing/${listingId}`, enquiry());
    expect(posted.status).toBe(302);
    expect(posted.location).toContain(`returnTo=%2Flisting%2F${listingId}`);
  });

  it("refuses bad input, a cross-site post and a huge body, creating nothing", async () => {
    const invalid = await post(server, tenant, `/listing/${listingId}`, { ...enquiry(""), leaseMonths: "24" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain("Please write a message.");
    expect(invalid.body).toContain("Please choose a lease length between 3 and 12 months.");
    const crossSite = await send(server, tenant, `/listing/${listingId}`, {
      form: enquiry(),
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    // Over the message limit (bodies over the server's cap are cut off by the body limit, tested elsewhere).
    const huge = await post(server, tenant, `/listing/${listingId}`, enquiry("x".repeat(5000)));
    expect(huge.status).toBe(400);
    expect(huge.body).toContain("Your message must be at most 4,000 characters.");
    const inbox = await send(server, landlord, "/settings/enquiries");
    expect(inbox.body).not.toContain("Enquiry probe");
  });

  it("sends the enquiry, and still shows the tenant no contact details before the landlord replies", async () => {
    const sent = await post(server, tenant, `/listing/${listingId}`, enquiry());
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Enquiry sent");
    const id = /\/settings\/enquiries\/([0-9a-f-]{36})/.exec(sent.body)?.[1];
    if (!id) throw new Error("no conversation link");
    conversationId = id;
    for (const path of [
      `/listing/${listingId}`,
      `/listing/${listingId}.data`,
      `/settings/enquiries/${id}`,
      `/settings/enquiries/${id}.data`,
      "/settings/enquiries",
    ]) {
      const page = await send(server, tenant, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain(LANDLORD_EMAIL);
    }
    const again = await post(server, tenant, `/listing/${listingId}`, enquiry());
    expect(again.status).toBe(409);
    expect(again.body).toContain("You have already enquired about this room.");
  });
});

describe("someone else's conversation", () => {
  it("is not found for other users and staff, by page, .data or post, and nothing changes", async () => {
    const others = [
      await signedIn(server, "priya.nair@example.com"),
      await signedIn(server, "admin@example.com"),
      await signedIn(server, "staff@example.com"),
    ];
    for (const session of others) {
      for (const id of [conversationId, MISSING, "1", "..%2F..%2Fadmin"]) {
        for (const path of [`/settings/enquiries/${id}`, `/settings/enquiries/${id}.data`]) {
          const page = await send(server, session, path);
          expect([404], path).toContain(page.status);
          expect(page.body, path).not.toContain(SECRET);
        }
        for (const intent of ["reply", "decline", "let", "block", "report"]) {
          const reply = await post(server, session, `/settings/enquiries/${id}`, {
            intent,
            message: "Intruder message",
            setListingLet: "on",
            notifyOthers: "on",
          });
          expect(reply.status, `${intent} ${id}`).toBe(404);
        }
      }
      const inbox = await send(server, session, "/settings/enquiries");
      expect(inbox.body).not.toContain(SECRET);
    }
    const anonymous = await send(server, newSession(), `/settings/enquiries/${conversationId}.data`);
    expect(anonymous.body).not.toContain(SECRET);
    const thread = await send(server, tenant, `/settings/enquiries/${conversationId}`);
    expect(thread.body).not.toContain("Intruder message");
    expect(thread.body).not.toContain("declined");
    const listing = await send(server, newSession(), `/listing/${listingId}`);
    expect(listing.body).toContain("Sign in to enquire");
  });

  it("is not the tenant's to decline or mark let", async () => {
    for (const intent of ["decline", "let"]) {
      const reply = await post(server, tenant, `/settings/enquiries/${conversationId}`, { intent });
      expect(reply.status).toBe(403);
      expect(reply.body).toContain("Only the landlord can do that.");
    }
  });
});

describe("after the landlord replies", () => {
  it("shows the tenant the reply and the landlord's contact details", async () => {
    const inbox = await send(server, landlord, "/settings/enquiries");
    expect(inbox.body).toContain(SECRET);
    const reply = await post(server, landlord, `/settings/enquiries/${conversationId}`, {
      intent: "reply",
      message: "Happy to show you the room <b>on Saturday</b>",
    });
    expect(reply.status).toBe(302);
    const thread = await send(server, tenant, `/settings/enquiries/${conversationId}`);
    expect(thread.body).toContain("Happy to show you the room &lt;b&gt;on Saturday&lt;/b&gt;");
    expect(thread.body).not.toContain("<b>on Saturday</b>");
    expect(thread.body).toContain(LANDLORD_EMAIL);
  });
});
