import { sql, type SQL } from "drizzle-orm";

/**
 * A latitude and longitude (degrees) as a point on the unit sphere, a three-dimensional `cube`. The
 * straight-line distance between two such points grows with their great-circle distance, so ordering
 * by `<->` (which a GiST index walks nearest first) is ordering by the haversine. Built from strict
 * functions: no coordinates, no point. The listings' index and the nearest-first order use this one
 * expression, so PostgreSQL matches them.
 */
export function positionOnSphere(lat: SQL, lng: SQL): SQL {
  return sql`cube(cube(cube(cos(radians(${lat})) * cos(radians(${lng}))), cos(radians(${lat})) * sin(radians(${lng}))), sin(radians(${lat})))`;
}
