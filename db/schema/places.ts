/**
 * Geocoded addresses.
 */
import { sql } from "drizzle-orm";
import { check, doublePrecision, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "~/db/schema/columns";

/**
 * Server-side cache of geocoded listing addresses, keyed by the normalised address text, so a
 * listing page asks the maps provider once per address (and per provider).
 */
export const geocodeCache = pgTable(
  "geocode_cache",
  {
    address: text("address").primaryKey(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** "address" (street-level) or "suburb" (locality / postcode area). */
    precision: text("precision").notNull(),
    /** The maps provider that answered ("google" or "offline"); another provider's entry is refreshed. */
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("geocode_cache_lat_range", sql`${table.lat} between -90 and 90`),
    check("geocode_cache_lng_range", sql`${table.lng} between -180 and 180`),
    check("geocode_cache_precision", sql`${table.precision} in ('address', 'suburb')`),
  ],
);
