import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { conversations, mailOutbox, renterDocuments, renterReferences, userBlocks } from "~/db/schema";
import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { readThread, replyToConversation } from "~/modules/enquiries/conversations.server";
import { listInbox } from "~/modules/enquiries/inbox.server";
import { documentReadableBy } from "~/modules/renter-profiles/document-scope.server";
import { parseRenterProfile } from "~/modules/renter-profiles/renter-profile-input";
import { renterProfilePage, saveRenterProfile } from "~/modules/renter-profiles/renter-profiles.server";
import {
  acceptsInvitations,
  answerInvitation,
  inviteRenter,
  setAcceptsInvitations,
} from "~/modules/renter-search/invitations.server";
import { INVITATIONS_PER_DAY, renterSearchAccess } from "~/modules/renter-search/permissions";
import { invitableListings, searchRenters } from "~/modules/renter-search/renter-search.server";
import { parseRenterSearch } from "~/modules/renter-search/search-query";
import { createTestIdentityCheck, createTestListing, createTestViewer } from "~/tests/support/factories";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

const places = new OfflineMapsAdapter();
const NOW = new Date("2026-11-28T02:00:00Z");
const MESSAGE = "Hi! My room in Carlton is free from December. Would you like to see it?";

async function renterWith(db: Database, values: Record<string, string | string[]> = {}, person = {}): Promise<Viewer> {
  const renter = await createTestViewer(db, person);
  const form = new FormData();
  const all = {
    about: "Nursing student, quiet and tidy.",
    occupation: "studying",
    occupationPlace: "RMIT University",
    moveInEarliest: "2027-01-10",
    moveInLatest: "2027-02-01",
    stayMonths: "6",
    weeklyBudget: "350",
    areas: ["Carlton"],
    languages: "English",
    findable: "on",
    ...values,
  };
  for (const [name, value] of Object.entries(all))
    for (const one of Array.isArray(value) ? value : [value]) if (one !== "") form.append(name, one);
  const parsed = parseRenterProfile(form, "2026-11-28");
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveRenterProfile({ db, places }, renter, parsed.data);
  if (!saved.ok) throw new Error(saved.reason);
  return renter;
}

const search = (params: Record<string, string> = {}) => parseRenterSearch(new URLSearchParams(params));
const names = async (db: Database, landlord: Viewer, params: Record<string, string> = {}) =>
  (await searchRenters(db, landlord, search(params), NOW)).renters.map((renter) => renter.name).sort();

async function publishedRoom(db: Database, landlord: Viewer): Promise<string> {
  return createTestListing(db, { landlordId: landlord.id, availableFrom: "2026-12-01" });
}

