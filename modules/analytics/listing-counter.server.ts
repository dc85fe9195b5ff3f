import { createHmac, randomBytes } from "node:crypto";
import { inArray, lt, sql } from "drizzle-orm";
import { analyticsSalts, listingDailyStats, listingDailyVisitors, listings } from "~/db/schema";
import type { Database, Executor } from "~/lib/db/client.server";
import { melbourneToday } from "~/modules/listings/availability-text";

/** The counts kept per listing and day, as the aggregate row names them. */
export const COUNTED_EVENTS = [
  "views",
  "impressions",
  "favouritesAdded",
  "favouritesRemoved",
  "enquiries",
  "replies",
  "lets",
] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

type Counts = Record<CountedEvent | "firstReplies" | "firstReplySeconds", number>;

interface Pending {
  listingId: string;
  day: string;
  counts: Counts;
  /** Client addresses seen in this window, held in memory only until the flush hashes them. */
  addresses: Set<string>;
}

/** More distinct addresses than this for one listing in one window are not kept (a flood). */
const MAX_ADDRESSES_PER_WINDOW = 5_000;
/** Rows per statement, well below PostgreSQL's 65,535 parameters. */
const CHUNK = 2_000;

const zeroCounts = (): Counts => ({
  views: 0,
  impressions: 0,
  favouritesAdded: 0,
  favouritesRemoved: 0,
  enquiries: 0,
  replies: 0,
  lets: 0,
  firstReplies: 0,
  firstReplySeconds: 0,
});

/**
 * Listing analytics counted in memory and written to the daily aggregate rows by `flush` (ADR 100):
 * recording is a map update, never a query, so counting cannot slow or fail a page. The flush adds
 * (upserts `count = count + n`), so every instance's counter adds up; a crash loses at most the
 * window since the last flush.
 */
export class ListingCounter {
  private pending = new Map<string, Pending>();
  private sweptDay: string | undefined;
  /** Today in Melbourne, worked out at most once a second (formatting a date costs more than counting). */
  private today = { at: Number.NEGATIVE_INFINITY, day: "" };

  constructor(private readonly now: () => Date = () => new Date()) {}

  count(listingId: string, event: CountedEvent, amount = 1): void {
    this.entry(listingId).counts[event] += amount;
  }

  /** A page view from a client address: a view, and a unique visitor if the address is new today. */
  view(listingId: string, clientAddress: string): void {
    const entry = this.entry(listingId);
    entry.counts.views += 1;
    if (entry.addresses.size < MAX_ADDRESSES_PER_WINDOW) entry.addresses.add(clientAddress);
  }

  /** An enquiry's first answer from the landlord, after `seconds`. */
  firstReply(listingId: string, seconds: number): void {
    const entry = this.entry(listingId);
    entry.counts.firstReplies += 1;
    entry.counts.firstReplySeconds += Math.max(0, Math.round(seconds));
  }

  /** Whether anything is waiting for the next flush. */
  get isEmpty(): boolean {
    return this.pending.size === 0;
  }

  /**
   * Writes what was counted since the last flush, in one transaction. On failure the counts go back
   * into memory for the next flush, and the error is thrown for the task's log.
   */
  async flush(db: Database): Promise<void> {
    const today = melbourneToday(this.now());
    await this.sweepBefore(db, today);
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await db.transaction((tx) => writeBatch(tx, batch));
    } catch (error) {
      for (const item of batch) this.mergeBack(item);
      throw error;
    }
  }

  private currentDay(): string {
    const now = this.now();
    const at = now.getTime();
    if (at < this.today.at || at - this.today.at >= 1_000) this.today = { at, day: melbourneToday(now) };
    return this.today.day;
  }

  private entry(listingId: string): Pending {
    const day = this.currentDay();
    const key = `${listingId}|${day}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { listingId, day, counts: zeroCounts(), addresses: new Set() };
      this.pending.set(key, entry);
    }
    return entry;
  }

  private mergeBack(item: Pending): void {
    const key = `${item.listingId}|${item.day}`;
    const current = this.pending.get(key);
    if (!current) {
      this.pending.set(key, item);
      return;
    }
    for (const name of Object.keys(item.counts) as (keyof Counts)[]) current.counts[name] += item.counts[name];
    for (const address of item.addresses) {
      if (current.addresses.size < MAX_ADDRESSES_PER_WINDOW) current.addresses.add(address);
    }
  }

  /** Once a day: visitor keys and salts before yesterday go, so no key outlives its use. */
  private async sweepBefore(db: Database, today: string): Promise<void> {
    if (this.sweptDay === today) return;
    const yesterday = new Date(`${today}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const cutoff = yesterday.toISOString().slice(0, 10);
    await db.delete(listingDailyVisitors).where(lt(listingDailyVisitors.day, cutoff));
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, cutoff));
    this.sweptDay = today;
  }
}

