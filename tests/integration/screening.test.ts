import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { conversations, mailOutbox, users } from "~/db/schema";
import { SandboxIdentity } from "~/lib/adapters/identity/sandbox-identity.server";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { reportConversation } from "~/modules/enquiries/blocks.server";
import { inboxPage, listInbox, type InboxCursor } from "~/modules/enquiries/inbox.server";
import { parseRenterProfile } from "~/modules/renter-profiles/renter-profile-input";
import { addReference, confirmReference, saveRenterProfile } from "~/modules/renter-profiles/renter-profiles.server";
import { SCREENING_FILTER_KEYS, type ScreeningFilterKey } from "~/modules/screening/screening-filters";
import { screeningFilterSql } from "~/modules/screening/screening-filters.server";
import { previewFacts, screeningSummary } from "~/modules/screening/screening-summary";
import { screeningForConversation, screeningPreviewFacts } from "~/modules/screening/screening.server";
import { createTestConversation, createTestIdentityCheck, createTestViewer } from "~/tests/support/factories";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

const SECRET = "test-secret-for-reference-links-0123456789";
const places = new OfflineMapsAdapter();
const limits = () => ({
  renter: createRateLimiter(
    { name: `screen-renter-${Math.random()}`, limit: 100, windowMs: 60_000 },
    { kind: "memory" },
  ),
  address: createRateLimiter(
    { name: `screen-addr-${Math.random()}`, limit: 100, windowMs: 60_000 },
    { kind: "memory" },
  ),
});
const identityDeps = (db: Database) => ({
  db,
  identity: new SandboxIdentity(db, "whsec_sandbox_screening_test", true),
  site: { url: "https://rooms.example" },
});

