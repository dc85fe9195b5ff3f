import { eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { LatLng } from "~/lib/adapters/maps/maps-adapter";
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

/** Inside the box, edges included: the form the GiST index on point(longitude, latitude) answers. */
function insideBox(box: BoundingBox): SQL {
  const corner = (lng: number, lat: number) => sql`point(${lng}::float8, ${lat}::float8)`;
  return sql`point(${listings.longitude}, ${listings.latitude}) <@ box(${corner(box.west, box.south)}, ${corner(box.east, box.north)})`;
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
    conditions.push(insideBox(boxAround(center, km)), sql`${distanceSql(center)} <= ${km * 1000}`);
  }
  if (search.box) conditions.push(insideBox(search.box));
  return conditions;
}

/** Nearest first, listings without coordinates last, equal distances by id: `compareByDistance` in SQL. */
export function nearestFirst(origin: LatLng): SQL[] {
  return [sql`${distanceSql(origin)} asc nulls last`, sql`${listings.listingId} asc`];
}
