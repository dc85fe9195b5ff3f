import { and, between, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { listingDailyStats as stats, listings, profiles, users } from "~/db/schema";
import type { RoomType } from "~/db/listing-facts";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { statsAccess } from "~/modules/analytics/permissions";
import { melbourneToday } from "~/modules/listings/availability-text";
import type { StatsPeriod } from "~/modules/analytics/stats-period";

/** The longest range one request may ask for (the API's `from`–`to`). */
export const MAX_STATS_DAYS = 366;

export interface StatsCounts {
  impressions: number;
  views: number;
  uniqueVisitors: number;
  favouritesAdded: number;
  favouritesRemoved: number;
  enquiries: number;
  replies: number;
  lets: number;
  /** Enquiries answered for the first time, and the mean hours they waited (null with none). */
  firstReplies: number;
  replyHours: number | null;
}

export interface DayStats extends StatsCounts {
  day: string;
}

export interface ListingStatsSummary {
  id: string;
  title: string;
  suburb: string | null;
  roomType: RoomType;
  status: string;
  totals: StatsCounts;
}

export interface StatsRange {
  from: string;
  to: string;
}

export type StatsRefusal = "not-found" | "not-allowed" | "subscription-required" | "invalid-range";

const SUMS = {
  impressions: sql<number>`coalesce(sum(${stats.impressions}), 0)::int`,
  views: sql<number>`coalesce(sum(${stats.views}), 0)::int`,
  uniqueVisitors: sql<number>`coalesce(sum(${stats.uniqueVisitors}), 0)::int`,
  favouritesAdded: sql<number>`coalesce(sum(${stats.favouritesAdded}), 0)::int`,
  favouritesRemoved: sql<number>`coalesce(sum(${stats.favouritesRemoved}), 0)::int`,
  enquiries: sql<number>`coalesce(sum(${stats.enquiries}), 0)::int`,
  replies: sql<number>`coalesce(sum(${stats.replies}), 0)::int`,
  lets: sql<number>`coalesce(sum(${stats.lets}), 0)::int`,
  firstReplies: sql<number>`coalesce(sum(${stats.firstReplies}), 0)::int`,
  firstReplySeconds: sql<number>`coalesce(sum(${stats.firstReplySeconds}), 0)::float8`,
};

type SumRow = { [K in keyof typeof SUMS]: number };

function counts(row: SumRow | undefined): StatsCounts {
  const sums = Object.fromEntries(
    (Object.keys(SUMS) as (keyof SumRow)[]).map((key) => [key, Number(row?.[key] ?? 0)]),
  ) as SumRow;
  const { firstReplySeconds, ...rest } = sums;
  return {
    ...rest,
    replyHours: rest.firstReplies > 0 ? Math.round(firstReplySeconds / rest.firstReplies / 360) / 10 : null,
  };
}

const EMPTY_SUMS = Object.fromEntries(Object.keys(SUMS).map((key) => [key, 0])) as SumRow;

function addCounts(into: SumRow, row: SumRow): void {
  for (const key of Object.keys(into) as (keyof SumRow)[]) into[key] += Number(row[key]);
}

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last `period` days, today (in Melbourne) included. */
export function periodRange(period: StatsPeriod, now = new Date()): StatsRange {
  const to = melbourneToday(now);
  return { from: shiftDay(to, 1 - period), to };
}

/** Every day of the range, oldest first, with the rows' counts and zeros between. */
function everyDay(range: StatsRange, rows: (SumRow & { day: string })[]): DayStats[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DayStats[] = [];
  for (let day = range.from; day <= range.to; day = shiftDay(day, 1)) {
    days.push({ day, ...counts(byDay.get(day)) });
  }
  return days;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A range from the API's `from` and `to` (dates; default the last 30 days), at most a year long. */
export function parseStatsRange(
  input: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): StatsRange | null {
  const fallback = periodRange(30, now);
  const to = input.to ?? fallback.to;
  const from = input.from ?? (input.to ? shiftDay(to, -29) : fallback.from);
  if (!DATE.test(from) || !DATE.test(to)) return null;
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) return null;
  if (shiftDay(from, 0) !== from || shiftDay(to, 0) !== to) return null; // 2026-02-31 and the like
  if (from > to || shiftDay(from, MAX_STATS_DAYS - 1) < to) return null;
  return { from, to };
}

export interface StatsOwner {
  id: string;
  name: string;
  email: string;
}

/**
 * Whose figures the viewer is shown: their own, or for staff and admins the landlord they asked
 * for (an id or an e-mail address). A landlord asking for someone else's is refused as not found.
 */
export async function statsOwner(
  db: Executor,
  viewer: Viewer,
  requested: string | null,
): Promise<{ ok: true; owner: StatsOwner | null } | { ok: false; reason: StatsRefusal }> {
  const access = statsAccess(viewer);
  if (access === "not-allowed" || access === "subscription-required") return { ok: false, reason: access };
  const self = {
    id: viewer.id,
    name: [viewer.firstName, viewer.lastName].filter(Boolean).join(" "),
    email: viewer.email,
  };
  const wanted = requested?.trim();
  if (!wanted || wanted === viewer.id || wanted.toLowerCase() === viewer.email.toLowerCase())
    return { ok: true, owner: access === "own" ? self : null };
  if (access !== "any") return { ok: false, reason: "not-found" };
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(or(eq(users.id, wanted), eq(sql`lower(${users.email})`, wanted.toLowerCase())))
    .limit(1);
  return row ? { ok: true, owner: row } : { ok: false, reason: "not-found" };
}

export interface LandlordDashboard {
  range: StatsRange;
  totals: StatsCounts;
  days: DayStats[];
  listings: ListingStatsSummary[];
}

/**
 * The days of the given listings in the range: by the primary key `(listing_id, day)` alone. The
 * owner's listings are read first (by the landlord's index) rather than joined, so no estimate of
 * theirs can turn this into a scan of every listing.
 */
function ofListings(ids: string[], range: StatsRange): SQL | undefined {
  return and(inArray(stats.listingId, ids), between(stats.day, range.from, range.to));
}

/** Every listing of the owner with its figures for the range, the totals and the daily series. */
export async function landlordDashboard(
  db: Executor,
  owner: StatsOwner,
  range: StatsRange,
): Promise<LandlordDashboard> {
  const owned = await db
    .select({
      id: listings.listingId,
      title: listings.listingTitle,
      suburb: listings.suburb,
      roomType: listings.roomType,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.landlordId, owner.id))
    .orderBy(desc(listings.createdAt), listings.listingId);
  const ids = owned.map((listing) => listing.id);
  const [perListing, perDay] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ listingId: stats.listingId, ...SUMS })
            .from(stats)
            .where(ofListings(ids, range))
            .groupBy(stats.listingId),
          db
            .select({ day: stats.day, ...SUMS })
            .from(stats)
            .where(ofListings(ids, range))
            .groupBy(stats.day),
        ]);
  const byListing = new Map(perListing.map((row) => [row.listingId, row]));
  const total = { ...EMPTY_SUMS };
  for (const row of perDay) addCounts(total, row);
  return {
    range,
    totals: counts(total),
    days: everyDay(range, perDay),
    listings: owned.map((listing) => ({ ...listing, totals: counts(byListing.get(listing.id)) })),
  };
}