async function saveProfile(db: Database, renter: Viewer, values: Record<string, string> = {}) {
  const form = new FormData();
  const all = {
    about: "Nursing student, quiet and tidy.",
    occupation: "studying",
    occupationPlace: "RMIT University",
    moveInEarliest: "2027-06-10",
    stayMonths: "6",
    weeklyBudget: "400",
    areas: "Carlton",
    ...values,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  const parsed = parseRenterProfile(form, "2026-11-28");
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  expect(await saveRenterProfile({ db, places }, renter, parsed.data)).toEqual({ ok: true });
}

async function confirmAReference(db: Database, renter: Viewer) {
  const email = `referee-${Math.random().toString(36).slice(2)}@example.com`;
  await addReference(
    { db, site: testSite(), secret: SECRET },
    renter,
    { name: "Ann Lee", relationship: "Previous landlord", email },
    { limits: limits() },
  );
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = /\/reference\/([A-Za-z0-9._-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  expect((await confirmReference(db, SECRET, token)).ok).toBe(true);
}

/** A renter who verified everything and stated everything, and their enquiry (all but the phone met). */
async function screenedEnquiry(db: Database) {
  const renter = await createTestViewer(db, { firstName: "Mai", lastName: "Tran" });
  const landlord = await createTestViewer(db, { role: "landlord" });
  await createTestIdentityCheck(identityDeps(db), renter);
  await saveProfile(db, renter);
  await confirmAReference(db, renter);
  const { conversationId, listingId } = await createTestConversation(db, renter, landlord, {
    listing: { minLeaseMonths: 3, maxLeaseMonths: 12, availableFrom: "2030-01-01", weeklyRent: 350, billsEstimate: 30 },
  });
  await db.update(conversations).set({ tenantPhone: "0400 111 222" }).where(eq(conversations.id, conversationId));
  return { renter, landlord, conversationId, listingId };
}

describeEachDatabase("screening summary", (use) => {
  it("gathers the renter's verified and stated facts; landlord and renter get the identical summary", async () => {
    const { db } = use();
    const { renter, landlord, conversationId } = await screenedEnquiry(db);
    const forLandlord = await screeningForConversation(db, landlord, conversationId);
    const forRenter = await screeningForConversation(db, renter, conversationId);
    expect(forLandlord).toMatchObject({ ok: true, side: "landlord" });
    expect(forRenter).toMatchObject({ ok: true, side: "tenant" });
    if (!forLandlord.ok || !forRenter.ok) throw new Error("unreachable");
    expect(forRenter.summary).toEqual(forLandlord.summary);
    expect(Object.fromEntries(forLandlord.summary.map((item) => [item.key, [item.status, item.text]]))).toEqual({
      identity: ["met", "ID verified"],
      email: ["met", "E-mail address verified"],
      phone: ["not-met", "Phone number given, not verified"],
      profile: ["met", "Renter profile complete"],
      references: ["met", "1 reference confirmed"],
      stay: ["met", "6 months, within the 3–12 month lease"],
      moveIn: ["met", "15 January 2030; the room is available from 1 January 2030"],
      budget: ["met", "$400/week covers the all-in cost of $380/week"],
    });
  });

  it("previews, before sending, exactly what the landlord then sees; only the viewer's own facts", async () => {
    const { db } = use();
    const { renter, landlord, conversationId, listingId } = await screenedEnquiry(db);
    const preview = await screeningPreviewFacts(db, renter, listingId);
    if (!preview) throw new Error("no preview");
    const sent = await screeningForConversation(db, landlord, conversationId);
    expect(sent.ok && sent.summary).toEqual(
      screeningSummary(previewFacts(preview, { moveInDate: "2030-01-15", leaseMonths: "6", phone: "0400 111 222" })),
    );
    // Another renter asking about the same listing sees their own facts, none of the first renter's.
    const other = await createTestViewer(db);
    const theirs = await screeningPreviewFacts(db, other, listingId);
    expect(theirs).toMatchObject({
      idVerified: false,
      profile: { exists: false, complete: false, referencesConfirmed: 0, weeklyBudget: null },
    });
    expect(await screeningPreviewFacts(db, other, "not-a-uuid")).toBeNull();
    expect(await screeningPreviewFacts(db, other, crypto.randomUUID())).toBeNull();
  });

  it("refuses anyone else, a guessed or malformed id, and staff unless the conversation is under review", async () => {
    const { db } = use();
    const { renter, conversationId } = await screenedEnquiry(db);
    const strangers = [
      await createTestViewer(db),
      await createTestViewer(db, { role: "landlord" }),
      await createTestViewer(db, { role: "staff" }),
      await createTestViewer(db, { role: "admin" }),
    ];
    const before = await tableChecksums(db);
    for (const viewer of [null, ...strangers]) {
      expect(await screeningForConversation(db, viewer, conversationId)).toEqual({ ok: false, reason: "not-found" });
    }
    expect(await screeningForConversation(db, renter, crypto.randomUUID())).toEqual({ ok: false, reason: "not-found" });
    expect(await screeningForConversation(db, renter, "' or 1=1 --")).toEqual({ ok: false, reason: "not-found" });
    expect(await before()).toEqual(await (await tableChecksums(db))());

    expect((await reportConversation(db, renter, conversationId, { clientAddress: "10.0.0.1" })).ok).toBe(true);
    const [, otherLandlord, staff, admin] = strangers;
    expect(await screeningForConversation(db, staff ?? null, conversationId)).toMatchObject({
      ok: true,
      side: "staff",
    });
    expect(await screeningForConversation(db, admin ?? null, conversationId)).toMatchObject({
      ok: true,
      side: "staff",
    });
    expect(await screeningForConversation(db, otherLandlord ?? null, conversationId)).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("filters the landlord's inbox in SQL by exactly the facts the summary marks met, page by page", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const full = await screenedEnquiry(db);
    // Move the fully screened enquiry to this landlord's inbox.
    await db.update(conversations).set({ landlordId: landlord.id }).where(eq(conversations.id, full.conversationId));
    const ids = [full.conversationId];
    // A renter with nothing verified or stated, with a stay too short, a move-in too early and an over-budget room.
    const bare = await createTestViewer(db);
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, bare.id));
    const mismatched = await createTestConversation(db, bare, landlord, {
      listing: { minLeaseMonths: 9, maxLeaseMonths: 12, availableFrom: "2030-02-01", weeklyRent: 500 },
    });
    ids.push(mismatched.conversationId);
    // An incomplete profile whose budget covers the room, on a room without an available date.
    const partial = await createTestViewer(db);
    await saveProfile(db, partial, { about: "", weeklyBudget: "600" });
    const dateless = await createTestConversation(db, partial, landlord, {
      listing: { availableFrom: null, weeklyRent: 500 },
    });
    ids.push(dateless.conversationId);
    // The landlord's own enquiry as a tenant, and another landlord's enquiry: never in a filtered view.
    const own = await createTestConversation(db, landlord, await createTestViewer(db, { role: "landlord" }));
    const elsewhere = await screenedEnquiry(db);

    const now = new Date();
    const metBySummary = async (key: ScreeningFilterKey) => {
      const met: string[] = [];
      for (const id of ids) {
        const screening = await screeningForConversation(db, landlord, id);
        if (screening.ok && screening.summary.find((item) => item.key === key)?.status === "met") met.push(id);
      }
      return met.sort();
    };
    const listed = async (keys: ScreeningFilterKey[]) =>
      (await listInbox(db, landlord, { only: screeningFilterSql(landlord, keys, now) }))
        .map((entry) => entry.id)
        .sort();

    for (const key of SCREENING_FILTER_KEYS) {
      expect({ key, ids: await listed([key]) }).toEqual({ key, ids: await metBySummary(key) });
    }
    expect(await listed(["identity", "stay", "references"])).toEqual([full.conversationId]);
    expect(await listed(["budget"])).toEqual([full.conversationId, dateless.conversationId].sort());
    expect(await listed(["stay"])).toEqual([full.conversationId, dateless.conversationId].sort());
    const unfiltered = await listed([]);
    expect(unfiltered).toContain(own.conversationId);
    expect(unfiltered).not.toContain(elsewhere.conversationId);

    // The keyset pages of the inbox keep working under a filter: one at a time, all of them, once.
    const paged: string[] = [];
    let after: InboxCursor | undefined;
    do {
      const page = await inboxPage(db, landlord, {
        limit: 1,
        after,
        only: screeningFilterSql(landlord, ["stay"], now),
      });
      paged.push(...page.entries.map((entry) => entry.id));
      after = page.next ?? undefined;
    } while (after);
    expect(paged.sort()).toEqual([full.conversationId, dateless.conversationId].sort());
  });
});
