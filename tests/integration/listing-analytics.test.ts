import type { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { beforeEach, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auditLog, conversations, listingDailyStats, listings } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import { compareListing } from "~/modules/analytics/listing-comparison.server";
import {
  dashboardCsv,
  landlordDashboard,
  listingStats,
  parseStatsRange,
  periodRange,
  statsOwner,
} from "~/modules/analytics/listing-stats.server";
import { melbourneToday } from "~/modules/listings/availability-text";
import { parseListingForm } from "~/modules/listings/listing-form";
import { createListing, setListingStatus } from "~/modules/listings/listing-write.server";
import { moderateListing } from "~/modules/listings/moderation.server";
import type { Api } from "~/server/api/app";
import { apiOn, call } from "~/tests/support/api-client";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { testMaps, testStorage } from "~/tests/support/services";
import { queryPlan } from "~/tests/support/query-plan";
import { describeEachDatabase, type TestDatabase } from "~/tests/support/test-database";

const today = melbourneToday();
const daysAgo = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
/** The same database, with every statement it runs reported to `log`. */
function loggedDatabase(test: TestDatabase, log: (sql: string, params: unknown[]) => void): Database {
  const client = (test.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: log };
  return (test.kind === "pglite"
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Database;
}

const photos = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ url: `/demo/room-${index}.webp`, alt: `Photo ${index + 1}` }));

