import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { listingDailyStats, listings, mailOutbox, savedSearches } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { ListingCounter } from "~/modules/analytics/listing-counter.server";
import { ALERT_DIGEST_CAP, sendSavedSearchAlerts, type AlertDeps } from "~/modules/saved-searches/alerts.server";
import { MAX_SAVED_SEARCHES } from "~/modules/saved-searches/saved-search-input";
import {
  createSavedSearch,
  deleteSavedSearch,
  describeSavedSearches,
  listSavedSearches,
  readUnsubscribeToken,
  setSavedSearchPaused,
  unsubscribeToken,
  unsubscribeWithToken,
  updateSavedSearch,
} from "~/modules/saved-searches/saved-searches.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const places = new OfflineMapsAdapter();
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const SECRET = "test-secret-for-saved-search-links-0123456789";

const limiter = () =>
  createRateLimiter({ name: `saved-search-test-${Math.random()}`, limit: 1000, windowMs: 60_000 }, { kind: "memory" });

function depsAt(db: Database, clock: { now: Date }): AlertDeps {
  return {
    db,
    site: { name: "Laneway Rooms", url: "https://rooms.example" },
    secret: SECRET,
    places,
    now: () => clock.now,
  };
}

const later = (clock: { now: Date }, ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
  return clock.now;
};

/** A unique word in the title, so each test's search matches only its own listings. */
const tag = () => `zq${Math.random().toString(36).slice(2, 10)}`;

async function mailTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
}

async function save(db: Database, clock: { now: Date }, query: string, frequency: "instant" | "daily" = "instant") {
  const viewer = await createTestViewer(db);
  const created = await createSavedSearch(
    db,
    viewer,
    { name: "Carlton rooms", frequency, query },
    { limiter: limiter(), now: clock.now },
  );
  if (!created.ok) throw new Error(created.reason);
  return { viewer, id: created.value.id };
}

/** A listing changed at the clock's time (the worker compares with its clock). */
const listingAt = (
  db: Database,
  clock: { now: Date },
  title: string,
  columns: Parameters<typeof createTestListing>[1] = {},
) => createTestListing(db, { title, createdAt: clock.now, updatedAt: clock.now, ...columns });

