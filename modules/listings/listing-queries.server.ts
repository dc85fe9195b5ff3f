import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { boundedReadOnly } from "~/lib/db/bounded-read.server";
import { normalizePhotos } from "~/modules/media/photos";
import { withAltText } from "~/modules/listings/photo-alt";
import { hasCostlyCount, searchFilterConditions } from "~/modules/listings/listing-filters.server";
import { FACT_COLUMNS, listingFacts, type FactColumn } from "~/modules/listings/listing-facts.server";
import { cardExcerpt, splitDescription } from "~/modules/listings/listing-text";
import type { ListingDetail, ListingSummary } from "~/modules/listings/listing-types";
import { DEFAULT_SORT, type SearchState, type SortOption } from "~/modules/listings/search-params";
import type { LocationSearch } from "~/modules/listings/location-filter";
import {
  distanceSql,
  locationConditions,
  nearestFirst,
  nearestWithin,
} from "~/modules/listings/location-search.server";
import { listingFreshAt } from "~/modules/listings/freshness";
import { isModerated, notPublicReasons } from "~/modules/listings/visibility";
import {
  listingPublishedSql,
  ownerPublishesSql,
  ownerWithholdsSql,
  publiclyVisibleSql,
} from "~/modules/listings/visibility.server";

type ListingRow = typeof listings.$inferSelect;

type SummaryRow = Pick<
  ListingRow,
  | "listingId"
  | "listingTitle"
  | "description"
  | "weeklyRent"
  | "availableFrom"
  | "suburb"
  | "photos"
  | "landlordId"
  | "createdAt"
  | "allInWeeklyCost"
  | "updatedAt"
  | "confirmedAt"
  | FactColumn
>;

/** A stored listing as a card shows it (also used for the favourites list). */
export function toSummary(row: SummaryRow): ListingSummary {
  const { features, details } = splitDescription(row.description);
  return {
    id: row.listingId,
    title: row.listingTitle,
    features,
    details: cardExcerpt(details),
    weeklyRent: row.weeklyRent,
    allInWeeklyCost: row.allInWeeklyCost,
    ...listingFacts(row),
    availableFrom: row.availableFrom,
    suburb: row.suburb,
    // A card reads only the cover, so its alt text cannot count the photos.
    photo:
      withAltText(
        normalizePhotos(row.photos).slice(0, 1),
        { title: row.listingTitle, roomType: row.roomType },
        undefined,
      )[0] ?? null,
    landlordId: row.landlordId,
    createdAt: row.createdAt.toISOString(),
    freshAt: listingFreshAt(row).toISOString(),
  };
}

