import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRoom, newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * The verified tenant database over raw HTTP: only an active landlord opens /settings/renters or
 * invites (page and `.data`); another landlord's room, a renter who is not findable or a guessed
 * id, a cross-site post and a replayed answer are refused, said clearly, and change nothing.
 */
let server: ServerProcess;
let renter: HttpSession;
let landlord: HttpSession;
let otherLandlord: HttpSession;
let lapsed: HttpSession;
let staff: HttpSession;
const ABOUT = `Findable renter probe ${Date.now()}`;
const MESSAGE = "Hello! Would you like to see my room?";
let renterId: string;
let myRoom: string;
let othersRoom: string;

const escaped = (text: string) => text.replaceAll("'", "&#x27;");

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" } });
  renter = await signedIn(server, "tenant@example.com");
  landlord = await signedIn(server, "landlord@example.com");
  otherLandlord = await signedIn(server, "priya.nair@example.com");
  lapsed = await signedIn(server, "landlord.pending@example.com");
  staff = await signedIn(server, "staff@example.com");
  const saved = await post(server, renter, "/settings/renter-profile", {
    intent: "profile",
    about: ABOUT,
    occupation: "working",
    occupationPlace: "Acme",
    stayMonths: "6",
    weeklyBudget: "400",
    areas: "Carlton",
    findable: "on",
  });
  if (saved.status !== 302) throw new Error(`the profile answered ${saved.status}`);
  othersRoom = await listRoom(server, otherLandlord, { title: `Priya's room ${Date.now()}` });
  myRoom = await listRoom(server, landlord, { title: `Invitable room ${Date.now()}` });
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

/** Whether the renter's enquiries list shows an invitation (its first message's preview). */
const invited = async () => (await send(server, renter, "/settings/enquiries")).body.includes(MESSAGE);

describe("the renter search over HTTP", () => {
  it("shows an active landlord the findable renter's profile, never their e-mail", async () => {
    const page = await send(server, landlord, "/settings/renters?budget=350&stay=6");
    expect(page.status).toBe(200);
    expect(page.body).toContain(ABOUT);
    expect(page.body).not.toContain("tenant@example.com");
    const card = page.body.slice(0, page.body.indexOf(ABOUT) + 4000);
    renterId = [...card.matchAll(/name="renterId" value="([^"]+)"/g)].at(-1)?.[1] ?? "";
    expect(renterId).not.toBe("");
    expect(page.body).toContain(`value="${myRoom}"`);
    expect(page.body).not.toContain(`value="${othersRoom}"`);
    expect((await send(server, landlord, "/settings/renters?budget=5000")).body).not.toContain(ABOUT);
  });

  it("refuses a tenant, a lapsed landlord and staff, page and data, and their invitations change nothing", async () => {
    for (const [who, session, to] of [
      ["tenant", renter, "/settings/profile"],
      ["lapsed landlord", lapsed, "/settings/billing"],
      ["staff", staff, "/settings/profile"],
    ] as const) {
      for (const path of ["/settings/renters", "/settings/renters.data"]) {
        const reply = await send(server, session, path);
        expect([reply.status, reply.body.includes(ABOUT)], `${who} ${path}`).toEqual([
          path.endsWith(".data") ? 202 : 302,
          false,
        ]);
        if (!path.endsWith(".data")) expect(reply.location).toBe(to);
      }
      const invite = await post(server, session, "/settings/renters", {
        intent: "invite",
        renterId,
        listingId: myRoom,
        message: MESSAGE,
      });
      expect(invite.status, who).toBe(302);
      expect(invite.location).toBe(to);
      const data = await post(server, session, "/settings/renters.data", {
        intent: "invite",
        renterId,
        listingId: myRoom,
        message: MESSAGE,
      });
      expect(data.body, `${who} .data`).toContain(to);
    }
    expect((await send(server, newSession(), "/settings/renters")).location).toMatch(/^\/auth/);
    expect(await invited()).toBe(false);
  });

  it("refuses a cross-site invitation, another landlord's room and a guessed renter id, saying why", async () => {
    const crossSite = await send(server, landlord, "/settings/renters", {
      form: { intent: "invite", renterId, listingId: myRoom, message: MESSAGE },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const others = await post(server, landlord, "/settings/renters", {
      intent: "invite",
      renterId,
      listingId: othersRoom,
      message: MESSAGE,
    });
    expect(others.status).toBe(404);
    expect(others.body).toContain("Choose one of your own published rooms that is available.");
    const guessed = await post(server, landlord, "/settings/renters", {
      intent: "invite",
      renterId: "guessed-user-id",
      listingId: myRoom,
      message: MESSAGE,
    });
    expect(guessed.status).toBe(404);
    expect(escaped(guessed.body)).toContain(escaped("This renter can't be found."));
    const empty = await post(server, landlord, "/settings/renters", { intent: "invite", renterId, listingId: myRoom });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Please write a message.");
    expect(await invited()).toBe(false);
  });

  it("refuses while the renter has invitations off, and a cross-site post cannot turn them back on", async () => {
    expect(
      (await post(server, renter, "/settings/renter-profile", { intent: "invitations", accepts: "off" })).status,
    ).toBe(302);
    const crossSite = await send(server, renter, "/settings/renter-profile", {
      form: { intent: "invitations", accepts: "on" },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const refused = await post(server, landlord, "/settings/renters", {
      intent: "invite",
      renterId,
      listingId: myRoom,
      message: MESSAGE,
    });
    expect(refused.status).toBe(409);
    expect(escaped(refused.body)).toContain(escaped("This renter isn't accepting invitations at the moment."));
    expect(await invited()).toBe(false);
    expect(
      (await post(server, renter, "/settings/renter-profile", { intent: "invitations", accepts: "on" })).status,
    ).toBe(302);
  });

  it("invites once; the renter accepts once and the conversation carries on", async () => {
    const sent = await post(server, landlord, "/settings/renters", {
      intent: "invite",
      renterId,
      listingId: myRoom,
      message: MESSAGE,
    });
    expect(sent.status).toBe(302);
    const thread = sent.location ?? "";
    expect(thread).toMatch(/^\/settings\/enquiries\/[0-9a-f-]{36}$/);
    const again = await post(server, landlord, "/settings/renters", {
      intent: "invite",
      renterId,
      listingId: myRoom,
      message: MESSAGE,
    });
    expect(again.status).toBe(409);
    expect(await invited()).toBe(true);

    // The landlord cannot answer for the renter, nor write before they do.
    expect((await post(server, landlord, thread, { intent: "accept-invitation" })).status).toBe(404);
    const early = await post(server, landlord, thread, { intent: "reply", message: "Still there?" });
    expect(early.status).toBe(409);
    const crossSite = await send(server, renter, thread, {
      form: { intent: "accept-invitation" },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect((await send(server, renter, thread)).body).toContain("invites you to view this room");

    expect((await post(server, renter, thread, { intent: "accept-invitation" })).status).toBe(302);
    const replay = await post(server, renter, thread, { intent: "decline-invitation" });
    expect(replay.status).toBe(409);
    expect(replay.body).toContain("This invitation has already been answered.");
    expect((await post(server, renter, thread, { intent: "reply", message: "Yes please!" })).status).toBe(302);
    const landlordView = await send(server, landlord, thread);
    expect(landlordView.body).toContain("Yes please!");
    expect(landlordView.body).not.toContain("tenant@example.com");
  });
});
