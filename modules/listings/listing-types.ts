import type { ListingPhoto, listingStatuses } from "~/db/schema";
import type { LocationPrecision } from "~/db/location-precision";
import type { ListingFacts } from "~/modules/listings/listing-facts";
import { formatAvailability, melbourneToday } from "~/modules/listings/availability-text";
import { MODERATED_LISTING_STATUSES, type NotPublicReason } from "~/modules/listings/visibility";

/**
 * A listing as the server reads it for lists: search results, favourites, the landlord's
 * properties and alert e-mails. A card is sent only part of it (`ListingCardFacts`).
 */
export interface ListingSummary extends ListingFacts {
  id: string;
  title: string;
  features: string;
  /** On a card, the start of the details (cardExcerpt); on the listing page, all of them. */
  details: string;
  weeklyRent: number | null;
  /** Rent plus estimated bills; null without a rent. */
  allInWeeklyCost: number | null;
  availableFrom: string | null;
  suburb: string | null;
  photo: ListingPhoto | null;
  landlordId: string | null;
  createdAt: string;
  /** The listing's last update or its landlord's last "still available" confirmation ("Updated N days ago"). */
  freshAt: string;
  /** In a search around a place: metres from it, to the nearest 10 m; absent without coordinates. */
  distanceMetres?: number;
}

const CARD_FIELDS = [
  "id",
  "title",
  "features",
  "details",
  "weeklyRent",
  "allInWeeklyCost",
  "photo",
  "freshAt",
  "roomType",
  "minLeaseMonths",
  "maxLeaseMonths",
] as const satisfies readonly (keyof ListingSummary)[];

/**
 * What a listing card shows, and all a page of cards sends to the browser: no landlord, no record
 * dates, no bill details the card leaves out. The availability line is worded here ("Available
 * now", "Available from: 1 December 2026"), so the browser carries no date code for it.
 */
export type ListingCardFacts = Pick<ListingSummary, (typeof CARD_FIELDS)[number]> & { availability: string | null };

/** `today`: Melbourne's date (`melbourneToday`), read once for a page of cards rather than per card. */
export function listingCardFacts(listing: ListingSummary, today = melbourneToday()): ListingCardFacts {
  const facts = Object.fromEntries(CARD_FIELDS.map((field) => [field, listing[field]])) as Pick<
    ListingSummary,
    (typeof CARD_FIELDS)[number]
  >;
  return { ...facts, availability: listing.availableFrom ? formatAvailability(listing.availableFrom, today) : null };
}

/** A listing as the listing page's server reads it. The page is sent only part of it (`ListingPageFacts`). */
export interface ListingDetail extends ListingSummary {
  address: string | null;
  state: string | null;
  postcode: string | null;
  country: string;
  photos: ListingPhoto[];
  /** Stored coordinates: server-side only; pages and the API show `publicPosition`. */
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
  status: (typeof listingStatuses)[number];
  /** Why the public does not see it (`notPublicReasons`); empty when it is listed. */
  notPublic: NotPublicReason[];
  updatedAt: string;
}

const PAGE_FIELDS = [
  "id",
  "title",
  "features",
  "details",
  "weeklyRent",
  "availableFrom",
  "address",
  "suburb",
  "state",
  "postcode",
  "photos",
  "roomType",
  "furnished",
  "minLeaseMonths",
  "maxLeaseMonths",
  "billsIncluded",
  "billsCap",
  "billsEstimate",
] as const satisfies readonly (keyof ListingDetail)[];

/**
 * What the listing page shows, and all it sends to the browser: no landlord, no record dates, no
 * status beyond the notice its landlord and moderators see on a moderated listing.
 */
export type ListingPageFacts = Pick<ListingDetail, (typeof PAGE_FIELDS)[number]> & {
  /** Whether the public sees it (no `notPublic` reason): only then can it be favourited. */
  listedPublicly: boolean;
  /** Hidden or under review (seen only by its landlord and moderators); null otherwise. */
  moderatedStatus: (typeof MODERATED_LISTING_STATUSES)[number] | null;
};

export function listingPageFacts(listing: ListingDetail): ListingPageFacts {
  const facts = Object.fromEntries(PAGE_FIELDS.map((field) => [field, listing[field]])) as Pick<
    ListingDetail,
    (typeof PAGE_FIELDS)[number]
  >;
  const moderatedStatus = MODERATED_LISTING_STATUSES.find((status) => status === listing.status) ?? null;
  return { ...facts, listedPublicly: listing.notPublic.length === 0, moderatedStatus };
}
