import type { ListingPhoto, listingStatuses } from "~/db/schema";
import type { ListingFacts } from "~/modules/listings/listing-facts";

/** What a listing card shows. */
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
}

/** What the listing page shows. */
export interface ListingDetail extends ListingSummary {
  address: string | null;
  state: string | null;
  postcode: string | null;
  country: string;
  photos: ListingPhoto[];
  latitude: number | null;
  longitude: number | null;
  status: (typeof listingStatuses)[number];
  updatedAt: string;
}
