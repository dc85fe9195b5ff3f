import { and, between, eq, isNull, or, sql, type SQL } from "drizzle-orm";
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

/**
 * Nearest first within a radius, at any size: `where` narrowed to the rows as near as the `k`-th
 * nearest match (`kthNearestMetres`), so a page of k rows sorts only those instead of every match of
 * a dense radius; `where` itself when fewer than k match.
 */
export async function nearestWithin(
  db: Executor,
  radius: NonNullable<LocationSearch["radius"]>,
  where: SQL | undefined,
  k: number,
): Promise<SQL | undefined> {
  const metres = await kthNearestMetres(db, radius, where, k);
  return metres === null ? where : and(where, ...withinMetres(radius.center, metres));
}

/**
 * How far away the `k`-th nearest listing matching `where` lies, in metres, or null when fewer match. PostgreSQL finds it by walking the GiST index on
 * the position on the unit sphere outward from the place (`<->`, in the haversine's order), inside
 * the cube around the radius, and stops at the k-th row: it never reads and sorts every match of a
 * dense radius. The caller then sorts exactly, by distance and id, only the rows within that distance
 * (`withinMetres`); PostgreSQL before 17 cannot add the id tie-break to the walk itself.
 */
async function kthNearestMetres(
  db: Executor,
  radius: NonNullable<LocationSearch["radius"]>,
  where: SQL | undefined,
  k: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Sorting a radius's matches is never the better plan here, but PostgreSQL guesses a point-in-cube
    // test's share of rows at a fixed 0.1 %, so it could choose it; only the walk gives this order unsorted.
    await tx.execute(sql`set local enable_sort = off`);
    const [kth] = await kthNearestQuery(tx, radius, where, k);
    await tx.execute(sql`set local enable_sort = on`);
    return kth?.metres ?? null;
  });
}

/** The statement of `kthNearestMetres`: the k-th row of the walk outward from the radius's centre. */
export function kthNearestQuery(
  db: Executor,
  { center, km }: NonNullable<LocationSearch["radius"]>,
  where: SQL | undefined,
  k: number,
) {
  const from = positionOnSphere(sql`${center.lat}::float8`, sql`${center.lng}::float8`);
  const reach = chordFor(km * 1000) * 1.001;
  return db
    .select({ metres: distanceSql(center) })
    .from(listings)
    .where(and(where, sql`${listingOnSphere} <@ cube_enlarge(${from}, ${reach}::float8, 3)`))
    .orderBy(sql`${listingOnSphere} <-> ${from}`)
    .offset(k - 1)
    .limit(1);
}

/**
 * The listings at most `metres` from `origin`, found by their latitude and longitude ranges: the few
 * rows a nearest-first page sorts once `kthNearestMetres` has bounded them. A millimetre of slack
 * keeps a row the database's rounding would put just past its own distance.
 */
function withinMetres(origin: LatLng, metres: number): SQL[] {
  return [...insideBox(boxAround(origin, metres / 1000)), sql`${distanceSql(origin)} <= ${metres + 0.001}`];
}
