import { listingFacts } from "~/modules/listings/listing-facts.server";
import type { NotPublicReason } from "~/modules/listings/visibility";
import { notPublicReasonText } from "~/modules/listings/visibility-text";
import { normalizePhotos } from "~/modules/media/photos";
import { withAltText } from "~/modules/listings/photo-alt";
import { listingLocationPrecision, type PublicPosition } from "~/modules/listings/public-position.server";
import type { ManagedListingRow } from "~/modules/listings/managed-listings-page.server";

function factsJson(row: ManagedListingRow) {
  const facts = listingFacts(row);
  return {
    min_lease_months: facts.minLeaseMonths,
    max_lease_months: facts.maxLeaseMonths,
    bills_included: facts.billsIncluded,
    bills_cap: facts.billsCap,
    bills_estimate: facts.billsEstimate,
    furnished: facts.furnished,
    room_type: facts.roomType,
  };
}

/**
 * `notPublic`: why the public does not see it (`notPublicReasons`); `position`: where it may be shown
 * (`publicPosition`), never the stored coordinates of a suburb-only listing; `distanceMetres`: from a
 * location search's origin to that position, sent as `distance_m` only in a location-filtered list.
 */
export function toListing(
  row: ManagedListingRow,
  notPublic: NotPublicReason[],
  position: PublicPosition | null,
  distanceMetres?: number | null,
) {
  return {
    id: row.listingId,
    title: row.listingTitle,
    description: row.description,
    weekly_rent: row.weeklyRent,
    available_from: row.availableFrom,
    status: row.status,
    visibility: {
      public: notPublic.length === 0,
      reasons: notPublic.map((code) => ({ code, message: notPublicReasonText(code) })),
    },
    address: row.address,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    latitude: position?.lat ?? null,
    longitude: position?.lng ?? null,
    location_precision: listingLocationPrecision(row),
    approximate: position?.approximate ?? null,
    photos: withAltText(normalizePhotos(row.photos), { title: row.listingTitle, roomType: row.roomType }).map(
      ({ url, width, height, alt }) => ({ url, width, height, alt }),
    ),
    ...factsJson(row),
    all_in_weekly_cost: row.allInWeeklyCost,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(distanceMetres === undefined ? {} : { distance_m: distanceMetres }),
  };
}
