import { sql } from "drizzle-orm";
import { listings } from "~/db/schema";
import type { ListingStatus } from "~/modules/listings/moderation";

/**
 * What a status change writes with the status, so the days from listed to let are exact: becoming
 * let records the moment (kept while it stays let, also through moderation); listed again
 * ("available") after a let clears it and starts a new listing period.
 */
export function statusChange(status: ListingStatus, now: Date = new Date()) {
  if (status === "let") return { status, letAt: sql`coalesce(${listings.letAt}, ${now})` };
  if (status === "available") {
    return {
      status,
      letAt: null,
      listedAt: sql`case when ${listings.letAt} is null then ${listings.listedAt} else ${now} end`,
    };
  }
  return { status };
}

/** The same for a new listing: one created let was let the moment it was listed. */
export function newListingStatus(status: ListingStatus, now: Date = new Date()) {
  return { status, listedAt: now, letAt: status === "let" ? now : null };
}
