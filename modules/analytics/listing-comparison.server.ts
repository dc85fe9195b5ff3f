import { and, between, eq, ne, sql } from "drizzle-orm";
import { listingDailyStats as stats, listings } from "~/db/schema";
import type { RoomType } from "~/db/listing-facts";
import type { Executor } from "~/lib/db/client.server";
import type { StatsRange } from "~/modules/analytics/listing-stats.server";
import { ROOM_TYPE_LABELS } from "~/modules/listings/listing-facts";
import { NEWEST_FIRST } from "~/modules/listings/listing-queries.server";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";

/** Fewer similar rooms than this and a median or a suggestion would say more than the data does. */
const MIN_SIMILAR = 3;
/** A suggestion is made only when one group does at least this much better than the other. */
const MIN_RATIO = 1.2;
const MANY_PHOTOS = 5;
/** Suggestions weigh the enquiries of at most this many similar rooms, the most recently listed. */
const MAX_PEERS = 500;
/** Let, with the moment recorded: days to let run from when it was listed to then. */
const LET = sql`${listings.status} = 'let' and ${listings.letAt} is not null`;

export interface ListingComparison {
  /** What "similar" meant: the listing's suburb, or its room type where the suburb has too few rooms. */
  similarTo: string;
  similarCount: number;
  medianWeeklyRent: number | null;
  medianAllInWeeklyCost: number | null;
  medianDaysToLet: number | null;
  /** Its place in a search of the suburb, newest first (search's default order); null when not public. */
  searchRank: { position: number; of: number } | null;
  /** Plain suggestions from the similar rooms' own figures; none where the figures are too few. */
  suggestions: string[];
}

interface Peer {
  id: string;
  weeklyRent: number | null;
  photos: number;
  enquiries: number;
}

/** Enquiries per room of the first group over the second, when both have enough rooms and the second any enquiry. */
function enquiryRatio(better: Peer[], worse: Peer[]): number | null {
  if (better.length < MIN_SIMILAR || worse.length < MIN_SIMILAR) return null;
  const rate = (group: Peer[]) => group.reduce((sum, peer) => sum + peer.enquiries, 0) / group.length;
  const base = rate(worse);
  if (base === 0) return null;
  const ratio = rate(better) / base;
  return ratio >= MIN_RATIO ? Math.round(ratio * 10) / 10 : null;
}

const dollars = (value: number) => `$${Math.round(value).toLocaleString("en-AU")}`;

/**
 * How a listing compares with similar public rooms (same suburb, else same room type) over the
 * range, and what their figures suggest. Only what the rows say: no figure is shown or suggestion
 * made from fewer than three rooms.
 */
