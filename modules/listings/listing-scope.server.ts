import { eq, sql, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Viewer } from "~/modules/auth/viewer";
import { listingScope } from "~/modules/listings/permissions";

/**
 * The listings `viewer` manages, as a condition on `listings` (see `listingScope`): none for "all",
 * the owner's id for "own", nothing at all for "none". Every read-for-edit and write filters by it,
 * so ownership is enforced by the query itself and not only by a check before it.
 */
export function managedListings(viewer: Viewer): SQL | undefined {
  switch (listingScope(viewer)) {
    case "all":
      return undefined;
    case "own":
      return eq(listings.landlordId, viewer.id);
    case "none":
      return sql`false`;
  }
}
