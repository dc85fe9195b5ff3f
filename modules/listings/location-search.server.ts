import { and, between, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { positionOnSphere } from "~/db/position-on-sphere";
import { listings } from "~/db/schema";
import type { LatLng } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import { boxAround, suburbKey, type BoundingBox, type LocationSearch } from "~/modules/listings/location-filter";

const EARTH_RADIUS_METRES = 6_371_008.8;

/**
 * Metres from `origin` to the listing's coordinates: the haversine of lib/adapters/maps/geo.ts,
 * term for term, so the database and the reference rule agree; null for a listing without coordinates.
 */
export function distanceSql(origin: LatLng): SQL<number | null> {
  const lat = sql`${origin.lat}::float8`;
  const lng = sql`${origin.lng}::float8`;
  const h = sql`power(sin(radians(${listings.latitude} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${listings.latitude})) * power(sin(radians(${listings.longitude} - ${lng}) / 2), 2)`;
  // least() skips nulls: a listing without coordinates is caught before it.
  return sql<number | null>`(case when ${listings.latitude} is null or ${listings.longitude} is null then null
    else 2 * ${EARTH_RADIUS_METRES}::float8 * asin(least(1, sqrt(${h}))) end)`;
}

/** The listing's position on the unit sphere: the expression of `listings_position_on_sphere_idx`. */
const listingOnSphere = positionOnSphere(sql`${listings.latitude}`, sql`${listings.longitude}`);

/**
 * Inside the box, edges included, as ranges of latitude and longitude: PostgreSQL estimates how many
 * rows they match from each column's statistics (a dense box walks the sort's index and stops at the
 * page; a sparse one reads `listings_position_idx`), where a geometric test gets a fixed guess.
 */
function insideBox(box: BoundingBox): SQL[] {
  return [between(listings.latitude, box.south, box.north), between(listings.longitude, box.west, box.east)];
}

/**
 * The SQL conditions for a location search: the rule of `matchesLocation` (location-filter.ts). A
 * radius is found through the index as the box around it, then kept by exact distance.
 */
export function locationConditions(search: LocationSearch): SQL[] {
  const conditions: SQL[] = [];
  if (search.area) {
    const { suburb, postcode } = search.area;
    if (suburb !== null) {
      conditions.push(sql`lower(${listings.suburb}) = ${suburbKey(suburb)}`);
      conditions.push(or(isNull(listings.postcode), eq(listings.postcode, postcode)) as SQL);
    } else conditions.push(eq(listings.postcode, postcode));
  }
  if (search.radius) {
    const { center, km } = search.radius;
    conditions.push(...insideBox(boxAround(center, km)), sql`${distanceSql(center)} <= ${km * 1000}`);
  }
  if (search.box) conditions.push(...insideBox(search.box));
  return conditions;
}

/** Nearest first, listings without coordinates last, equal distances by id: `compareByDistance` in SQL. */
export function nearestFirst(origin: LatLng): SQL[] {
  return [sql`${distanceSql(origin)} asc nulls last`, sql`${listings.listingId} asc`];
}

/** Straight-line distance on the unit sphere between two points `metres` apart on the Earth. */
function chordFor(metres: number): number {
  return 2 * Math.sin(metres / (2 * EARTH_RADIUS_METRES));
}

/** Rows walked past the k-th, so that rows as near as the k-th (a tie) are kept with it. */
const TIE_MARGIN = 16;
/** Distances closer than this are the same: the database's rounding of one position (ADR 98). */
const SAME_DISTANCE_METRES = 0.001;

/**
 * Nearest first within a radius, at any size: `where` narrowed to the `k` nearest matches (and any
 * as near as the k-th), so a page of k rows sorts only those instead of every match of a dense
 * radius. They come from the walk outward from the place (`nearestWalkQuery`), by id; when more
 * rows tie with the k-th than the walk reads past it, the rows within its distance instead.
 */
export async function nearestWithin(
  db: Executor,
  radius: NonNullable<LocationSearch["radius"]>,
  where: SQL | undefined,
  k: number,
): Promise<SQL | undefined> {
  // Inside an open transaction (PGlite's bounded reads) a setting made here would outlast this
  // statement; on its own, the commit ends it, one round trip fewer.
  const nested = db instanceof PgTransaction;
  const walked = await db.transaction(async (tx) => {
    // Sorting a radius's matches is never the better plan here, but PostgreSQL guesses a point-in-cube
    // test's share of rows at a fixed 0.1 %, so it could choose it; only the walk gives this order unsorted.
    await tx.execute(sql`set local enable_sort = off`);
    const rows = await nearestWalkQuery(tx, radius, where, k + TIE_MARGIN);
    if (nested) await tx.execute(sql`set local enable_sort = on`);
    return rows;
  });
  const kth = walked[k - 1]?.metres;
  if (kth === undefined || kth === null) return ids(walked); // k or fewer match: all of them
  const reach = kth + SAME_DISTANCE_METRES;
  if ((walked.at(-1)?.metres ?? Infinity) <= reach) return and(where, ...withinMetres(radius.center, kth));
  return ids(walked.filter((row) => row.metres !== null && row.metres <= reach));
}

function ids(rows: readonly { id: string }[]): SQL {
  return rows.length > 0
    ? inArray(
        listings.listingId,
        rows.map((row) => row.id),
      )
    : sql`false`;
}

/**
 * The statement of `nearestWithin`: the first `limit` rows matching `where` (ids and distances) of
 * the walk outward from the radius's centre. PostgreSQL walks the GiST index on the position on the
 * unit sphere (`<->`, in the haversine's order), inside the cube around the radius (so it ends), and
 * stops after `limit` rows: it never reads and sorts every match of a dense radius. The caller sorts
 * exactly, by distance and id; PostgreSQL before 17 cannot add the id tie-break to the walk itself.
 */
export function nearestWalkQuery(
  db: Executor,
  { center, km }: NonNullable<LocationSearch["radius"]>,
  where: SQL | undefined,
  limit: number,
) {
  const from = positionOnSphere(sql`${center.lat}::float8`, sql`${center.lng}::float8`);
  const reach = chordFor(km * 1000) * 1.001;
  return db
    .select({ id: listings.listingId, metres: distanceSql(center) })
    .from(listings)
    .where(and(where, sql`${listingOnSphere} <@ cube_enlarge(${from}, ${reach}::float8, 3)`))
    .orderBy(sql`${listingOnSphere} <-> ${from}`)
    .limit(limit);
}

/**
 * The listings at most `metres` from `origin`, found by their latitude and longitude ranges: the few
 * rows a nearest-first page sorts when many tie with its last (`nearestWithin`). A millimetre of slack
 * keeps a row the database's rounding would put just past its own distance.
 */
function withinMetres(origin: LatLng, metres: number): SQL[] {
  return [...insideBox(boxAround(origin, metres / 1000)), sql`${distanceSql(origin)} <= ${metres + 0.001}`];
}
