import { and, asc, eq, gt, lt, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { LatLng } from "~/lib/adapters/maps/maps-adapter";
import { boundedReadOnly } from "~/lib/db/bounded-read.server";
import type { Executor } from "~/lib/db/client.server";
import { prepared } from "~/lib/db/prepared-statements.server";
import type { Viewer } from "~/modules/auth/viewer";
import { searchFilterConditions } from "~/modules/listings/listing-filters.server";
import { isTooSlow, SEARCH_STATEMENT_TIMEOUT_MS } from "~/modules/listings/listing-queries.server";
import { FACT_COLUMNS } from "~/modules/listings/listing-facts.server";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { canWriteListings, listingScope } from "~/modules/listings/permissions";
import type { LocationSearch } from "~/modules/listings/location-filter";
import {
  distanceSql,
  locationConditions,
  nearestFirst,
  nearestWithin,
} from "~/modules/listings/location-search.server";
import type { SearchFilters } from "~/modules/listings/search-params";
import { notPublicReasons, type NotPublicReason } from "~/modules/listings/visibility";
import { ownerPublishesColumn } from "~/modules/listings/visibility.server";

/** Where a newest-first page continues: after this row. */
export interface NewestCursor {
  /** created_at to the microsecond, as PostgreSQL prints it in UTC. */
  createdAt: string;
  id: string;
}

/** Where a nearest-first page continues: after this row (`distance` exactly as the database computed it). */
export interface NearestCursor {
  distance: number | null;
  id: string;
}

export type ListingCursor = NewestCursor | NearestCursor;

const CREATED_AT_TEXT = sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// Matches the created_at indexes (declared DESC NULLS LAST), so the newest-first walk can use them.
const NEWEST_FIRST = sql`${listings.createdAt} desc nulls last`;

export function isNewestCursor(value: unknown): value is NewestCursor {
  const cursor = value as Partial<NewestCursor> | null;
  return (
    typeof cursor?.createdAt === "string" &&
    TIMESTAMP.test(cursor.createdAt) &&
    typeof cursor.id === "string" &&
    UUID.test(cursor.id)
  );
}

export function isNearestCursor(value: unknown): value is NearestCursor {
  const cursor = value as Partial<NearestCursor> | null;
  return (
    (cursor?.distance === null || (typeof cursor?.distance === "number" && Number.isFinite(cursor.distance))) &&
    typeof cursor.id === "string" &&
    UUID.test(cursor.id)
  );
}

/**
 * The columns a manager's page of listings reads: what the API shows of each (`toListing`) and what
 * decides whether the public sees it, without the lower-cased search copies of the title and
 * description, the owner's contact details, the moderator's note and the freshness bookkeeping.
 */
const PAGE_COLUMNS = {
  listingId: listings.listingId,
  listingTitle: listings.listingTitle,
  description: listings.description,
  weeklyRent: listings.weeklyRent,
  availableFrom: listings.availableFrom,
  status: listings.status,
  freshnessPausedAt: listings.freshnessPausedAt,
  address: listings.address,
  suburb: listings.suburb,
  state: listings.state,
  postcode: listings.postcode,
  country: listings.country,
  latitude: listings.latitude,
  longitude: listings.longitude,
  locationPrecision: listings.locationPrecision,
  photos: listings.photos,
  ...FACT_COLUMNS,
  allInWeeklyCost: listings.allInWeeklyCost,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
};

/** A listing as a manager's page reads it (`PAGE_COLUMNS`); a single listing is read whole. */
export type ManagedListingRow = Pick<typeof listings.$inferSelect, keyof typeof PAGE_COLUMNS>;

/** A stored listing its manager reads, with why the public does not see it (`notPublicReasons`). */
export interface ManagedListing<Row extends ManagedListingRow = ManagedListingRow> {
  row: Row;
  notPublic: NotPublicReason[];
  /** Whole metres from the location search's origin; null without an origin or coordinates; absent without a location search. */
  distanceMetres?: number | null;
}

export type ManagedListingsPage =
  | { ok: true; rows: ManagedListing[]; next: ListingCursor | null }
  /** The page outran the statement timeout (a broad location search over every listing). */
  | { ok: false; reason: "too-slow" };

/**
 * One listing `viewer` manages, with why the public does not see it, in one prepared statement (the
 * API's read, and its answer after a create or an update); null if it is not theirs or not there.
 */
export async function managedListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
): Promise<ManagedListing<typeof listings.$inferSelect> | null> {
  if (!canWriteListings(viewer) || !UUID.test(listingId)) return null;
  const read = prepared(db, `managed_listing_${listingScope(viewer)}`, (name) =>
    db
      .select({ row: listings, ownerPublishes: ownerPublishesColumn() })
      .from(listings)
      .where(and(eq(listings.listingId, sql.placeholder("id")), managedListings(viewer, sql.placeholder("viewer"))))
      .limit(1)
      .prepare(name),
  );
  const [found] = await read.execute({ id: listingId, viewer: viewer.id });
  return found
    ? { row: found.row, notPublic: notPublicReasons({ ...found.row, ownerPublishes: found.ownerPublishes }) }
    : null;
}