export interface ListingStats {
  listing: { id: string; title: string };
  range: StatsRange;
  totals: StatsCounts;
  days: DayStats[];
}

/**
 * One listing's figures for a range: for its landlord (with an active plan) and for staff and
 * admins. Another landlord's listing, or one that does not exist, is "not-found" alike.
 */
export async function listingStats(
  db: Executor,
  viewer: Viewer,
  input: { listingId: string; range: StatsRange },
): Promise<{ ok: true; value: ListingStats } | { ok: false; reason: StatsRefusal }> {
  const access = statsAccess(viewer);
  if (access === "not-allowed" || access === "subscription-required") return { ok: false, reason: access };
  if (!UUID.test(input.listingId)) return { ok: false, reason: "not-found" };
  const owned: SQL | undefined = access === "own" ? eq(listings.landlordId, viewer.id) : undefined;
  const [listing] = await db
    .select({ id: listings.listingId, title: listings.listingTitle })
    .from(listings)
    .where(and(eq(listings.listingId, input.listingId), owned))
    .limit(1);
  if (!listing) return { ok: false, reason: "not-found" };
  const { range } = input;
  const rows = await db
    .select({ day: stats.day, ...SUMS })
    .from(stats)
    .where(and(eq(stats.listingId, listing.id), between(stats.day, range.from, range.to)))
    .groupBy(stats.day);
  const total = { ...EMPTY_SUMS };
  for (const row of rows) addCounts(total, row);
  return { ok: true, value: { listing, range, totals: counts(total), days: everyDay(range, rows) } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A CSV cell: quoted, and a leading formula character neutralised so a spreadsheet never runs it. */
function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS = [
  "listing_id",
  "listing_title",
  "day",
  "impressions",
  "views",
  "unique_visitors",
  "favourites_added",
  "favourites_removed",
  "enquiries",
  "replies",
  "first_replies",
  "mean_first_reply_hours",
  "lets",
];

/** The owner's figures for the range as CSV: one line per listing and day with any count. */
export async function dashboardCsv(db: Executor, owner: StatsOwner, range: StatsRange): Promise<string> {
  const owned = await db
    .select({ id: listings.listingId, title: listings.listingTitle })
    .from(listings)
    .where(eq(listings.landlordId, owner.id))
    .orderBy(listings.listingTitle, listings.listingId);
  const titles = new Map(owned.map((listing) => [listing.id, listing.title]));
  const order = new Map(owned.map((listing, index) => [listing.id, index]));
  const rows =
    owned.length === 0
      ? []
      : await db
          .select({ listingId: stats.listingId, day: stats.day, ...SUMS })
          .from(stats)
          .where(ofListings([...titles.keys()], range))
          .groupBy(stats.listingId, stats.day);
  // In the listings' order (by title), each listing's days oldest first.
  rows.sort((a, b) => order.get(a.listingId)! - order.get(b.listingId)! || a.day.localeCompare(b.day));
  const lines = rows.map((row) => {
    const c = counts(row);
    return [
      row.listingId,
      titles.get(row.listingId)!,
      row.day,
      c.impressions,
      c.views,
      c.uniqueVisitors,
      c.favouritesAdded,
      c.favouritesRemoved,
      c.enquiries,
      c.replies,
      c.firstReplies,
      c.replyHours,
      c.lets,
    ]
      .map(csvCell)
      .join(",");
  });
  return `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}