describeEachDatabase("the renter search", (use) => {
  it("is for active landlords only: not tenants, lapsed landlords, staff or admins", () => {
    expect(renterSearchAccess({ role: "landlord", subscriptionStatus: "active" })).toBe("allowed");
    expect(renterSearchAccess({ role: "landlord", subscriptionStatus: "inactive" })).toBe("subscription-required");
    for (const role of ["tenant", "staff", "admin"] as const)
      expect(renterSearchAccess({ role, subscriptionStatus: "active" })).toBe("not-allowed");
    expect(renterSearchAccess(null)).toBe("not-allowed");
  });

  it("finds only findable renters, by budget, move-in, stay, area, verified and references", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    await renterWith(db, {}, { firstName: "Ana", lastName: "Silva" });
    await renterWith(db, { weeklyBudget: "250", areas: ["Fitzroy"] }, { firstName: "Ben", lastName: "Ho" });
    const cara = await renterWith(
      db,
      { moveInEarliest: "2027-03-01", moveInLatest: "", stayMonths: "12" },
      { firstName: "Cara", lastName: "Ng" },
    );
    await renterWith(db, { findable: "" }, { firstName: "Dan", lastName: "Hidden" });

    expect(await names(db, landlord)).toEqual(["Ana S.", "Ben H.", "Cara N."]);
    expect(await names(db, landlord, { budget: "300" })).toEqual(["Ana S.", "Cara N."]);
    expect(await names(db, landlord, { moveIn: "2027-01-20" })).toEqual(["Ana S.", "Ben H."]);
    expect(await names(db, landlord, { moveIn: "2027-05-01" })).toEqual(["Cara N."]);
    expect(await names(db, landlord, { stay: "9" })).toEqual(["Cara N."]);
    const page = await searchRenters(db, landlord, search(), NOW);
    const fitzroy = page.areas.find((area) => area.name === "Fitzroy");
    expect(page.areas.map((area) => area.name)).toEqual(["Carlton", "Fitzroy"]);
    expect(await names(db, landlord, { area: fitzroy!.id })).toEqual(["Ben H."]);

    expect(await names(db, landlord, { verified: "1" })).toEqual([]);
    await createTestIdentityCheck(
      { db, identity: new SandboxIdentity(db, "whsec_test", true), site: { url: "https://rooms.example" } },
      cara,
    );
    expect(await names(db, landlord, { verified: "1" })).toEqual(["Cara N."]);
    expect(await names(db, landlord, { referenced: "1" })).toEqual([]);
    await db.insert(renterReferences).values({
      userId: cara.id,
      name: "Pat Lee",
      relationship: "Previous landlord",
      email: "pat@example.com",
      confirmedAt: NOW,
    });
    expect(await names(db, landlord, { referenced: "1", verified: "1" })).toEqual(["Cara N."]);
  });

  it("shows only what the renter shared: never their e-mail, phone or document", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db, { pets: "yes" }, { firstName: "Ana", lastName: "Silva" });
    await db.insert(renterDocuments).values({
      userId: renter.id,
      kind: "income",
      storageKey: `renter-documents/${renter.id}`,
      contentType: "application/pdf",
      byteSize: 10,
    });
    const [card] = (await searchRenters(db, landlord, search(), NOW)).renters;
    expect(card).toEqual({
      id: renter.id,
      name: "Ana S.",
      about: "Nursing student, quiet and tidy.",
      occupation: "studying",
      occupationPlace: "RMIT University",
      moveInEarliest: "2027-01-10",
      moveInLatest: "2027-02-01",
      stayMonths: 6,
      weeklyBudget: 350,
      areas: ["Carlton"],
      languages: ["English"],
      pets: "yes",
      smoking: "undisclosed",
      verified: false,
      referencesConfirmed: 0,
      acceptsInvitations: true,
    });
    expect(JSON.stringify(card)).not.toContain(renter.email);
  });

  it("pages twenty at a time; a renter who blocked the landlord is not shown to them", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renters = [];
    for (let index = 0; index < 21; index += 1) renters.push(await renterWith(db));
    const first = await searchRenters(db, landlord, search(), NOW);
    const second = await searchRenters(db, landlord, search({ page: "2" }), NOW);
    expect([first.renters.length, second.renters.length, first.total, first.pageCount]).toEqual([20, 1, 21, 2]);
    expect(new Set([...first.renters, ...second.renters].map((renter) => renter.id)).size).toBe(21);
    await db.insert(userBlocks).values({ blockerId: renters[0]!.id, blockedId: landlord.id });
    expect((await searchRenters(db, landlord, search(), NOW)).total).toBe(20);
  });
});

