import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { Viewer } from "~/modules/auth/viewer";
import { listingScope } from "~/modules/listings/permissions";

/**
 * The listings `viewer` manages, as a condition on `listings` (see `listingScope`): none for "all",
 * the owner's id for "own", nothing at all for "none". Every read-for-edit and write filters by it,
 * so ownership is enforced by the query itself and not only by a check before it. `viewerId` is a
 * placeholder in a prepared statement (one per scope), filled with `viewer.id` when it runs.
 */
export function managedListings(viewer: Viewer, viewerId: string | Placeholder = viewer.id): SQL | undefined {
  switch (listingScope(viewer)) {
    case "all":
      return undefined;
    case "own":
      return eq(listings.landlordId, viewerId);
    case "none":
      return sql`false`;
  }
}
