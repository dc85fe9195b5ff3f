import { and, asc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import type { LocationPrecision } from "~/db/location-precision";
import type { ListingFormInput } from "~/modules/listings/listing-form";
import {
  listingLocationPrecision,
  storedPosition,
  type PositionedListing,
} from "~/modules/listings/public-position.server";
import { geocodeCached, listingAddressLine } from "~/modules/places/listing-location.server";

/** The location columns a save writes. */
export interface ListingPlacement {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
}

type AddressFields = Pick<ListingFormInput, "address" | "suburb" | "state" | "postcode">;

const UNPLACED: ListingPlacement = { latitude: null, longitude: null, locationPrecision: null };

const hasStreet = (listing: Pick<AddressFields, "address">) => Boolean(listing.address?.trim());

const sameAddress = (a: AddressFields, b: AddressFields) =>
  listingAddressLine(a).toLowerCase() === listingAddressLine(b).toLowerCase();

/**
 * Geocodes the listing's published address: the street line when it has one, else only its suburb,
 * state and postcode (so a suburb-only listing's stored position is its suburb's centre). The
 * precision is the coarser of what the landlord gave and what the provider found. Never throws:
 * a failed or empty geocode leaves the listing unplaced for `placeUnplacedListings`.
 */
async function geocodeListing(db: Executor, maps: MapsAdapter, listing: AddressFields): Promise<ListingPlacement> {
  const street = hasStreet(listing);
  const line = listingAddressLine(street ? listing : { ...listing, address: null });
  const found = line ? await geocodeCached(db, line, maps) : null;
  if (!found) return UNPLACED;
  return { latitude: found.lat, longitude: found.lng, locationPrecision: street ? found.precision : "suburb" };
}

/**
 * Where a saved listing goes on the map. Coordinates the address search supplied are kept when the
 * listing has a street address (with the precision the search reported); a listing without one is
 * placed at its suburb whatever coordinates were sent, so it never holds a street position. An edit
 * that leaves the address as it was keeps the position; one that changes it drops coordinates that
 * belonged to the old address and geocodes the new one.
 */
export async function placeListing(
  db: Executor,
  maps: MapsAdapter,
  input: ListingFormInput,
  before?: PositionedListing,
): Promise<ListingPlacement> {
  let supplied = storedPosition(input);
  if (before) {
    const old = storedPosition(before);
    const suppliedIsOld = supplied !== null && old !== null && supplied.lat === old.lat && supplied.lng === old.lng;
    if (sameAddress(before, input) && old && (supplied === null || suppliedIsOld)) {
      return { latitude: old.lat, longitude: old.lng, locationPrecision: listingLocationPrecision(before) };
    }
    if (suppliedIsOld) supplied = null;
  }
  if (supplied && hasStreet(input)) {
    return { latitude: supplied.lat, longitude: supplied.lng, locationPrecision: input.locationPrecision ?? "address" };
  }
  return geocodeListing(db, maps, input);
}

/** Listings the geocoder can place that have no coordinates yet. */
const UNPLACED_WITH_ADDRESS: SQL = and(
  or(isNull(listings.latitude), isNull(listings.longitude)),
  or(
    sql`coalesce(trim(${listings.address}), '') <> ''`,
    sql`coalesce(trim(${listings.suburb}), '') <> ''`,
    sql`coalesce(trim(${listings.postcode}), '') <> ''`,
  ),
)!;

/**
 * Listings placed at their suburb: each must sit at the suburb's centre. One saved before precision
 * was recorded may still hold the street position of an old pin, which a radius would measure.
 */
const PLACED_AT_SUBURB: SQL = eq(listings.locationPrecision, "suburb");

export interface PlacementRun {
  /** Listings looked at. */
  checked: number;
  /** Listings given coordinates. */
  placed: number;
  /** Listings the geocoder could not place this time (tried again on the next run). */
  unplaced: number;
  /** Listings that publish only their suburb, moved from another position to the suburb's centre. */
  moved: number;
}

/**
 * Gives coordinates to listings saved while geocoding failed (or before geocode on save), and moves a
 * listing that publishes only its suburb to the suburb's centre when it still holds another position,
 * in batches of `batchSize` in id order, each listing once per run. Safe to stop and re-run: it only
 * writes a listing whose address and position are still those it read, so a landlord's edit in the
 * meantime wins, and a second run finds nothing left to do.
 */
export async function placeUnplacedListings(
  db: Executor,
  maps: MapsAdapter,
  { batchSize = 100, onBatch }: { batchSize?: number; onBatch?: (run: PlacementRun) => void } = {},
): Promise<PlacementRun> {
  const run: PlacementRun = { checked: 0, placed: 0, unplaced: 0, moved: 0 };
  const toCheck = or(UNPLACED_WITH_ADDRESS, PLACED_AT_SUBURB)!;
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .select({
        listingId: listings.listingId,
        address: listings.address,
        suburb: listings.suburb,
        state: listings.state,
        postcode: listings.postcode,
        latitude: listings.latitude,
        longitude: listings.longitude,
        locationPrecision: listings.locationPrecision,
      })
      .from(listings)
      .where(after === null ? toCheck : and(toCheck, gt(listings.listingId, after)))
      .orderBy(asc(listings.listingId))
      .limit(batchSize);
    if (batch.length === 0) return run;
    for (const listing of batch) {
      const wasPlaced = listing.locationPrecision !== null;
      // A suburb-only listing is placed by its suburb alone, whatever street text it once held.
      const placement = await geocodeListing(db, maps, wasPlaced ? { ...listing, address: null } : listing);
      if (wasPlaced && placement.latitude === listing.latitude && placement.longitude === listing.longitude) continue;
      run.checked += 1;
      if (placement.locationPrecision === null) {
        run.unplaced += 1;
        continue;
      }
      const written = await db
        .update(listings)
        // A background fill is not the landlord's update: freshness keeps reading their last one.
        .set({ ...placement, updatedAt: sql`${listings.updatedAt}` })
        .where(
          and(
            eq(listings.listingId, listing.listingId),
            sql`${listings.latitude} is not distinct from ${listing.latitude}`,
            sql`${listings.longitude} is not distinct from ${listing.longitude}`,
            sql`${listings.locationPrecision} is not distinct from ${listing.locationPrecision}`,
            sql`${listings.address} is not distinct from ${listing.address}`,
            sql`${listings.suburb} is not distinct from ${listing.suburb}`,
            sql`${listings.state} is not distinct from ${listing.state}`,
            sql`${listings.postcode} is not distinct from ${listing.postcode}`,
          ),
        )
        .returning({ id: listings.listingId });
      if (written.length > 0) run[wasPlaced ? "moved" : "placed"] += 1;
    }
    after = batch.at(-1)!.listingId;
    onBatch?.({ ...run });
  }
}
