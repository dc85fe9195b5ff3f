import { inArray, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import { PUBLIC_LISTING_STATUSES } from "~/modules/listings/visibility";

/** `isPubliclyVisible` as a condition on `listings`, for every public query (search, featured, page, sitemap). */
export function publiclyVisibleListings(): SQL {
  return inArray(listings.status, [...PUBLIC_LISTING_STATUSES]);
}