/** After `after` in nearest-first order (`nearestFirst`: distance ascending, no distance last, ties by id). */
function afterNearest(origin: LatLng, after: NearestCursor): SQL | undefined {
  const distance = distanceSql(origin);
  if (after.distance === null) return and(sql`${distance} is null`, gt(listings.listingId, after.id));
  const at = sql`${after.distance}::float8`;
  return or(
    sql`${distance} > ${at}`,
    and(sql`${distance} = ${at}`, gt(listings.listingId, after.id)),
    sql`${distance} is null`,
  );
}

function afterNewest(after: { createdAt: string | Placeholder; id: string | Placeholder }): SQL | undefined {
  const at = sql`${after.createdAt}::timestamptz`;
  return or(lt(listings.createdAt, at), and(eq(listings.createdAt, at), gt(listings.listingId, after.id)));
}

/**
 * A keyset page of the listings `viewer` manages, filtered like public search and by `location`
 * (the same conditions and distance as /search). Newest first, or nearest first when the location
 * search asks for it; ties by id. A page continues after the last row of the one before, so rows
 * inserted meanwhile never shift or repeat the rest. Bounded by the search's statement timeout.
 */
export async function managedListingsPage(
  db: Executor,
  viewer: Viewer,
  {
    filters,
    limit,
    after,
    location,
  }: { filters: SearchFilters; limit: number; after?: ListingCursor; location?: LocationSearch | null },
): Promise<ManagedListingsPage> {
  const origin = location?.origin ?? null;
  const nearest = origin !== null && location?.sortByDistance === true ? origin : null;
  const filtered = [...searchFilterConditions(filters), ...(location ? locationConditions(location) : [])];
  const conditions: (SQL | undefined)[] = [managedListings(viewer), ...filtered];
  if (after && nearest) {
    if (!isNearestCursor(after)) throw new TypeError("a nearest-first page needs a nearest-first cursor");
    conditions.push(afterNearest(nearest, after));
  } else if (after) {
    if (!isNewestCursor(after)) throw new TypeError("a newest-first page needs a newest-first cursor");
    conditions.push(afterNewest(after));
  }
  const select = (reader: Executor) =>
    reader
      .select({
        row: PAGE_COLUMNS,
        createdAtText: CREATED_AT_TEXT,
        ownerPublishes: ownerPublishesColumn(),
        distance: origin ? distanceSql(origin) : sql<null>`null`,
      })
      .from(listings);
  // Every listing, newest first (a client walking through all of theirs) is the common page: its
  // statement is prepared once per scope, and per whether it continues after a cursor.
  const everyListing = (reader: Executor) =>
    prepared(reader, `managed_listings_${listingScope(viewer)}${after ? "_after" : ""}`, (name) =>
      select(reader)
        .where(
          and(
            managedListings(viewer, sql.placeholder("viewer")),
            after && afterNewest({ createdAt: sql.placeholder("createdAt"), id: sql.placeholder("id") }),
          ),
        )
        .orderBy(NEWEST_FIRST, asc(listings.listingId))
        .limit(sql.placeholder("limit"))
        .prepare(name),
    ).execute({ viewer: viewer.id, limit: limit + 1, ...after });
  const searched = async (reader: Executor) => {
    // Nearest first within a radius: only the rows as near as the page's last one.
    const radius = nearest ? location?.radius : null;
    const where = radius ? await nearestWithin(reader, radius, and(...conditions), limit + 1) : and(...conditions);
    return select(reader)
      .where(where)
      .orderBy(...(nearest ? nearestFirst(nearest) : [NEWEST_FIRST, asc(listings.listingId)]))
      .limit(limit + 1);
  };
  try {
    return await boundedReadOnly(db, SEARCH_STATEMENT_TIMEOUT_MS, async (reader) => {
      const found = await (filtered.length === 0 && !location ? everyListing(reader) : searched(reader));
      const page = found.slice(0, limit);
      const last = page.at(-1);
      const distanceOf = (value: number | string | null) => (value === null ? null : Number(value));
      return {
        ok: true,
        rows: page.map(({ row, ownerPublishes, distance }) => ({
          row,
          notPublic: notPublicReasons({ ...row, ownerPublishes }),
          ...(location ? { distanceMetres: distance === null ? null : Math.round(Number(distance)) } : {}),
        })),
        next:
          found.length > limit && last
            ? nearest
              ? { distance: distanceOf(last.distance), id: last.row.listingId }
              : { createdAt: last.createdAtText, id: last.row.listingId }
            : null,
      } as const;
    });
  } catch (error) {
    if (isTooSlow(error)) return { ok: false, reason: "too-slow" };
    throw error;
  }
}
