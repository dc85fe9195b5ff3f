import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { normalizePhotos } from "~/modules/media/photos";
import { splitDescription } from "~/modules/listings/listing-text";
import type { ListingDetail, ListingSummary } from "~/modules/listings/listing-types";
import type { SearchState, SortOption } from "~/modules/listings/search-params";
import { listingFreshAt } from "~/modules/listings/freshness";
import { isModerated } from "~/modules/listings/visibility";
import { ownerPublishesSql, publiclyVisibleSql } from "~/modules/listings/visibility.server";

type ListingRow = typeof listings.$inferSelect;

/** A stored listing as a card shows it (also used for the favourites list). */
export function toSummary(row: ListingRow): ListingSummary {
  const { features, details } = splitDescription(row.description);
  return {
    id: row.listingId,
    title: row.listingTitle,
    features,
    details,
    weeklyRent: row.weeklyRent,
    availableFrom: row.availableFrom,
    suburb: row.suburb,
    photo: normalizePhotos(row.photos)[0] ?? null,
    landlordId: row.landlordId,
    createdAt: row.createdAt.toISOString(),
    freshAt: listingFreshAt(row).toISOString(),
  };
}

function toDetail(row: ListingRow): ListingDetail {
  return {
    ...toSummary(row),
    address: row.address,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    photos: normalizePhotos(row.photos),
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `%term%` for ILIKE, with the term's own wildcards escaped so they match literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// The created_at indexes are declared DESC NULLS LAST; Postgres orders DESC with NULLS FIRST unless
// told otherwise, and only a matching order can walk the index (created_at is NOT NULL anyway).
const NEWEST_FIRST = sql`${listings.createdAt} desc nulls last`;

const ORDER: Record<SortOption, SQL[]> = {
  newest: [NEWEST_FIRST, asc(listings.listingId)],
  "title-asc": [asc(listings.listingTitle), asc(listings.listingId)],
  "title-desc": [desc(listings.listingTitle), asc(listings.listingId)],
  "price-asc": [asc(listings.weeklyRent), asc(listings.listingId)],
  "price-desc": [desc(listings.weeklyRent), asc(listings.listingId)],
};

/**
 * Public search: only publicly visible listings (visibility.ts); title and keyword match
 * case-insensitively anywhere; availableFrom, minPrice and maxPrice bound the results. Returns one
 * page in the chosen order (ties broken by id, so pages never overlap) and the exact total.
 * `also` narrows the search further (saved-search alerts: listings changed since the last run).
 */
export async function searchListings(
  db: Executor,
  state: SearchState,
  also?: SQL,
): Promise<{ listings: ListingSummary[]; total: number }> {
  const conditions = [publiclyVisibleSql()];
  if (also) conditions.push(also);
  if (state.title) conditions.push(ilike(listings.listingTitle, containing(state.title)));
  if (state.keyword) conditions.push(ilike(listings.description, containing(state.keyword)));
  if (state.availableFrom) conditions.push(gte(listings.availableFrom, state.availableFrom));
  if (state.minPrice !== undefined) conditions.push(gte(listings.weeklyRent, state.minPrice));
  if (state.maxPrice !== undefined) conditions.push(lte(listings.weeklyRent, state.maxPrice));
  const where = and(...conditions);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(...ORDER[state.sort])
      .limit(state.pageSize)
      .offset((state.page - 1) * state.pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { listings: rows.map(toSummary), total: totalRow?.total ?? 0 };
}

/** The home page's featured listings: the newest with an availability date. */
export async function featuredListings(db: Executor, limit = 6): Promise<ListingSummary[]> {
  const rows = await db
    .select()
    .from(listings)
    .where(publiclyVisibleSql())
    .orderBy(NEWEST_FIRST, asc(listings.listingId))
    .limit(limit);
  return rows.map(toSummary);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One listing by id, or null when there is none (a malformed id is simply not found). A moderated
 * listing (hidden or under review) is found only for `canSeeHidden(row)`: its landlord and the
 * moderators; a listing whose owner's plan is suspended or has ended is found for nobody.
 */
export async function findListing(
  db: Executor,
  id: string,
  canSeeHidden: (listing: { landlordId: string | null }) => boolean = () => false,
): Promise<ListingDetail | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.listingId, id), ownerPublishesSql()))
    .limit(1);
  if (!row || (isModerated(row) && !canSeeHidden(row))) return null;
  return toDetail(row);
}