describeEachDatabase("invitations", (use) => {
  const services = (db: Database) => ({ db, site: testSite() });

  it("starts a conversation the renter is e-mailed about, and that carries on as an enquiry once accepted", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord", firstName: "Lou", lastName: "Marsh" });
    const renter = await renterWith(db);
    const listingId = await publishedRoom(db, landlord);
    const invited = await inviteRenter(
      services(db),
      landlord,
      { renterId: renter.id, listingId, message: MESSAGE },
      NOW,
    );
    if (!invited.ok) throw new Error(invited.reason);
    const conversationId = invited.value.conversationId;

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, renter.email));
    expect(mail?.subject).toContain("An invitation to view");
    expect(mail?.text).toContain(`/settings/enquiries/${conversationId}`);
    expect(mail?.text).toContain("Lou M.");

    const pending = await readThread(db, renter, conversationId);
    expect(pending).toMatchObject({ origin: "invitation", invitationState: "pending", canReply: false });
    expect(pending?.messages.map((message) => message.body)).toEqual([MESSAGE]);
    // Both inboxes say it is an invitation, not an enquiry the renter started.
    for (const person of [renter, landlord]) {
      const [entry] = await listInbox(db, person);
      expect(entry).toMatchObject({ id: conversationId, invitation: "pending" });
    }
    // Nobody writes before the renter answers.
    expect(
      await replyToConversation(
        services(db),
        landlord,
        { conversationId, body: "Hello again?" },
        { clientAddress: "10.0.0.1" },
      ),
    ).toEqual({ ok: false, reason: "awaiting-answer" });

    const later = new Date(NOW.getTime() + 60_000);
    expect(await answerInvitation(db, renter, { conversationId, answer: "accept" }, later)).toEqual({
      ok: true,
      value: { state: "accepted" },
    });
    const replied = await replyToConversation(
      services(db),
      renter,
      { conversationId, body: "Yes please, Saturday?" },
      { clientAddress: "10.0.0.2" },
    );
    expect(replied.ok).toBe(true);
    const thread = await readThread(db, landlord, conversationId);
    expect(thread).toMatchObject({ invitationState: "accepted", status: "open", canReply: true, tenantPhone: null });
    expect(thread?.messages.map((message) => message.from)).toEqual(["you", "notice", "them"]);
    expect((await listInbox(db, landlord))[0]).toMatchObject({ id: conversationId, invitation: "accepted" });
  });

  it("declines once; a replayed answer, another person's answer and the landlord's answer change nothing", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db);
    const listingId = await publishedRoom(db, landlord);
    const invited = await inviteRenter(
      services(db),
      landlord,
      { renterId: renter.id, listingId, message: MESSAGE },
      NOW,
    );
    if (!invited.ok) throw new Error(invited.reason);
    const conversationId = invited.value.conversationId;
    const stranger = await createTestViewer(db);

    let before = await tableChecksums(db);
    expect(await answerInvitation(db, stranger, { conversationId, answer: "accept" }, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await answerInvitation(db, landlord, { conversationId, answer: "accept" }, NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await before()).toEqual(await (await tableChecksums(db))());

    expect((await answerInvitation(db, renter, { conversationId, answer: "decline" }, NOW)).ok).toBe(true);
    before = await tableChecksums(db);
    for (const answer of ["decline", "accept", "block"] as const)
      expect(await answerInvitation(db, renter, { conversationId, answer }, NOW)).toEqual({
        ok: false,
        reason: "already-answered",
      });
    expect(await before()).toEqual(await (await tableChecksums(db))());
    expect(await readThread(db, renter, conversationId)).toMatchObject({
      status: "declined",
      invitationState: "declined",
    });

    // Declined is an answer: the same room is not offered again.
    const again = await inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW);
    expect(again).toMatchObject({ ok: false, reason: "already-invited" });
  });

  it("block declines and stops the landlord inviting again, to any room", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db);
    const listingId = await publishedRoom(db, landlord);
    const invited = await inviteRenter(
      services(db),
      landlord,
      { renterId: renter.id, listingId, message: MESSAGE },
      NOW,
    );
    if (!invited.ok) throw new Error(invited.reason);
    expect(
      await answerInvitation(db, renter, { conversationId: invited.value.conversationId, answer: "block" }, NOW),
    ).toEqual({ ok: true, value: { state: "declined" } });
    const blocks = await db
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, renter.id), eq(userBlocks.blockedId, landlord.id)));
    expect(blocks).toHaveLength(1);
    const otherRoom = await publishedRoom(db, landlord);
    const checkpoint = await tableChecksums(db);
    expect(
      await inviteRenter(services(db), landlord, { renterId: renter.id, listingId: otherRoom, message: MESSAGE }, NOW),
    ).toEqual({ ok: false, reason: "blocked" });
    expect(await checkpoint()).toEqual(await (await tableChecksums(db))());
  });

  it("refuses a renter who is not findable, a guessed id, invitations turned off, and changes nothing", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const listingId = await publishedRoom(db, landlord);
    const hidden = await renterWith(db, { findable: "" });
    const noProfile = await createTestViewer(db);
    const quiet = await renterWith(db);
    await setAcceptsInvitations(db, quiet, false);
    expect(await acceptsInvitations(db, quiet)).toBe(false);
    const before = await tableChecksums(db);
    const invite = (renterId: string) =>
      inviteRenter(services(db), landlord, { renterId, listingId, message: MESSAGE }, NOW);
    expect(await invite(hidden.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await invite(noProfile.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await invite("not-a-real-user")).toEqual({ ok: false, reason: "not-found" });
    expect(await invite("'; drop table users; --")).toEqual({ ok: false, reason: "not-found" });
    expect(await invite(landlord.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await invite(quiet.id)).toEqual({ ok: false, reason: "not-accepting" });
    expect(await before()).toEqual(await (await tableChecksums(db))());
    // Turning findable off stops invitations too, even with them on.
    await setAcceptsInvitations(db, quiet, true);
    const page = await renterProfilePage(db, quiet);
    expect(page.profile.findable).toBe(true);
  });

  it("refuses another landlord's room, an unpublished or let room, and a malformed id", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const other = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db);
    const rooms = {
      others: await publishedRoom(db, other),
      unpublished: await createTestListing(db, { landlordId: landlord.id, availableFrom: null }),
      hidden: await createTestListing(db, { landlordId: landlord.id, status: "hidden" }),
      let: await createTestListing(db, { landlordId: landlord.id, status: "let" }),
      paused: await createTestListing(db, { landlordId: landlord.id, freshnessPausedAt: NOW }),
    };
    const mine = await publishedRoom(db, landlord);
    expect((await invitableListings(db, landlord)).map((listing) => listing.id)).toEqual([mine]);
    const before = await tableChecksums(db);
    for (const listingId of [...Object.values(rooms), "not-a-uuid", "00000000-0000-4000-8000-000000000000"])
      expect(
        await inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW),
        listingId,
      ).toEqual({ ok: false, reason: "listing-not-found" });
    expect(await before()).toEqual(await (await tableChecksums(db))());
  });

  it(`allows ${INVITATIONS_PER_DAY} invitations a day per landlord, then says so and changes nothing`, async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const listingId = await publishedRoom(db, landlord);
    for (let index = 0; index < INVITATIONS_PER_DAY; index += 1) {
      const renter = await renterWith(db);
      const sent = await inviteRenter(
        services(db),
        landlord,
        { renterId: renter.id, listingId, message: MESSAGE },
        NOW,
      );
      expect(sent.ok).toBe(true);
    }
    const one = await renterWith(db);
    const before = await tableChecksums(db);
    expect(await inviteRenter(services(db), landlord, { renterId: one.id, listingId, message: MESSAGE }, NOW)).toEqual({
      ok: false,
      reason: "daily-limit",
    });
    expect(await before()).toEqual(await (await tableChecksums(db))());
    // A day later the count starts again.
    const tomorrow = new Date(NOW.getTime() + 24 * 60 * 60_000 + 1000);
    expect(
      (await inviteRenter(services(db), landlord, { renterId: one.id, listingId, message: MESSAGE }, tomorrow)).ok,
    ).toBe(true);
  });

  it("gives the last invitation of the day to one of two sent at once", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const listingId = await publishedRoom(db, landlord);
    for (let index = 0; index < INVITATIONS_PER_DAY - 1; index += 1) {
      const renter = await renterWith(db);
      expect(
        (await inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW)).ok,
      ).toBe(true);
    }
    const [one, two] = [await renterWith(db), await renterWith(db)];
    const results = await Promise.all(
      [one, two].map((renter) =>
        inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW),
      ),
    );
    expect(results.map((result) => (result.ok ? "sent" : result.reason)).sort()).toEqual(["daily-limit", "sent"]);
  });

  it("allows one open invitation per renter and room, in the database too", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db);
    const listingId = await publishedRoom(db, landlord);
    const first = await inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW);
    if (!first.ok) throw new Error(first.reason);
    expect(
      await inviteRenter(services(db), landlord, { renterId: renter.id, listingId, message: MESSAGE }, NOW),
    ).toEqual({ ok: false, reason: "already-invited", conversationId: first.value.conversationId });
    await expect(
      db.insert(conversations).values({
        listingId,
        listingTitle: "Copy",
        tenantId: renter.id,
        landlordId: landlord.id,
        moveInDate: "2027-01-10",
        leaseMonths: 6,
        origin: "invitation",
        invitationState: "pending",
      }),
    ).rejects.toThrow();
  });

  it("opens the renter's document to the landlord only once the invitation is accepted", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const renter = await renterWith(db);
    await db.insert(renterDocuments).values({
      userId: renter.id,
      kind: "income",
      storageKey: `renter-documents/${renter.id}`,
      contentType: "application/pdf",
      byteSize: 10,
    });
    const readable = async () =>
      (await db.select({ id: renterDocuments.id }).from(renterDocuments).where(documentReadableBy(db, landlord)))
        .length;
    const listingId = await publishedRoom(db, landlord);
    const invited = await inviteRenter(
      services(db),
      landlord,
      { renterId: renter.id, listingId, message: MESSAGE },
      NOW,
    );
    if (!invited.ok) throw new Error(invited.reason);
    expect(await readable()).toBe(0);
    await answerInvitation(db, renter, { conversationId: invited.value.conversationId, answer: "accept" }, NOW);
    expect(await readable()).toBe(1);
  });
});