describeEachDatabase("listing analytics: the dashboard, the comparison and the API", (use) => {
  let db: Database;
  let api: Api;
  let lara: Viewer;
  let carlton: string;
  let fitzroy: string;
  beforeEach(async () => {
    db = use().db;
    api = apiOn(db);
    clearApiKeyCache();
    lara = await createTestViewer(db, { role: "landlord" });
    carlton = await createTestListing(db, { landlordId: lara.id, title: "Carlton room", suburb: "Carlton" });
    fitzroy = await createTestListing(db, { landlordId: lara.id, title: "Fitzroy room", suburb: "Fitzroy" });
    await db.insert(listingDailyStats).values([
      { listingId: carlton, day: today, views: 10, uniqueVisitors: 4, impressions: 50, enquiries: 1 },
      { listingId: carlton, day: daysAgo(3), views: 5, uniqueVisitors: 2, impressions: 20, favouritesAdded: 2 },
      // Outside 7 days, inside 30.
      {
        listingId: carlton,
        day: daysAgo(10),
        views: 7,
        uniqueVisitors: 3,
        firstReplies: 2,
        firstReplySeconds: 4 * 3600,
      },
      { listingId: fitzroy, day: daysAgo(1), views: 1, uniqueVisitors: 1, impressions: 9, lets: 1 },
      // Outside 90 days.
      { listingId: fitzroy, day: daysAgo(120), views: 99, uniqueVisitors: 99 },
    ]);
  });

  it("sums each listing and every day of the period, with zeros between and the mean first reply", async () => {
    const week = await landlordDashboard(db, { id: lara.id, name: "", email: lara.email }, periodRange(7));
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1)).toMatchObject({ day: today, views: 10, uniqueVisitors: 4 });
    expect(week.days[0]).toMatchObject({ day: daysAgo(6), views: 0 });
    expect(week.totals).toMatchObject({
      impressions: 79,
      views: 16,
      uniqueVisitors: 7,
      favouritesAdded: 2,
      enquiries: 1,
      lets: 1,
    });
    expect(week.totals.replyHours).toBeNull();
    const byTitle = Object.fromEntries(week.listings.map((listing) => [listing.title, listing.totals]));
    expect(byTitle["Carlton room"]).toMatchObject({ views: 15, impressions: 70 });
    expect(byTitle["Fitzroy room"]).toMatchObject({ views: 1, lets: 1 });

    const month = await landlordDashboard(db, { id: lara.id, name: "", email: lara.email }, periodRange(30));
    expect(month.days).toHaveLength(30);
    expect(month.totals).toMatchObject({ views: 23, firstReplies: 2, replyHours: 2 });
    const quarter = await landlordDashboard(db, { id: lara.id, name: "", email: lara.email }, periodRange(90));
    expect(quarter.totals.views).toBe(23);

    const csv = await dashboardCsv(db, { id: lara.id, name: "", email: lara.email }, periodRange(30));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^listing_id,listing_title,day,impressions,views,unique_visitors/);
    expect(lines).toHaveLength(5);
    expect(lines).toContain(`"${carlton}","Carlton room","${today}","50","10","4","0","0","1","0","0","","0"`);

    // A title that a spreadsheet would run as a formula is written as text.
    const formula = await createTestListing(db, { landlordId: lara.id, title: '=HYPERLINK("https://evil.example")' });
    await db.insert(listingDailyStats).values({ listingId: formula, day: today, views: 1 });
    const withFormula = await dashboardCsv(db, { id: lara.id, name: "", email: lara.email }, periodRange(7));
    expect(withFormula).toContain(`"${formula}","'=HYPERLINK(""https://evil.example"")"`);
  });

  it("reads the dashboard's days by the stats key for the owner's listings, never a scan of every listing", async () => {
    // Another landlord's room with rows on the same days: never in Lara's figures.
    const other = await createTestViewer(db, { role: "landlord" });
    const theirs = await createTestListing(db, { landlordId: other.id, title: "Richmond room" });
    await db.insert(listingDailyStats).values([
      { listingId: theirs, day: today, views: 1000, impressions: 1000 },
      { listingId: theirs, day: daysAgo(1), views: 1000, lets: 5 },
    ]);
    const statements: { sql: string; params: unknown[] }[] = [];
    const logged = loggedDatabase(use(), (sql, params) => statements.push({ sql, params }));
    const owner = { id: lara.id, name: "", email: lara.email };
    const week = await landlordDashboard(logged, owner, periodRange(7));
    expect(week.totals).toMatchObject({ impressions: 79, views: 16, lets: 1 });
    expect(week.listings.map((listing) => listing.title).sort()).toEqual(["Carlton room", "Fitzroy room"]);
    const csv = await dashboardCsv(logged, owner, periodRange(7));
    expect(csv).not.toContain(theirs);

    const ofStats = statements.filter((statement) => statement.sql.includes('from "listing_daily_stats"'));
    expect(ofStats).toHaveLength(3);
    for (const statement of ofStats) {
      expect(statement.sql).not.toContain('"listings"');
      // With a sequential scan ruled out, the key serves both conditions (a small table is scanned otherwise).
      const plan = await queryPlan(db, statement, ["enable_seqscan = off"]);
      expect(plan).toMatch(/Index Cond: \(\(listing_id = ANY \([\s\S]*\(day >= /);
      expect(plan).toContain("listing_daily_stats_listing_id_day_pk");
      expect(plan).not.toContain("Seq Scan");
    }
  });

  it("shows a landlord only their own figures; staff may name any landlord; others are refused", async () => {
    const other = await createTestViewer(db, { role: "landlord" });
    const lapsed = await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" });
    const tenant = await createTestViewer(db);
    const staff = await createTestViewer(db, { role: "staff" });
    const range = periodRange(30);

    expect(await statsOwner(db, lara, null)).toMatchObject({ ok: true, owner: { id: lara.id } });
    expect(await statsOwner(db, other, lara.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await statsOwner(db, other, lara.email)).toEqual({ ok: false, reason: "not-found" });
    expect(await statsOwner(db, lapsed, null)).toEqual({ ok: false, reason: "subscription-required" });
    expect(await statsOwner(db, tenant, null)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await statsOwner(db, staff, null)).toEqual({ ok: true, owner: null });
    expect(await statsOwner(db, staff, lara.email.toUpperCase())).toMatchObject({ ok: true, owner: { id: lara.id } });
    expect(await statsOwner(db, staff, "nobody@example.com")).toEqual({ ok: false, reason: "not-found" });

    expect(await listingStats(db, other, { listingId: carlton, range })).toEqual({ ok: false, reason: "not-found" });
    expect(await listingStats(db, other, { listingId: "not-a-uuid", range })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await listingStats(db, lapsed, { listingId: carlton, range })).toEqual({
      ok: false,
      reason: "subscription-required",
    });
    const seen = await listingStats(db, staff, { listingId: carlton, range });
    expect(seen.ok && seen.value.totals.views).toBe(22);
  });

  it("compares a listing with similar rooms and suggests only what their figures show", async () => {
    const range = periodRange(30);
    // Too few rooms in Fitzroy: compared by room type, no medians, no suggestion.
    const alone = await compareListing(db, fitzroy, range);
    expect(alone).toMatchObject({ medianWeeklyRent: null, medianDaysToLet: null, suggestions: [] });

    // Carlton: three rooms with many photos and three with few; the many-photo rooms get 3× the enquiries.
    const owner = await createTestViewer(db, { role: "landlord" });
    for (const [rent, count, enquiries] of [
      [300, 6, 3],
      [320, 6, 3],
      [340, 5, 3],
      [360, 1, 1],
      [380, 2, 1],
      [400, 0, 1],
    ] as const) {
      const id = await createTestListing(db, {
        landlordId: owner.id,
        suburb: "carlton",
        weeklyRent: rent,
        photos: photos(count),
      });
      await db.insert(listingDailyStats).values({ listingId: id, day: daysAgo(2), enquiries });
    }
    const compared = await compareListing(db, carlton, range);
    expect(compared).toMatchObject({
      similarTo: "rooms in Carlton",
      similarCount: 6,
      medianWeeklyRent: 350,
      // The six were listed after it: newest first, it comes last.
      searchRank: { position: 7, of: 7 },
    });
    expect(compared?.suggestions).toEqual([
      "Similar rooms in Carlton with 5 or more photos got 3× the enquiries of those with fewer. This room has 0.",
    ]);
  });

  it("counts the days from listed to let from the moments they happened, not from the last edit", async () => {
    const owner = await createTestViewer(db, { role: "landlord" });
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    // Listed 30, 20 and 16 days ago and let 10 days after the first two, 6 after the third; each
    // edited since (which moves updated_at, not the moment it was let).
    for (const [listed, let_] of [
      [30, 20],
      [20, 10],
      [16, 10],
    ] as const) {
      const id = await createTestListing(db, {
        landlordId: owner.id,
        suburb: "Carlton",
        status: "let",
        createdAt: at(listed),
        listedAt: at(listed),
        letAt: at(let_),
      });
      await db.update(listings).set({ description: "Let, thank you" }).where(eq(listings.listingId, id));
    }
    const compared = await compareListing(db, carlton, periodRange(30));
    expect(compared).toMatchObject({ similarTo: "rooms in Carlton", medianDaysToLet: 10 });

    // Let again after being relisted: the days run from the relisting, however old the listing is.
    const room = await createTestListing(db, {
      landlordId: owner.id,
      suburb: "Carlton",
      status: "let",
      createdAt: at(200),
      listedAt: at(200),
      letAt: at(190),
    });
    const times = async () =>
      (
        await db
          .select({ status: listings.status, listedAt: listings.listedAt, letAt: listings.letAt })
          .from(listings)
          .where(eq(listings.listingId, room))
      )[0]!;
    expect(await setListingStatus(db, owner, room, "available")).toMatchObject({ ok: true });
    const relisted = await times();
    expect(relisted.letAt).toBeNull();
    expect(relisted.listedAt.getTime()).toBeGreaterThan(at(1).getTime());
    expect(await setListingStatus(db, owner, room, "let")).toMatchObject({ ok: true });
    const letAgain = await times();
    expect(letAgain.listedAt).toEqual(relisted.listedAt);
    expect(letAgain.letAt!.getTime()).toBeGreaterThanOrEqual(relisted.listedAt.getTime());
    // Marked let again (a second click, or the freshness e-mail) and moderated: the moment stays.
    expect(await setListingStatus(db, owner, room, "let")).toMatchObject({ ok: true });
    const staff = await createTestViewer(db, { role: "staff" });
    const meta = { clientAddress: "203.0.113.9" };
    await moderateListing(db, staff, room, { status: "hidden", reason: "Checking a report" }, meta);
    await moderateListing(db, staff, room, { status: "let", reason: null }, meta);
    expect(await times()).toEqual({ ...letAgain, status: "let" });
    // Four let rooms now: listed-to-let 10, 10, 6 and about 0 days.
    expect((await compareListing(db, carlton, periodRange(30)))?.medianDaysToLet).toBe(8);

    // A room created let was let when it was listed.
    const form = parseListingForm(
      new Map(Object.entries({ title: "Let from the start", suburb: "Carlton", photos: "[]" })),
    );
    if (!form.success) throw new Error(JSON.stringify(form.errors));
    const made = await createListing(db, owner, form.data, { status: "let", storage: testStorage(), maps: testMaps() });
    if (!made.ok) throw new Error(made.reason);
    const [created] = await db
      .select({ listedAt: listings.listedAt, letAt: listings.letAt })
      .from(listings)
      .where(eq(listings.listingId, made.value.id));
    expect(created?.letAt).toEqual(created?.listedAt);
  });

  it("backfills when listings were listed and let from what the rows record", async () => {
    const backfill = readFileSync(new URL("../../db/migrations/0027_listing-let-at.sql", import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.includes("UPDATE"));
    expect(backfill).toHaveLength(2);
    const at = (iso: string) => new Date(iso);
    const created = at("2026-01-05T00:00:00Z");
    const edited = at("2026-06-01T00:00:00Z");
    const room = (status: "let" | "available") =>
      createTestListing(db, { landlordId: lara.id, status, createdAt: created, updatedAt: edited });
    const [byStaff, byEnquiry, byStats, unknown, available] = [
      await room("let"),
      await room("let"),
      await room("let"),
      await room("let"),
      await room("available"),
    ];
    await db.insert(auditLog).values({
      actorId: "staff",
      actorEmail: "staff@example.com",
      action: "listing.status",
      targetType: "listing",
      targetId: byStaff,
      after: { status: "let" },
      clientAddress: "203.0.113.9",
      createdAt: at("2026-02-01T10:00:00Z"),
    });
    await db.insert(conversations).values({
      listingId: byEnquiry,
      listingTitle: "Room",
      moveInDate: "2026-03-01",
      leaseMonths: 6,
      status: "let",
      lastMessageAt: at("2026-02-20T04:00:00Z"),
    });
    await db.insert(listingDailyStats).values({ listingId: byStats, day: "2026-03-10", lets: 1 });
    for (const statement of backfill) await db.execute(sql.raw(statement));

    const rows = await db
      .select({ id: listings.listingId, listedAt: listings.listedAt, letAt: listings.letAt })
      .from(listings)
      .where(inArray(listings.listingId, [byStaff, byEnquiry, byStats, unknown, available]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) expect(row.listedAt).toEqual(created);
    expect(byId.get(byStaff)?.letAt).toEqual(at("2026-02-01T10:00:00Z"));
    expect(byId.get(byEnquiry)?.letAt).toEqual(at("2026-02-20T04:00:00Z"));
    // The start of that day in Melbourne (summer time, UTC+11).
    expect(byId.get(byStats)?.letAt).toEqual(at("2026-03-09T13:00:00Z"));
    expect(byId.get(unknown)?.letAt).toEqual(edited);
    expect(byId.get(available)?.letAt).toBeNull();
  });

  it("answers GET /api/listings/{id}/stats to the listing's landlord and staff, and 404 to another landlord", async () => {
    const own = await createTestApiKey(db, lara);
    const otherLandlord = await createTestViewer(db, { role: "landlord" });
    const other = await createTestApiKey(db, otherLandlord);
    const staff = await createTestApiKey(db, await createTestViewer(db, { role: "staff" }));

    const mine = await call(api, "GET", `/api/listings/${carlton}/stats?from=${daysAgo(6)}&to=${today}`, {
      key: own.key,
    });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      listing_id: carlton,
      from: daysAgo(6),
      to: today,
      totals: { views: 15, unique_visitors: 6 },
    });
    expect((mine.json as { days: unknown[] }).days).toHaveLength(7);
    const byStaff = await call(api, "GET", `/api/listings/${carlton}/stats`, { key: staff.key });
    expect(byStaff.status).toBe(200);
    expect(byStaff.json).toMatchObject({ totals: { views: 22 } });

    const theirs = await call(api, "GET", `/api/listings/${carlton}/stats`, { key: other.key });
    const missing = await call(api, "GET", `/api/listings/00000000-0000-4000-8000-000000000000/stats`, {
      key: other.key,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
    expect(JSON.stringify(theirs.json)).not.toContain("Carlton");
    expect((await call(api, "GET", `/api/listings/${carlton}/stats`)).status).toBe(401);

    for (const query of [
      "from=2026-13-01",
      "from=2026-02-31&to=2026-03-01",
      `from=${today}&to=${daysAgo(1)}`,
      "from=2020-01-01&to=2026-01-01",
      `to=${"9".repeat(11)}`,
    ]) {
      const refused = await call(api, "GET", `/api/listings/${carlton}/stats?${query}`, { key: own.key });
      expect(refused.status, query).toBe(400);
    }
  });
});

it("reads the API's range: defaults to the last 30 days and refuses more than a year", () => {
  const now = new Date("2026-11-20T01:00:00Z");
  expect(parseStatsRange({}, now)).toEqual({ from: "2026-10-22", to: "2026-11-20" });
  expect(parseStatsRange({ to: "2026-01-31" }, now)).toEqual({ from: "2026-01-02", to: "2026-01-31" });
  expect(parseStatsRange({ from: "2025-11-20", to: "2026-11-20" }, now)).not.toBeNull();
  expect(parseStatsRange({ from: "2025-11-19", to: "2026-11-20" }, now)).toBeNull();
});
