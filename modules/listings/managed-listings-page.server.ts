import { and, asc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { LatLng } from "~/lib/adapters/maps/maps-adapter";
import { boundedReadOnly } from "~/lib/db/bounded-read.server";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { searchFilterConditions } from "~/modules/listings/listing-filters.server";
import { isTooSlow, SEARCH_STATEMENT_TIMEOUT_MS } from "~/modules/listings/listing-queries.server";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { canWriteListings, listingScope, type ListingScope } from "~/modules/listings/permissions";
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

/** A stored listing its manager reads, with why the public does not see it (`notPublicReasons`). */
export interface ManagedListing {
  row: typeof listings.$inferSelect;
  notPublic: NotPublicReason[];
  /** Whole metres from the location search's origin; null without an origin or coordinates; absent without a location search. */
  distanceMetres?: number | null;
}

export type ManagedListingsPage =
  | { ok: true; rows: ManagedListing[]; next: ListingCursor | null }
  /** The page outran the statement timeout (a broad location search over every listing). */
  | { ok: false; reason: "too-slow" };

/** The statement that reads one managed listing, per database and listing scope (see `managedListing`). */
const managedListingReads = new WeakMap<Executor, Map<ListingScope, ReturnType<typeof prepareManagedListingRead>>>();

function prepareManagedListingRead(db: Executor, viewer: Viewer, scope: ListingScope) {
  return db
    .select({ row: listings, ownerPublishes: ownerPublishesColumn() })
    .from(listings)
    .where(and(eq(listings.listingId, sql.placeholder("id")), managedListings(viewer, sql.placeholder("viewer"))))
    .limit(1)
    .prepare(`managed_listing_${scope}`);
}

/**
 * One listing `viewer` manages, with why the public does not see it, in one statement (the API's
 * read, and its answer after a create or an update); null if it is not theirs or not there. Every
 * API read of a listing runs it, so it is prepared once per database and scope: building the
 * statement anew each time cost more CPU than the rest of the read.
 */
export async function managedListing(db: Executor, viewer: Viewer, listingId: string): Promise<ManagedListing | null> {
  if (!canWriteListings(viewer) || !UUID.test(listingId)) return null;
  const scope = listingScope(viewer);
  let reads = managedListingReads.get(db);
  if (!reads) managedListingReads.set(db, (reads = new Map()));
  let read = reads.get(scope);
  if (!read) reads.set(scope, (read = prepareManagedListingRead(db, viewer, scope)));
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

function afterNewest(after: NewestCursor): SQL | undefined {
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
  const conditions: (SQL | undefined)[] = [
    managedListings(viewer),
    ...searchFilterConditions(filters),
    ...(location ? locationConditions(location) : []),
  ];
  if (after && nearest) {
    if (!isNearestCursor(after)) throw new TypeError("a nearest-first page needs a nearest-first cursor");
    conditions.push(afterNearest(nearest, after));
  } else if (after) {
    if (!isNewestCursor(after)) throw new TypeError("a newest-first page needs a newest-first cursor");
    conditions.push(afterNewest(after));
  }
  try {
    return await boundedReadOnly(db, SEARCH_STATEMENT_TIMEOUT_MS, async (reader) => {
      // Nearest first within a radius: only the rows as near as the page's last one.
      const radius = nearest ? location?.radius : null;
      const where = radius ? await nearestWithin(reader, radius, and(...conditions), limit + 1) : and(...conditions);
      const found = await reader
        .select({
          row: listings,
          createdAtText: CREATED_AT_TEXT,
          ownerPublishes: ownerPublishesColumn(),
          distance: origin ? distanceSql(origin) : sql<null>`null`,
        })
        .from(listings)
        .where(where)
        .orderBy(...(nearest ? nearestFirst(nearest) : [NEWEST_FIRST, asc(listings.listingId)]))
        .limit(limit + 1);
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