/** The day's salt, made by whichever instance needs it first. */
async function saltsFor(tx: Executor, days: string[]): Promise<Map<string, string>> {
  await tx
    .insert(analyticsSalts)
    .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
    .onConflictDoNothing();
  const rows = await tx.select().from(analyticsSalts).where(inArray(analyticsSalts.day, days));
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/** A visitor's key for the day: the address under the day's salt, so it cannot be linked across days. */
export function visitorKey(salt: string, clientAddress: string): string {
  return createHmac("sha256", salt).update(clientAddress).digest("base64url").slice(0, 22);
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

async function writeBatch(tx: Executor, batch: Pending[]): Promise<void> {
  // Listings deleted since they were counted are skipped (their rows would be deleted with them).
  const ids = [...new Set(batch.map((item) => item.listingId))];
  const existing = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await tx.select({ id: listings.listingId }).from(listings).where(inArray(listings.listingId, part));
    for (const row of rows) existing.add(row.id);
  }
  // Always in key order, so two instances flushing the same rows lock them in the same order.
  const live = batch
    .filter((item) => existing.has(item.listingId))
    .sort((a, b) => a.listingId.localeCompare(b.listingId) || a.day.localeCompare(b.day));
  if (live.length === 0) return;

  const newVisitors = new Map<string, number>();
  const withVisitors = live.filter((item) => item.addresses.size > 0);
  if (withVisitors.length > 0) {
    const salts = await saltsFor(tx, [...new Set(withVisitors.map((item) => item.day))]);
    const keys = withVisitors.flatMap((item) =>
      [...item.addresses].map((address) => ({
        listingId: item.listingId,
        day: item.day,
        visitor: visitorKey(salts.get(item.day) ?? "", address),
      })),
    );
    keys.sort((a, b) => a.listingId.localeCompare(b.listingId) || a.visitor.localeCompare(b.visitor));
    for (const part of chunks(keys)) {
      const inserted = await tx
        .insert(listingDailyVisitors)
        .values(part)
        .onConflictDoNothing()
        .returning({ listingId: listingDailyVisitors.listingId, day: listingDailyVisitors.day });
      for (const row of inserted) {
        const key = `${row.listingId}|${row.day}`;
        newVisitors.set(key, (newVisitors.get(key) ?? 0) + 1);
      }
    }
  }

  const rows = live.map((item) => ({
    listingId: item.listingId,
    day: item.day,
    ...item.counts,
    uniqueVisitors: newVisitors.get(`${item.listingId}|${item.day}`) ?? 0,
  }));
  const add = (column: string) => sql.raw(`"listing_daily_stats"."${column}" + excluded."${column}"`);
  for (const part of chunks(rows)) {
    await tx
      .insert(listingDailyStats)
      .values(part)
      .onConflictDoUpdate({
        target: [listingDailyStats.listingId, listingDailyStats.day],
        set: {
          views: add("views"),
          uniqueVisitors: add("unique_visitors"),
          impressions: add("impressions"),
          favouritesAdded: add("favourites_added"),
          favouritesRemoved: add("favourites_removed"),
          enquiries: add("enquiries"),
          replies: add("replies"),
          firstReplies: add("first_replies"),
          firstReplySeconds: add("first_reply_seconds"),
          lets: add("lets"),
        },
      });
  }
}