export async function compareListing(
  db: Executor,
  listingId: string,
  range: StatsRange,
): Promise<ListingComparison | null> {
  const [listing] = await db
    .select({
      id: listings.listingId,
      suburb: listings.suburb,
      roomType: listings.roomType,
      weeklyRent: listings.weeklyRent,
      photos: sql<number>`jsonb_array_length(${listings.photos})`,
      isPublic: sql<boolean>`${publiclyVisibleSql()}`,
    })
    .from(listings)
    .where(eq(listings.listingId, listingId))
    .limit(1);
  if (!listing) return null;

  const inSuburb = listing.suburb ? sql`lower(${listings.suburb}) = ${listing.suburb.toLowerCase()}` : undefined;
  const suburbCount = inSuburb
    ? Number(
        (
          await db
            .select({ count: sql<number>`count(*)::int` })
            .from(listings)
            .where(and(inSuburb, publiclyVisibleSql(), ne(listings.listingId, listing.id)))
        )[0]?.count ?? 0,
      )
    : 0;
  const bySuburb = inSuburb !== undefined && suburbCount >= MIN_SIMILAR;
  const similar = and(
    bySuburb ? inSuburb : eq(listings.roomType, listing.roomType),
    publiclyVisibleSql(),
    ne(listings.listingId, listing.id),
  );
  const similarTo = bySuburb
    ? `rooms in ${listing.suburb}`
    : `${ROOM_TYPE_LABELS[listing.roomType as RoomType].toLowerCase()} listings`;

  const [medians] = await db
    .select({
      count: sql<number>`count(*)::int`,
      rent: sql<number | null>`percentile_cont(0.5) within group (order by ${listings.weeklyRent})`,
      allIn: sql<number | null>`percentile_cont(0.5) within group (order by ${listings.allInWeeklyCost})`,
      lets: sql<number>`count(*) filter (where ${LET})::int`,
      daysToLet: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${listings.letAt} - ${listings.listedAt}) / 86400) filter (where ${LET})`,
    })
    .from(listings)
    .where(similar);
  const count = Number(medians?.count ?? 0);
  const enough = count >= MIN_SIMILAR;

  // Each peer's enquiries by the stats key (a subquery per room, never a join the planner may turn
  // into a scan of every day of every listing), for the most recently listed similar rooms only.
  const enquiries = db
    .select({ sum: sql<number>`coalesce(sum(${stats.enquiries}), 0)::int` })
    .from(stats)
    .where(and(eq(stats.listingId, listings.listingId), between(stats.day, range.from, range.to)));
  const peers: Peer[] = (
    await db
      .select({
        id: listings.listingId,
        weeklyRent: listings.weeklyRent,
        photos: sql<number>`jsonb_array_length(${listings.photos})`,
        enquiries: sql<number>`(${enquiries})`,
      })
      .from(listings)
      .where(similar)
      .orderBy(NEWEST_FIRST, listings.listingId)
      .limit(MAX_PEERS)
  ).map((peer) => ({ ...peer, photos: Number(peer.photos), enquiries: Number(peer.enquiries) }));

  let searchRank: ListingComparison["searchRank"] = null;
  if (listing.isPublic && inSuburb) {
    const [rank] = await db
      .select({
        newer: sql<number>`count(*) filter (where ${listings.createdAt} > (select created_at from listings where listing_id = ${listing.id}))::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(listings)
      .where(and(inSuburb, publiclyVisibleSql()));
    if (rank) searchRank = { position: Number(rank.newer) + 1, of: Number(rank.all) };
  }

  const medianRent = enough && medians?.rent != null ? Number(medians.rent) : null;
  const suggestions: string[] = [];
  const photos = Number(listing.photos);
  if (photos < MANY_PHOTOS) {
    const ratio = enquiryRatio(
      peers.filter((peer) => peer.photos >= MANY_PHOTOS),
      peers.filter((peer) => peer.photos < MANY_PHOTOS),
    );
    if (ratio)
      suggestions.push(
        `Similar ${similarTo} with ${MANY_PHOTOS} or more photos got ${ratio}× the enquiries of those with fewer. This room has ${photos}.`,
      );
  }
  if (medianRent !== null && listing.weeklyRent !== null && listing.weeklyRent > medianRent) {
    const priced = peers.filter((peer) => peer.weeklyRent !== null);
    const ratio = enquiryRatio(
      priced.filter((peer) => peer.weeklyRent! <= medianRent),
      priced.filter((peer) => peer.weeklyRent! > medianRent),
    );
    if (ratio)
      suggestions.push(
        `Similar ${similarTo} at or below the median rent of ${dollars(medianRent)} a week got ${ratio}× the enquiries of dearer ones. This room asks ${dollars(listing.weeklyRent)}.`,
      );
  }

  return {
    similarTo,
    similarCount: count,
    medianWeeklyRent: medianRent,
    medianAllInWeeklyCost: enough && medians?.allIn != null ? Number(medians.allIn) : null,
    medianDaysToLet:
      Number(medians?.lets ?? 0) >= MIN_SIMILAR && medians?.daysToLet != null
        ? Math.round(Number(medians.daysToLet))
        : null,
    searchRank,
    suggestions: suggestions.slice(0, 3),
  };
}
