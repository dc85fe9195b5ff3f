import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import {
  conversations,
  mailOutbox,
  renterDocuments,
  renterProfiles,
  renterReferences,
  userBlocks,
  users,
} from "~/db/schema";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { LocalPrivateFiles } from "~/lib/adapters/storage/local-private-files.server";
import type { Database } from "~/lib/db/client.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { canOpenRenterDocument } from "~/modules/renter-profiles/permissions";
import { parseRenterProfile, type RenterProfileInput } from "~/modules/renter-profiles/renter-profile-input";
import {
  deleteRenterDocument,
  deleteUserDocumentFiles,
  documentForConversation,
  openRenterDocument,
  sweepExpiredRenterDocuments,
  uploadRenterDocument,
} from "~/modules/renter-profiles/renter-documents.server";
import {
  addReference,
  changeReference,
  confirmReference,
  readReferenceLink,
  removeReference,
  renterProfileFacts,
  renterProfilePage,
  saveRenterProfile,
} from "~/modules/renter-profiles/renter-profiles.server";
import { createTestConversation, createTestViewer } from "~/tests/support/factories";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase, tableChecksums } from "~/tests/support/test-database";

const SECRET = "test-secret-for-reference-links-0123456789";
const places = new OfflineMapsAdapter();
const privateRoot = mkdtempSync(path.join(tmpdir(), "renter-documents-"));
const privateFiles = new LocalPrivateFiles({ root: privateRoot });
const storedFiles = () => {
  try {
    return readdirSync(path.join(privateRoot, "renter-documents"));
  } catch {
    return [];
  }
};
const limits = (limit = 100) => ({
  renter: createRateLimiter({ name: `refs-renter-${Math.random()}`, limit, windowMs: 60_000 }, { kind: "memory" }),
  address: createRateLimiter({ name: `refs-address-${Math.random()}`, limit, windowMs: 60_000 }, { kind: "memory" }),
});
const refServices = (db: Database) => ({ db, site: testSite(), secret: SECRET });

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

