import { eq } from "drizzle-orm";
import { searchFor } from "~/tests/support/search";
import { expect, it } from "vitest";
import { listings, mailOutbox } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  applyFreshnessToken,
  askLandlordsToConfirm,
  freshnessToken,
  pauseUnconfirmedListings,
  readFreshnessToken,
  resumeListing,
  type FreshnessDeps,
} from "~/modules/listings/freshness.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const DAY_MS = 86_400_000;
const SECRET = "test-secret-for-freshness-links-0123456789";

function depsAt(db: Database, clock: { now: Date }): FreshnessDeps {
  return { db, site: { name: "Laneway Rooms", url: "https://rooms.example" }, secret: SECRET, now: () => clock.now };
}

const later = (clock: { now: Date }, days: number) => {
  clock.now = new Date(clock.now.getTime() + days * DAY_MS);
  return clock.now;
};

async function mailTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
}

const row = async (db: Database, id: string) => {
  const [found] = await db.select().from(listings).where(eq(listings.listingId, id));
  if (!found) throw new Error("listing gone");
  return found;
};

/** The token in the e-mail's link for `action` on `listingId`. */
function linkIn(text: string, listingId: string, action: "confirm" | "let"): string {
  const match = new RegExp(`/listing-freshness/(${listingId}\\.${action}\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${action} link for ${listingId}`);
  return match[1];
}

const inSearch = async (db: Database, title: string) => (await searchFor(db, { title })).total;

describeEachDatabase("listing freshness", (use) => {
  it("asks after 14 days in one e-mail per landlord, once; confirm keeps the listing and is idempotent", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const first = await createTestListing(db, { landlordId: landlord.id, updatedAt: clock.now });
    const second = await createTestListing(db, { landlordId: landlord.id, updatedAt: clock.now });
    await createTestListing(db, { landlordId: landlord.id, updatedAt: clock.now, status: "let" });

    later(clock, 13);
    expect(await askLandlordsToConfirm(deps)).toBe(0);
    later(clock, 1);
    const counts = await Promise.all([askLandlordsToConfirm(deps), askLandlordsToConfirm(deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await askLandlordsToConfirm(deps)).toBe(0);
    const [mail, ...others] = await mailTo(db, landlord.email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe("Is this room still available?");
    const confirm = linkIn(mail?.text ?? "", first, "confirm");
    expect(linkIn(mail?.text ?? "", second, "let")).toBeTruthy();

    const before = await row(db, first);
    later(clock, 1);
    expect(await applyFreshnessToken(db, SECRET, confirm, clock.now)).toMatchObject({
      ok: true,
      value: { action: "confirm", paused: false },
    });
    expect(await applyFreshnessToken(db, SECRET, confirm, clock.now)).toMatchObject({ ok: true });
    const after = await row(db, first);
    expect(after.confirmedAt?.toISOString()).toBe(clock.now.toISOString());
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
    expect(after.status).toBe("available");
  });

  it("marks a listing let from the e-mail, and refuses forged, altered and superseded tokens", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const id = await createTestListing(db, { landlordId: landlord.id, updatedAt: clock.now });
    const other = await createTestListing(db, { landlordId: landlord.id, updatedAt: clock.now });
    later(clock, 14);
    await askLandlordsToConfirm(deps);
    const text = (await mailTo(db, landlord.email))[0]?.text ?? "";
    const letToken = linkIn(text, id, "let");
    const [, , signature] = letToken.split(".");
    for (const bad of [
      `${other}.let.${signature}`,
      `${id}.confirm.${signature}`,
      freshnessToken("another-secret-another-secret-0000", await row(db, id), "let"),
      "junk",
    ]) {
      expect(await applyFreshnessToken(db, SECRET, bad)).toEqual({ ok: false, reason: "invalid-token" });
    }
    expect((await row(db, id)).status).toBe("available");
    expect((await row(db, other)).status).toBe("available");

    expect(await applyFreshnessToken(db, SECRET, letToken)).toMatchObject({ ok: true, value: { status: "let" } });
    expect(await applyFreshnessToken(db, SECRET, letToken)).toMatchObject({ ok: true, value: { status: "let" } });
    expect((await row(db, id)).status).toBe("let");

    // Confirmed, then asked again 14 days on: the new question replaces the earlier links.
    const oldConfirm = linkIn(text, other, "confirm");
    expect(await applyFreshnessToken(db, SECRET, oldConfirm, later(clock, 1))).toMatchObject({ ok: true });
    later(clock, 13);
    expect(await askLandlordsToConfirm(deps)).toBe(0);
    later(clock, 1);
    expect(await askLandlordsToConfirm(deps)).toBe(1);
    expect(await readFreshnessToken(db, SECRET, oldConfirm)).toEqual({ ok: false, reason: "invalid-token" });
  });

  it("pauses a listing neither updated nor confirmed for 30 days, tells the landlord, and resumes with one click", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const stranger = await createTestViewer(db, { role: "landlord" });
    const title = `Stale room ${Math.random().toString(36).slice(2, 10)}`;
    const id = await createTestListing(db, { landlordId: landlord.id, title, updatedAt: clock.now });
    later(clock, 14);
    await askLandlordsToConfirm(deps);
    later(clock, 15);
    expect(await askLandlordsToConfirm(deps)).toBe(0); // asked once per stale spell
    expect(await pauseUnconfirmedListings(deps)).toBe(0);
    later(clock, 1);
    const counts = await Promise.all([pauseUnconfirmedListings(deps), pauseUnconfirmedListings(deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await pauseUnconfirmedListings(deps)).toBe(0);
    expect((await row(db, id)).freshnessPausedAt?.toISOString()).toBe(clock.now.toISOString());
    expect(await inSearch(db, title)).toBe(0);
    const paused = (await mailTo(db, landlord.email)).at(-1);
    expect(paused?.subject).toBe("Your listing has been paused");
    expect(paused?.text).toContain("https://rooms.example/settings/properties");

    // Another landlord cannot resume it; its landlord can, from Your Properties.
    expect(await resumeListing(db, stranger, id, clock.now)).toEqual({ ok: false, reason: "not-found" });
    expect(await inSearch(db, title)).toBe(0);
    expect(await resumeListing(db, landlord, id, clock.now)).toEqual({ ok: true });
    expect(await inSearch(db, title)).toBe(1);
    expect((await row(db, id)).freshnessPausedAt).toBeNull();
  });

  it("resumes from the paused e-mail's link without signing in", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const title = `Stale room ${Math.random().toString(36).slice(2, 10)}`;
    const id = await createTestListing(db, {
      landlordId: landlord.id,
      title,
      updatedAt: new Date(clock.now.getTime() - 40 * DAY_MS),
    });
    await askLandlordsToConfirm(deps);
    expect(await pauseUnconfirmedListings(deps)).toBe(0); // never paused without a question 14 days before
    later(clock, 14);
    expect(await pauseUnconfirmedListings(deps)).toBe(1);
    const text = (await mailTo(db, landlord.email)).at(-1)?.text ?? "";
    expect(await applyFreshnessToken(db, SECRET, linkIn(text, id, "confirm"), clock.now)).toMatchObject({
      ok: true,
      value: { paused: false },
    });
    expect(await inSearch(db, title)).toBe(1);
  });
});