function toDetail(row: ListingRow): ListingDetail {
  return {
    ...toSummary(row),
    details: splitDescription(row.description).details,
    address: row.address,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    photos: withAltText(normalizePhotos(row.photos), { title: row.listingTitle, roomType: row.roomType }),
    latitude: row.latitude,
    longitude: row.longitude,
    locationPrecision: row.locationPrecision,
    status: row.status,
    // findListing finds a listing only while its owner's plan keeps it public.
    notPublic: notPublicReasons({ ...row, ownerPublishes: true }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// The created_at indexes are declared DESC NULLS LAST; Postgres orders DESC with NULLS FIRST unless
// told otherwise, and only a matching order can walk the index (created_at is NOT NULL anyway).
export const NEWEST_FIRST = sql`${listings.createdAt} desc nulls last`;

// Ties go by id, so pages never overlap, in the direction of the sort: each order is its partial
// index read forwards or backwards, never a sort of every row that shares the page's price or title.
const ORDER: Record<Exclude<SortOption, "distance">, SQL[]> = {
  newest: [NEWEST_FIRST, asc(listings.listingId)],
  "title-asc": [asc(listings.listingTitle), asc(listings.listingId)],
  "title-desc": [desc(listings.listingTitle), desc(listings.listingId)],
  "price-asc": [asc(listings.weeklyRent), asc(listings.listingId)],
  "price-desc": [desc(listings.weeklyRent), desc(listings.listingId)],
};

/** The columns a card needs: the search page reads only these (not the lower-cased search copies). */
const summaryColumns = {
  listingId: listings.listingId,
  listingTitle: listings.listingTitle,
  description: listings.description,
  weeklyRent: listings.weeklyRent,
  availableFrom: listings.availableFrom,
  suburb: listings.suburb,
  photos: listings.photos,
  landlordId: listings.landlordId,
  createdAt: listings.createdAt,
  allInWeeklyCost: listings.allInWeeklyCost,
  updatedAt: listings.updatedAt,
  confirmedAt: listings.confirmedAt,
  ...FACT_COLUMNS,
};

/**
 * A card shows one photo: a search reads only the first of each listing's photos (each photo lists
 * its variants, and listings hold several), so the server parses a fraction of the JSON.
 */
const firstPhotoOnly = sql<
  ListingRow["photos"]
>`case when jsonb_typeof(${listings.photos}) = 'array' then jsonb_path_query_array(${listings.photos}, '$[0]') else ${listings.photos} end`;

/**
 * Above this many listings (PostgreSQL's own estimate of the table's size), a search with a
 * "contains" term or a stay-fit filter counts at most TOTAL_CAP matches instead of all (ADR 0045).
 */
export const EXACT_COSTLY_COUNT_MAX_LISTINGS = 50_000;
/**
 * Above this many listings every search counts at most TOTAL_CAP matches: even an index-only count
 * of most of a million-listing table takes hundreds of milliseconds, and ten at once fill the pool
 * (ADR 0099).
 */
export const EXACT_COUNT_MAX_LISTINGS = 250_000;
/** The most matches counted for such a search on a large table; more are shown as "1,000+". */
export const TOTAL_CAP = 1_000;
/** The longest a public search may run before PostgreSQL cancels it and the visitor is told so. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;

export type SearchResult =
  | {
      ok: true;
      listings: ListingSummary[];
      /** The exact number of matches, or TOTAL_CAP when `totalIsExact` is false (there are more). */
      total: number;
      totalIsExact: boolean;
    }
  /** The search outran the statement timeout, or no connection came free in time. */
  | { ok: false; reason: "too-slow" };

export interface SearchOptions {
  /** Tests lower these to exercise the bounded count on a small table. */
  exactCostlyCountMaxListings?: number;
  exactCountMaxListings?: number;
  totalCap?: number;
  /** A further condition (saved-search alerts: listings changed since the last run). */
  also?: SQL;
  /** Where (location-filter.ts's `resolveLocation` of the state's where, radius and box). */
  location?: LocationSearch | null;
}

/** The order for a sort; nearest first needs the location search's origin, else the default order. */
export function orderFor(sort: SortOption, location: LocationSearch | null | undefined): SQL[] {
  if (sort !== "distance") return ORDER[sort];
  return location?.origin ? nearestFirst(location.origin) : ORDER[DEFAULT_SORT as Exclude<SortOption, "distance">];
}

/** Metres from the search's place; null without one, or for a listing without coordinates. */
function distanceColumn(location: LocationSearch | null | undefined) {
  return location?.origin ? distanceSql(location.origin) : sql<null>`null`;
}

/**
 * A card's distance, to the nearest 10 m (a card says "450 m" or "1.2 km"; no finer figure helps place a
 * listing). A listing without coordinates has none: it is never placed at its suburb's centre.
 */
function withDistance(summary: ListingSummary, metres: number | string | null): ListingSummary {
  return metres === null ? summary : { ...summary, distanceMetres: Math.round(Number(metres) / 10) * 10 };
}

/**
 * Public search: only publicly visible listings (visibility.ts); title and keyword match
 * case-insensitively anywhere; availableFrom, minPrice and maxPrice bound the results. Returns one
 * page in the chosen order (ties broken by id, so pages never overlap) and the exact total, except
 * for a "contains" term, a stay-fit filter or a place on a large table, and any search on a very
 * large one, where the total stops at TOTAL_CAP (ADR 0045, ADR 0099).
 *
 * Page and count run on one connection, in one read-only transaction bounded by a statement timeout,
 * so a slow search holds one pooled connection for at most SEARCH_STATEMENT_TIMEOUT_MS.
 * `options.also` narrows the search further (saved-search alerts: listings changed since the last run).
 */
export async function searchListings(
  db: Executor,
  state: SearchState,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const location = options.location;
  // The search's conditions on the listing alone; `where` adds its owner's plan (publiclyVisibleSql).
  const matching = and(
    listingPublishedSql(),
    options.also,
    ...searchFilterConditions(state),
    ...(location ? locationConditions(location) : []),
  );
  const where = and(matching, ownerPublishesSql());
  const offset = (state.page - 1) * state.pageSize;
  const cap = options.totalCap ?? TOTAL_CAP;
  // A place or a box can match a large share of the table (10 km around the CBD), like a "contains" term.
  const exactMax = options.exactCountMaxListings ?? EXACT_COUNT_MAX_LISTINGS;
  const largeTable = isLargerThan(
    hasCostlyCount(state) || location
      ? Math.min(exactMax, options.exactCostlyCountMaxListings ?? EXACT_COSTLY_COUNT_MAX_LISTINGS)
      : exactMax,
  );
  try {
    return await boundedReadOnly(db, SEARCH_STATEMENT_TIMEOUT_MS, async (tx) => {
      // A place is searched in steps (`locatedPage`): first its matches' ids, up to the cap, with the
      // table's size beside them. Only many matches on a small table go on to the exact count below.
      if (location) {
        const matches = await tx
          .select({ id: listings.listingId, large: largeTable })
          .from(listings)
          .where(where)
          .limit(cap + 1);
        if (matches.length <= cap || matches[0]?.large) {
          return await locatedPage(tx, state, location, where, cap, matches);
        }
      }
      // Every match less those whose owner's plan withholds them: the first count reads a partial
      // search index alone and the second starts from the few withholding landlords, where one count
      // of `where` looks up every match's landlord (all public rooms of 200,000: 5 ms, not 14-20).
      const exactTotal = sql`((${tx.select({ total: count() }).from(listings).where(matching)}) - (${tx
        .select({ total: count() })
        .from(listings)
        .where(and(matching, ownerWithholdsSql()))}))`;
      const boundedTotal = sql`(${tx.select({ total: count() }).from(
        tx
          .select({ one: sql`1` })
          .from(listings)
          .where(where)
          .limit(cap + 1)
          .as("bounded"),
      )})`;
      // The size test and the total ride along with the page as uncorrelated subqueries, which
      // PostgreSQL runs once each (InitPlans), and only the branch the size picks: page, size and
      // total cost one round trip. A location search reaches here only when its count is exact.
      const capped = location ? sql<boolean>`false` : largeTable;
      const total = sql<number>`case when ${capped} then ${boundedTotal} else ${exactTotal} end`.mapWith(Number);
      const pageWhere = await nearestPageWhere(tx, state, location, where);
      const rows = await pageRows(tx, state, location, pageWhere, { total, capped });
      const listingsPage = rows.map((row) => withDistance(toSummary(row), row.distance));
      // A short page (not past the end) is the last one, so it knows the exact total.
      if (rows.length > 0 && rows.length < state.pageSize) {
        return { ok: true, listings: listingsPage, total: offset + rows.length, totalIsExact: true } as const;
      }
      // Past the last page there is no row to carry the total: count on its own.
      const counted =
        rows[0] ?? (offset > 0 ? (await tx.select({ total, capped }).from(sql`(select 1) as one`))[0] : undefined);
      const found = counted?.total ?? 0;
      return counted?.capped && found > cap
        ? ({ ok: true, listings: listingsPage, total: cap, totalIsExact: false } as const)
        : ({ ok: true, listings: listingsPage, total: found, totalIsExact: true } as const);
    });
  } catch (error) {
    if (isTooSlow(error)) return { ok: false, reason: "too-slow" };
    throw error;
  }
}

/**
 * Nearest first within a radius reads only the rows as near as the page's last one, found by the
 * walk outward from the place (`nearestWithin`), instead of sorting every match by distance.
 */
async function nearestPageWhere(
  tx: Executor,
  state: SearchState,
  location: LocationSearch | null | undefined,
  where: SQL | undefined,
): Promise<SQL | undefined> {
  if (state.sort !== "distance" || !location?.radius) return where;
  return nearestWithin(tx, location.radius, where, state.page * state.pageSize);
}

/** The search's page of cards in its order, each with its distance, and `also`'s columns alongside. */
function pageRows<Also extends Record<string, SQL | SQL.Aliased>>(
  tx: Executor,
  state: SearchState,
  location: LocationSearch | null | undefined,
  where: SQL | undefined,
  also: Also,
) {
  return tx
    .select({ ...summaryColumns, photos: firstPhotoOnly, distance: distanceColumn(location), ...also })
    .from(listings)
    .where(where)
    .orderBy(...orderFor(state.sort, location))
    .limit(state.pageSize)
    .offset((state.page - 1) * state.pageSize);
}

/**
 * A location search in two steps, so no guess of PostgreSQL's about how many rows a place holds can
 * send it walking the whole table. First the matches' ids, up to the cap, through the position or
 * suburb index (`matches`, read by the caller). When there are no more than that, the page is those
 * rows, looked up by id and sorted exactly, and the total is exact; with none, or a page past them,
 * there is nothing more to read. When there are more (on a large table), the place is dense enough
 * for the sort's own index to reach a page quickly, and nearest first walks outward from the place
 * only as far as the page's last row (`nearestWithin`).
 */
async function locatedPage(
  tx: Executor,
  state: SearchState,
  location: LocationSearch,
  where: SQL | undefined,
  cap: number,
  matches: { id: string }[],
): Promise<SearchResult> {
  const few = matches.length <= cap;
  if (few && (state.page - 1) * state.pageSize >= matches.length) {
    return { ok: true, listings: [], total: matches.length, totalIsExact: true };
  }
  const pageWhere = few
    ? inArray(
        listings.listingId,
        matches.map((match) => match.id),
      )
    : await nearestPageWhere(tx, state, location, where);
  const rows = await pageRows(tx, state, location, pageWhere, {});
  const listingsPage = rows.map((row) => withDistance(toSummary(row), row.distance));
  return few
    ? { ok: true, listings: listingsPage, total: matches.length, totalIsExact: true }
    : { ok: true, listings: listingsPage, total: cap, totalIsExact: false };
}

/**
 * Whether PostgreSQL estimates the listings table at more than `rows` rows (its `reltuples`, kept
 * by VACUUM and ANALYZE; free to read; -1 until the table is first analyzed: small, so exact counts).
 * An uncorrelated subquery, so inside a statement PostgreSQL reads it once.
 */
function isLargerThan(rows: number): SQL<boolean> {
  return sql<boolean>`((select reltuples::float8 from pg_class where oid = 'listings'::regclass) > ${rows})`;
}

/** A cancelled statement (statement_timeout) or a pool with no connection free in time. */
export function isTooSlow(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === "57014") return true;
    if (/timeout exceeded when trying to connect/i.test(cause.message)) return true;
  }
  return false;
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
  const [found] = await db
    .select({ row: listings })
    .from(listings)
    .where(and(eq(listings.listingId, id), ownerPublishesSql()))
    .limit(1);
  if (!found || (isModerated(found.row) && !canSeeHidden(found.row))) return null;
  return toDetail(found.row);
}