function profileInput(values: Record<string, string | string[]> = {}): RenterProfileInput {
  const form = new FormData();
  const all = {
    about: "Nursing student, quiet and tidy.",
    occupation: "studying",
    occupationPlace: "RMIT University",
    moveInEarliest: "2027-06-10",
    moveInLatest: "2027-07-01",
    stayMonths: "6",
    weeklyBudget: "350",
    areas: ["Carlton"],
    languages: "English",
    ...values,
  };
  for (const [name, value] of Object.entries(all))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  const parsed = parseRenterProfile(form, "2026-11-28");
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

async function referenceLink(db: Database, to: string): Promise<string> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const token = /\/reference\/([A-Za-z0-9._-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no reference link e-mailed to ${to}`);
  return token;
}

/** The boolean rule, asked with the rows it needs: it must say what the SQL twin says. */
async function booleanRule(db: Database, viewer: Viewer, renterId: string): Promise<boolean> {
  const between = await db
    .select({ tenantId: conversations.tenantId, landlordId: conversations.landlordId })
    .from(conversations)
    .where(and(eq(conversations.tenantId, renterId), eq(conversations.landlordId, viewer.id)));
  const blocks = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, renterId), eq(userBlocks.blockedId, viewer.id)));
  return canOpenRenterDocument(
    viewer,
    { userId: renterId },
    { conversations: between, blockedByRenter: blocks.length > 0 },
  );
}

describeEachDatabase("renter profiles", (use) => {
  it("saves a profile with areas from the location search's places; an unknown area changes nothing", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    expect((await renterProfileFacts(db, renter.id)).hasProfile).toBe(false);
    expect(await saveRenterProfile({ db, places }, renter, profileInput({ areas: ["Carlton", "3000"] }))).toEqual({
      ok: true,
    });
    const page = await renterProfilePage(db, renter);
    expect(page.profile.preferredAreas.map((area) => area.name)).toEqual(["Carlton", "3000"]);
    expect(page.profile.findable).toBe(false);

    const before = await tableChecksums(db);
    expect(
      await saveRenterProfile({ db, places }, renter, profileInput({ areas: ["Atlantis Under The Sea"], about: "" })),
    ).toEqual({ ok: false, reason: "unknown-area", area: "Atlantis Under The Sea" });
    expect(await before()).toEqual(await (await tableChecksums(db))());
  });

  it("gives other parts the profile's facts; complete means every fact a landlord screens by is stated", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    await saveRenterProfile({ db, places }, renter, profileInput({ occupationPlace: "" }));
    expect(await renterProfileFacts(db, renter.id)).toMatchObject({ complete: false });
    await saveRenterProfile({ db, places }, renter, profileInput({ findable: "on" }));
    expect(await renterProfileFacts(db, renter.id)).toEqual({
      hasProfile: true,
      complete: true,
      referencesConfirmed: 0,
      stayMonths: 6,
      moveInWindow: { earliest: "2027-06-10", latest: "2027-07-01" },
      weeklyBudget: 350,
      findable: true,
      document: null,
    });
    await saveRenterProfile({ db, places }, renter, profileInput({ areas: [] }));
    expect(await renterProfileFacts(db, renter.id)).toMatchObject({ complete: false });
  });

  it("a referee confirms once from the e-mailed link; a replay, a forged token or the renter themselves change nothing", async () => {
    const { db } = use();
    const renter = await createTestViewer(db, { firstName: "Mai", lastName: "Tran" });
    const email = `referee-${Math.random().toString(36).slice(2)}@example.com`;
    const added = await addReference(
      refServices(db),
      renter,
      { name: "Ann Lee", relationship: "Previous landlord", email },
      { limits: limits() },
    );
    expect(added).toMatchObject({ ok: true });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe("Mai Tran named you as a reference");
    const token = await referenceLink(db, email);

    expect(await readReferenceLink(db, SECRET, token)).toEqual({
      ok: true,
      value: { renterName: "Mai Tran", refereeName: "Ann Lee", relationship: "Previous landlord" },
    });
    expect(await confirmReference(db, SECRET, token, { viewer: renter })).toEqual({
      ok: false,
      reason: "own-reference",
    });
    const [id = "", signature = ""] = token.split(".");
    const forged = `${id}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await confirmReference(db, SECRET, forged)).toEqual({ ok: false, reason: "invalid-token" });
    expect(await confirmReference(db, "another-secret", token)).toEqual({ ok: false, reason: "invalid-token" });
    expect((await renterProfileFacts(db, renter.id)).referencesConfirmed).toBe(0);

    // Two clicks at once confirm it one time.
    const both = await Promise.all([confirmReference(db, SECRET, token), confirmReference(db, SECRET, token)]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already-confirmed" }]);
    const confirmedRow = await db.select().from(renterReferences).where(eq(renterReferences.id, id));
    const before = await tableChecksums(db);
    expect(await confirmReference(db, SECRET, token)).toEqual({ ok: false, reason: "already-confirmed" });
    expect(await before()).toEqual(await (await tableChecksums(db))());
    expect(await db.select().from(renterReferences).where(eq(renterReferences.id, id))).toEqual(confirmedRow);
    expect((await renterProfileFacts(db, renter.id)).referencesConfirmed).toBe(1);
    expect((await renterProfilePage(db, renter)).references).toMatchObject([{ name: "Ann Lee", confirmed: true }]);
  });

  it("a link expires after 30 days; a removed reference's link is refused", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const email = `referee-${Math.random().toString(36).slice(2)}@example.com`;
    const sentAt = new Date("2030-01-01T00:00:00Z");
    const added = await addReference(
      refServices(db),
      renter,
      { name: "Bo", relationship: "Employer", email },
      { limits: limits(), now: sentAt },
    );
    const token = await referenceLink(db, email);
    expect(await confirmReference(db, SECRET, token, { now: new Date("2030-02-01T00:00:00Z") })).toEqual({
      ok: false,
      reason: "expired",
    });
    if (!added.ok) throw new Error("not added");
    expect(await removeReference(db, renter, added.id)).toEqual({ ok: true });
    expect(await confirmReference(db, SECRET, token, { now: sentAt })).toEqual({ ok: false, reason: "invalid-token" });
  });

  it("changing a referee's e-mail resets the confirmation and voids the old link; a name change keeps it", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const first = `referee-${Math.random().toString(36).slice(2)}@example.com`;
    const second = `referee-${Math.random().toString(36).slice(2)}@example.com`;
    const added = await addReference(
      refServices(db),
      renter,
      { name: "Cy", relationship: "Tutor", email: first },
      { limits: limits() },
    );
    if (!added.ok) throw new Error("not added");
    expect((await confirmReference(db, SECRET, await referenceLink(db, first))).ok).toBe(true);

    await changeReference(refServices(db), renter, added.id, { name: "Cy Brown", relationship: "Tutor", email: first });
    expect((await renterProfileFacts(db, renter.id)).referencesConfirmed).toBe(1);

    const oldToken = await referenceLink(db, first);
    expect(
      await changeReference(
        refServices(db),
        renter,
        added.id,
        { name: "Cy Brown", relationship: "Tutor", email: second },
        { limits: limits() },
      ),
    ).toEqual({ ok: true, id: added.id });
    expect((await renterProfileFacts(db, renter.id)).referencesConfirmed).toBe(0);
    expect(await confirmReference(db, SECRET, oldToken)).toEqual({ ok: false, reason: "invalid-token" });
    expect((await confirmReference(db, SECRET, await referenceLink(db, second))).ok).toBe(true);
  });

  it("at most two referees; another renter's reference is not found; reference e-mails are limited", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const other = await createTestViewer(db);
    const referee = (n: number) => ({ name: `R${n}`, relationship: "Friend", email: `r${n}-${renter.id}@example.com` });
    expect((await addReference(refServices(db), renter, referee(1), { limits: limits() })).ok).toBe(true);
    const second = await addReference(refServices(db), renter, referee(2), { limits: limits() });
    if (!second.ok) throw new Error("not added");
    const before = await tableChecksums(db);
    expect(await addReference(refServices(db), renter, referee(3), { limits: limits() })).toEqual({
      ok: false,
      reason: "limit-reached",
    });
    expect(await removeReference(db, other, second.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await changeReference(refServices(db), other, second.id, referee(4), { limits: limits() })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await removeReference(db, renter, "1 or 1=1")).toEqual({ ok: false, reason: "not-found" });
    expect(await before()).toEqual(await (await tableChecksums(db))());

    const spent = limits(1);
    const fresh = await createTestViewer(db);
    expect((await addReference(refServices(db), fresh, referee(5), { limits: spent })).ok).toBe(true);
    expect(await addReference(refServices(db), fresh, referee(6), { limits: spent })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
  });

  it("a document opens for the renter and a landlord they enquired with; nobody else, and the two forms of the rule agree", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const blocked = await createTestViewer(db, { role: "landlord" });
    const stranger = await createTestViewer(db, { role: "landlord" });
    const staff = await createTestViewer(db, { role: "staff" });
    const admin = await createTestViewer(db, { role: "admin" });
    const otherTenant = await createTestViewer(db);
    const withLandlord = (await createTestConversation(db, renter, landlord)).conversationId;
    const withBlocked = (await createTestConversation(db, renter, blocked)).conversationId;
    await db.insert(userBlocks).values({ blockerId: renter.id, blockedId: blocked.id });
    // The other way round: the landlord enquired with the renter's listing is no grant.
    await createTestConversation(db, stranger, renter);

    const uploaded = await uploadRenterDocument({ db, privateFiles }, renter, { kind: "income", bytes: PDF });
    if (!uploaded.ok) throw new Error(uploaded.reason);
    for (const [viewer, allowed] of [
      [renter, true],
      [landlord, true],
      [blocked, false],
      [stranger, false],
      [staff, false],
      [admin, false],
      [otherTenant, false],
    ] as const) {
      const opened = await openRenterDocument({ db, privateFiles }, viewer, uploaded.id);
      expect(opened.ok, `${viewer.role} ${viewer.id}`).toBe(allowed);
      expect(await booleanRule(db, viewer, renter.id)).toBe(allowed);
      // The landlord's thread page links the document only where the rule allows it.
      for (const conversationId of [withLandlord, withBlocked]) {
        const linked = await documentForConversation(db, viewer, conversationId);
        expect(linked !== null).toBe(allowed && viewer.id !== renter.id && conversationId === withLandlord);
      }
      if (opened.ok) expect(opened.value).toMatchObject({ contentType: "application/pdf", body: PDF });
    }
    expect(await openRenterDocument({ db, privateFiles }, renter, "../../etc/passwd")).toEqual({
      ok: false,
      reason: "not-found",
    });
    // Staff see that it exists, not what it says.
    expect((await renterProfileFacts(db, renter.id)).document).toEqual({ kind: "income" });
  });

  it("only PDFs and images are stored, images decoded and re-encoded; anything else changes nothing", async () => {
    const { db } = use();
    const renter = await createTestViewer(db);
    const before = await tableChecksums(db);
    const filesBefore = storedFiles().length;
    for (const bytes of [
      Buffer.from("<html><script>alert(1)</script></html>"),
      Buffer.from("%PDF-1.4 but cut short"),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]),
      Buffer.from("MZ\x90\x00 an executable", "latin1"),
    ]) {
      expect(await uploadRenterDocument({ db, privateFiles }, renter, { kind: "income", bytes })).toEqual({
        ok: false,
        reason: "not-a-document",
      });
    }
    expect(
      await uploadRenterDocument({ db, privateFiles }, renter, {
        kind: "income",
        bytes: Buffer.alloc(9 * 1024 * 1024),
      }),
    ).toEqual({ ok: false, reason: "too-large" });
    expect(await before()).toEqual(await (await tableChecksums(db))());
    expect(storedFiles().length).toBe(filesBefore);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0ffee" } })
      .withMetadata({ exif: { IFD0: { Artist: "Someone" } } })
      .png()
      .toBuffer();
    const uploaded = await uploadRenterDocument({ db, privateFiles }, renter, { kind: "enrolment", bytes: png });
    if (!uploaded.ok) throw new Error(uploaded.reason);
    const opened = await openRenterDocument({ db, privateFiles }, renter, uploaded.id);
    if (!opened.ok) throw new Error("not opened");
    expect(opened.value.contentType).toBe("image/jpeg");
    const meta = await sharp(opened.value.body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();

    // Replacing keeps one document and one file; deleting removes both.
    const replaced = await uploadRenterDocument({ db, privateFiles }, renter, { kind: "income", bytes: PDF });
    if (!replaced.ok) throw new Error(replaced.reason);
    expect(await db.select().from(renterDocuments).where(eq(renterDocuments.userId, renter.id))).toHaveLength(1);
    expect(storedFiles().length).toBe(filesBefore + 1);
    expect(await deleteRenterDocument({ db, privateFiles }, renter)).toEqual({ ok: true });
    expect(storedFiles().length).toBe(filesBefore);
    expect(await openRenterDocument({ db, privateFiles }, renter, replaced.id)).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("documents are deleted 12 months after upload, and with the account", async () => {
    const { db } = use();
    const old = await createTestViewer(db);
    const recent = await createTestViewer(db);
    const leaving = await createTestViewer(db);
    const oldDoc = await uploadRenterDocument({ db, privateFiles }, old, { kind: "income", bytes: PDF });
    const recentDoc = await uploadRenterDocument({ db, privateFiles }, recent, { kind: "income", bytes: PDF });
    await uploadRenterDocument({ db, privateFiles }, leaving, { kind: "income", bytes: PDF });
    if (!oldDoc.ok || !recentDoc.ok) throw new Error("not uploaded");
    const now = new Date();
    const thirteenMonthsAgo = new Date(now);
    thirteenMonthsAgo.setUTCMonth(thirteenMonthsAgo.getUTCMonth() - 13);
    await db.update(renterDocuments).set({ createdAt: thirteenMonthsAgo }).where(eq(renterDocuments.id, oldDoc.id));
    const filesBefore = storedFiles().length;

    expect(await sweepExpiredRenterDocuments({ db, privateFiles }, { now })).toBeGreaterThanOrEqual(1);
    expect(await openRenterDocument({ db, privateFiles }, old, oldDoc.id)).toEqual({ ok: false, reason: "not-found" });
    expect((await openRenterDocument({ db, privateFiles }, recent, recentDoc.id)).ok).toBe(true);
    expect(storedFiles().length).toBe(filesBefore - 1);

    // Account deletion: the files first (this function), then the user; every row goes with the user.
    await saveRenterProfile({ db, places }, leaving, profileInput());
    await addReference(
      refServices(db),
      leaving,
      { name: "D", relationship: "Friend", email: `d-${leaving.id}@example.com` },
      { limits: limits() },
    );
    expect(await deleteUserDocumentFiles({ db, privateFiles }, leaving.id)).toBe(1);
    expect(storedFiles().length).toBe(filesBefore - 2);
    await db.delete(users).where(eq(users.id, leaving.id));
    expect(await db.select().from(renterProfiles).where(eq(renterProfiles.userId, leaving.id))).toEqual([]);
    expect(await db.select().from(renterReferences).where(eq(renterReferences.userId, leaving.id))).toEqual([]);
  });
});
