import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * Listing writes over raw HTTP, for every role: only admins and the owning landlord (with an active
 * subscription) may read a listing for editing or change it, and a refused request changes nothing
 * anyone can see.
 */
let server: ServerProcess;
let owner: HttpSession;
let listingId: string;
const originalTitle = `Ownership probe ${Date.now()}`;

const form = (title: string) => ({
  title,
  address: "12 Degraves Street",
  suburb: "Melbourne",
  state: "VIC",
  postcode: "3000",
  country: "Australia",
  description: "Furnished double room · Bills included\nQuiet room above the laneway.",
  weeklyRent: "455.50",
  availableFrom: "2027-02-01",
  latitude: "-37.8169",
  longitude: "144.9658",
  photos: "[]",
});

async function publicTitle(id: string): Promise<string | null> {
  const page = await send(server, newSession(), `/listing/${id}`);
  if (page.status === 404) return null;
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1] ?? "";
}

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  owner = await signedIn(server, "landlord@example.com");
  listingId = await listRoom(server, owner, form(originalTitle));
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe("creating a listing", () => {
  it("stores the owner's contact details and the form's values", async () => {
    const page = await send(server, newSession(), `/listing/${listingId}`);
    expect(page.body).toContain(originalTitle);
    expect(page.body).toContain("$455.50/week");
  });

  it("is refused for visitors, tenants, inactive landlords and staff", async () => {
    const anonymous = await post(server, newSession(), "/list-property", form("Visitor listing"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?view=sign_in&returnTo=%2Flist-property/);
    for (const email of ["tenant@example.com", "landlord.pending@example.com", "staff@example.com"]) {
      const reply = await post(server, await signedIn(server, email), "/list-property", form(`By ${email}`));
      expect(reply.status, email).toBe(403);
      expect(reply.body).toContain("You need to be a landlord with an active subscription or an administrator");
    }
    const search = await send(server, newSession(), "/search?title=By%20");
    expect(search.body).not.toContain("By tenant@example.com");
  });
});

describe("reading a listing for editing", () => {
  it("shows the owner and admins the edit form", async () => {
    for (const session of [owner, await signedIn(server, "admin@example.com")]) {
      const page = await send(server, session, `/list-property?edit=${listingId}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Edit Property Listing");
      expect(page.body).toContain(originalTitle);
    }
  });

  it("sends another landlord back to their properties as if the listing did not exist", async () => {
    const page = await send(
      server,
      await signedIn(server, "priya.nair@example.com"),
      `/list-property?edit=${listingId}`,
    );
    expect(page.status).toBe(302);
    expect(page.location).toBe("/settings/properties");
    expect(page.body).not.toContain(originalTitle);
  });

  it("refuses tenants, inactive landlords and staff with 403, and visitors go to sign in", async () => {
    for (const email of ["tenant@example.com", "landlord.pending@example.com", "staff@example.com"]) {
      const page = await send(server, await signedIn(server, email), `/list-property?edit=${listingId}`);
      expect(page.status, email).toBe(403);
      expect(page.body).not.toContain(originalTitle);
    }
    const anonymous = await send(server, newSession(), `/list-property?edit=${listingId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/auth?view=sign_in");
  });
});

describe("updating a listing", () => {
  it("refused updates change nothing", async () => {
    const attempts: [string, HttpSession][] = [
      ["visitor", newSession()],
      ["tenant", await signedIn(server, "tenant@example.com")],
      ["inactive landlord", await signedIn(server, "landlord.pending@example.com")],
      ["staff", await signedIn(server, "staff@example.com")],
      ["another landlord", await signedIn(server, "priya.nair@example.com")],
    ];
    for (const [who, session] of attempts) {
      const reply = await post(server, session, `/list-property?edit=${listingId}`, form(`Taken over by ${who}`));
      expect([302, 403], who).toContain(reply.status);
      expect(await publicTitle(listingId), who).toBe(originalTitle);
    }
  });

  it("the owner and an admin can update it; the owner stays the owner", async () => {
    const byOwner = await post(server, owner, `/list-property?edit=${listingId}`, form(`${originalTitle} (updated)`));
    expect(byOwner.status).toBe(302);
    expect(await publicTitle(listingId)).toBe(`${originalTitle} (updated)`);

    const admin = await signedIn(server, "admin@example.com");
    const byAdmin = await post(server, admin, `/list-property?edit=${listingId}`, form(originalTitle));
    expect(byAdmin.status).toBe(302);
    expect(await publicTitle(listingId)).toBe(originalTitle);
    // Still the landlord's: they can open it for editing.
    expect((await send(server, owner, `/list-property?edit=${listingId}`)).status).toBe(200);
  });

  it("bad input gets a clear message and changes nothing", async () => {
    const reply = await post(server, owner, `/list-property?edit=${listingId}`, {
      ...form(""),
      weeklyRent: "lots",
      photos: JSON.stringify([{ url: "https://tracker.example/pixel.gif" }]),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain("Please enter a title for the property.");
    expect(reply.body).toContain("Enter the weekly rent in dollars");
    expect(await publicTitle(listingId)).toBe(originalTitle);
  });
});

describe("marking as let and deleting", () => {
  it("refused status changes and deletes leave the listing as it was", async () => {
    const attempts: [string, HttpSession][] = [
      ["visitor", newSession()],
      ["tenant", await signedIn(server, "tenant@example.com")],
      ["inactive landlord", await signedIn(server, "landlord.pending@example.com")],
      ["staff", await signedIn(server, "staff@example.com")],
      ["another landlord", await signedIn(server, "priya.nair@example.com")],
    ];
    for (const [who, session] of attempts) {
      await post(server, session, "/settings/properties", { intent: "status", listingId, status: "let" });
      await post(server, session, "/settings/properties", { intent: "delete", listingId });
      expect(await publicTitle(listingId), who).toBe(originalTitle);
      const ownerView = await send(server, owner, `/settings/properties?q=${encodeURIComponent(originalTitle)}`);
      expect(ownerView.body, who).toContain("Available");
      expect(ownerView.body, who).not.toContain(">Let<");
    }
  });

  it("the owner can mark it let and delete it", async () => {
    await post(server, owner, "/settings/properties", { intent: "status", listingId, status: "let" });
    const ownerView = await send(server, owner, `/settings/properties?q=${encodeURIComponent(originalTitle)}`);
    expect(ownerView.body).toContain(">Let<");
    await post(server, owner, "/settings/properties", { intent: "delete", listingId });
    expect(await publicTitle(listingId)).toBeNull();
  });
});

describe("Enhance with AI", () => {
  const text = "furnished room, bills included\nquiet room w/ a desk";

  it("is refused to visitors and to anyone who may not list", async () => {
    const anonymous = await post(server, newSession(), "/list-property/enhance", { text });
    expect(anonymous.status).toBe(302);
    for (const email of ["tenant@example.com", "landlord.pending@example.com", "staff@example.com"]) {
      const reply = await post(server, await signedIn(server, email), "/list-property/enhance", { text });
      expect(reply.status, email).toBe(403);
      expect(reply.body).not.toContain("enhancedText");
    }
  });

  it("rewrites a description for an active landlord and keeps the features line first", async () => {
    const reply = await post(server, owner, "/list-property/enhance", { text });
    expect(reply.status).toBe(200);
    const { enhancedText } = JSON.parse(reply.body) as { enhancedText: string };
    expect(enhancedText.split("\n")[0]).toBe("Furnished room · Bills included");
    expect(enhancedText).toContain("with a desk");
  });
});