describeEachDatabase("saved searches", (use) => {
  it("keeps each user's searches to themselves: another user's id is refused and nothing changes", async () => {
    const { db } = use();
    const owner = await createTestViewer(db);
    const other = await createTestViewer(db);
    const created = await createSavedSearch(
      db,
      owner,
      { name: "Fitzroy", frequency: "daily", query: "title=fitzroy&page=3&pageSize=24&maxPrice=400" },
      { limiter: limiter() },
    );
    if (!created.ok) throw new Error(created.reason);
    const id = created.value.id;
    const options = { limiter: limiter() };
    expect(await updateSavedSearch(db, other, id, { name: "Mine now", frequency: "off" }, options)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await setSavedSearchPaused(db, other, id, true, options)).toEqual({ ok: false, reason: "not-found" });
    expect(await deleteSavedSearch(db, other, id, options)).toEqual({ ok: false, reason: "not-found" });
    expect(await deleteSavedSearch(db, other, "not-a-uuid", options)).toEqual({ ok: false, reason: "not-found" });
    expect(await listSavedSearches(db, other)).toEqual([]);
    const [mine] = await listSavedSearches(db, owner);
    // Stored as the canonical query: no page or page size.
    expect(mine).toMatchObject({
      name: "Fitzroy",
      frequency: "daily",
      paused: false,
      query: "title=fitzroy&maxPrice=400",
    });

    expect(
      await updateSavedSearch(db, owner, id, { name: "Fitzroy under 400", frequency: "instant" }, options),
    ).toEqual({
      ok: true,
      value: { id },
    });
    expect(await setSavedSearchPaused(db, owner, id, true, options)).toMatchObject({ ok: true });
    expect(await listSavedSearches(db, owner)).toMatchObject([
      { name: "Fitzroy under 400", frequency: "instant", paused: true },
    ]);
    expect(await deleteSavedSearch(db, owner, id, options)).toMatchObject({ ok: true });
    expect(await listSavedSearches(db, owner)).toEqual([]);
  });

  it("limits how many searches a user saves, and how fast", async () => {
    const { db } = use();
    const viewer = await createTestViewer(db);
    const options = { limiter: limiter() };
    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      expect(
        await createSavedSearch(db, viewer, { name: `S${index}`, frequency: "off", query: "" }, options),
      ).toMatchObject({ ok: true });
    }
    expect(await createSavedSearch(db, viewer, { name: "One too many", frequency: "off", query: "" }, options)).toEqual(
      {
        ok: false,
        reason: "limit-reached",
      },
    );
    const tight = {
      limiter: createRateLimiter(
        { name: `saved-search-tight-${Math.random()}`, limit: 1, windowMs: 60_000 },
        { kind: "memory" },
      ),
    };
    const fresh = await createTestViewer(db);
    expect(await createSavedSearch(db, fresh, { name: "A", frequency: "off", query: "" }, tight)).toMatchObject({
      ok: true,
    });
    expect(await createSavedSearch(db, fresh, { name: "B", frequency: "off", query: "" }, tight)).toEqual({
      ok: false,
      reason: "rate-limited",
    });
    expect(await listSavedSearches(db, fresh)).toHaveLength(1);
  });

  it("alerts on new rooms within the saved distance of a place, and never for a place it cannot find", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const word = tag();
    const clayton = (await places.findWhere("monash-clayton"))!.location;
    const { viewer } = await save(db, clock, `title=${word}&where=monash-clayton&radius_km=2`);
    const { viewer: lost } = await save(db, clock, `title=${word}&where=Atlantis`);
    expect((await describeSavedSearches(await listSavedSearches(db, viewer), places))[0]?.description).toBe(
      `Within 2 km of Monash Clayton · “${word}” in the title`,
    );
    later(clock, MINUTE_MS);
    // About 1.1 km north of the campus; then about 3.3 km; then the CBD; then one without coordinates.
    await listingAt(db, clock, `Near ${word} room`, { latitude: clayton.lat + 0.01, longitude: clayton.lng });
    await listingAt(db, clock, `Farther ${word} room`, { latitude: clayton.lat + 0.03, longitude: clayton.lng });
    await listingAt(db, clock, `City ${word} room`, { latitude: -37.8136, longitude: 144.9631 });
    await listingAt(db, clock, `Unplaced ${word} room`, { latitude: null, longitude: null });

    later(clock, 5 * MINUTE_MS);
    await sendSavedSearchAlerts(deps);
    const [mail, ...more] = await mailTo(db, viewer.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`Near ${word} room`);
    for (const title of ["Farther", "City", "Unplaced"]) expect(mail?.text).not.toContain(`${title} ${word} room`);
    expect(mail?.text).toContain("where=monash-clayton");
    // A Where that finds no place matches nothing, rather than every room.
    expect(await mailTo(db, lost.email)).toHaveLength(0);
  });

  it("alerts once about a new matching listing, never twice, then about a price drop and an earlier date", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const word = tag();
    await listingAt(db, clock, `Old ${word} room`); // there before the search was saved: not news
    later(clock, MINUTE_MS);
    const { viewer } = await save(db, clock, `title=${word}&maxPrice=500`);
    later(clock, MINUTE_MS);
    const listingId = await listingAt(db, clock, `New ${word} room`, { weeklyRent: 400, availableFrom: "2027-03-01" });
    await listingAt(db, clock, `Too dear ${word} room`, { weeklyRent: 900 });

    later(clock, 5 * MINUTE_MS);
    const analytics = new ListingCounter(() => clock.now);
    expect((await sendSavedSearchAlerts({ ...deps, analytics })).sent).toBe(1);
    later(clock, 5 * MINUTE_MS);
    expect((await sendSavedSearchAlerts({ ...deps, analytics })).sent).toBe(0);
    // The listing named in the digest counts one impression for its landlord's analytics.
    await analytics.flush(db);
    const shown = await db.select().from(listingDailyStats).where(eq(listingDailyStats.listingId, listingId));
    expect(shown.map((row) => row.impressions)).toEqual([1]);
    let mail = await mailTo(db, viewer.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`A new room for "Carlton rooms"`);
    expect(mail[0]?.text).toContain(`New ${word} room`);
    expect(mail[0]?.text).toContain(`https://rooms.example/listing/${listingId}`);
    expect(mail[0]?.text).not.toContain("Old ");
    expect(mail[0]?.text).not.toContain("Too dear");
    expect(mail[0]?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail[0]?.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/rooms\.example\/unsubscribe\/[^>]+>$/);

    // The landlord lowers the rent: one e-mail about it, once.
    await db
      .update(listings)
      .set({ weeklyRent: 350, updatedAt: later(clock, MINUTE_MS) })
      .where(eq(listings.listingId, listingId));
    later(clock, 5 * MINUTE_MS);
    expect((await sendSavedSearchAlerts(deps)).sent).toBe(1);
    expect((await sendSavedSearchAlerts({ ...deps, now: () => later(clock, 5 * MINUTE_MS) })).sent).toBe(0);
    mail = await mailTo(db, viewer.email);
    expect(mail).toHaveLength(2);
    expect(mail[1]?.subject).toBe(`Price drops and earlier dates for "Carlton rooms"`);
    expect(mail[1]?.text).toContain("now $350/week");

    // Available sooner: one more.
    await db
      .update(listings)
      .set({ availableFrom: "2027-02-01", updatedAt: later(clock, MINUTE_MS) })
      .where(eq(listings.listingId, listingId));
    later(clock, 5 * MINUTE_MS);
    expect((await sendSavedSearchAlerts(deps)).sent).toBe(1);
    expect((await mailTo(db, viewer.email))[2]?.text).toContain("available 1 February 2027");
    // A rise in rent is no news.
    await db
      .update(listings)
      .set({ weeklyRent: 450, updatedAt: later(clock, MINUTE_MS) })
      .where(eq(listings.listingId, listingId));
    later(clock, 5 * MINUTE_MS);
    expect((await sendSavedSearchAlerts(deps)).sent).toBe(0);
  });

  it("sends daily searches once a day, instant ones every run, and nothing for paused or switched-off searches", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const word = tag();
    const daily = await save(db, clock, `title=${word}`, "daily");
    const instant = await save(db, clock, `title=${word}`, "instant");
    const paused = await save(db, clock, `title=${word}`, "instant");
    await setSavedSearchPaused(db, paused.viewer, paused.id, true, { limiter: limiter() });
    const off = await save(db, clock, `title=${word}`, "instant");
    await updateSavedSearch(db, off.viewer, off.id, { name: "Off", frequency: "off" }, { limiter: limiter() });

    later(clock, MINUTE_MS);
    await listingAt(db, clock, `First ${word}`);
    later(clock, 5 * MINUTE_MS);
    await sendSavedSearchAlerts(deps);
    expect(await mailTo(db, instant.viewer.email)).toHaveLength(1);
    expect(await mailTo(db, daily.viewer.email)).toHaveLength(0);

    later(clock, DAY_MS);
    await sendSavedSearchAlerts(deps);
    expect(await mailTo(db, daily.viewer.email)).toHaveLength(1);
    expect(await mailTo(db, instant.viewer.email)).toHaveLength(1);
    expect(await mailTo(db, paused.viewer.email)).toHaveLength(0);
    expect(await mailTo(db, off.viewer.email)).toHaveLength(0);
  });

  it("catches up after downtime with one capped digest, and two workers at once send it once", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const deps = depsAt(db, clock);
    const word = tag();
    const { viewer } = await save(db, clock, `title=${word}`);
    for (let index = 0; index < ALERT_DIGEST_CAP + 5; index += 1) {
      later(clock, MINUTE_MS);
      await listingAt(db, clock, `Room ${index} ${word}`);
    }
    later(clock, 3 * DAY_MS);
    const runs = await Promise.all([sendSavedSearchAlerts(deps), sendSavedSearchAlerts(deps)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    const mail = await mailTo(db, viewer.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`${ALERT_DIGEST_CAP + 5} new rooms for "Carlton rooms"`);
    expect(mail[0]?.text).toContain(`…and 5 more: https://rooms.example/search?title=${word}`);
    later(clock, 5 * MINUTE_MS);
    expect((await sendSavedSearchAlerts(deps)).sent).toBe(0);
  });

  it("unsubscribes with the link's token; a forged, altered or superseded token is refused and changes nothing", async () => {
    const { db } = use();
    const clock = { now: new Date() };
    const mine = await save(db, clock, "title=anything");
    const theirs = await save(db, clock, "title=anything");
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, mine.id));
    if (!row) throw new Error("no row");
    const token = unsubscribeToken(SECRET, row);

    expect(await readUnsubscribeToken(db, SECRET, token)).toMatchObject({
      ok: true,
      value: { id: mine.id, alertsOn: true },
    });
    // Another search's id with this signature, a signature from another secret, junk: all refused.
    const [, signature] = token.split(".");
    for (const bad of [
      `${theirs.id}.${signature}`,
      unsubscribeToken("another-secret-another-secret-000", row),
      "junk",
      `${token}.x`,
    ]) {
      expect(await unsubscribeWithToken(db, SECRET, bad)).toEqual({ ok: false, reason: "invalid-token" });
    }
    expect(await listSavedSearches(db, theirs.viewer)).toMatchObject([{ frequency: "instant" }]);
    expect(await listSavedSearches(db, mine.viewer)).toMatchObject([{ frequency: "instant" }]);

    expect(await unsubscribeWithToken(db, SECRET, token)).toMatchObject({ ok: true, value: { alertsOn: false } });
    expect(await unsubscribeWithToken(db, SECRET, token)).toMatchObject({ ok: true, value: { alertsOn: false } });
    expect(await listSavedSearches(db, mine.viewer)).toMatchObject([{ frequency: "off" }]);

    // Alerts turned back on: the old link no longer works.
    await updateSavedSearch(db, mine.viewer, mine.id, { name: "Back on", frequency: "daily" }, { limiter: limiter() });
    expect(await unsubscribeWithToken(db, SECRET, token)).toEqual({ ok: false, reason: "invalid-token" });
    expect(await listSavedSearches(db, mine.viewer)).toMatchObject([{ frequency: "daily" }]);
  });
});
