import { createHash } from "node:crypto";
import { and, eq, type SQL } from "drizzle-orm";
import { listings, listingStatuses, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { ListingFormInput } from "~/modules/listings/listing-form";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { canCreateListings, canWriteListings } from "~/modules/listings/permissions";
import { linkListingPhotos } from "~/modules/media/photo-uploads.server";

export type ListingStatus = (typeof listingStatuses)[number];

/** What a refused write reports: the listing is missing or not the viewer's (never which), or the viewer may not write at all. */
export type WriteResult<T = { id: string }> = { ok: true; value: T } | { ok: false; reason: "not-found" | "forbidden" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing `listingId` if `viewer` manages it. */
function writableBy(viewer: Viewer, listingId: string): SQL | undefined {
  return and(eq(listings.listingId, listingId), managedListings(viewer));
}

/** The form's fields as listing columns. */
function columns(input: ListingFormInput) {
  return {
    listingTitle: input.title,
    address: input.address,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
    country: input.country,
    description: input.description,
    weeklyRent: input.weeklyRent,
    availableFrom: input.availableFrom,
    latitude: input.latitude,
    longitude: input.longitude,
    photos: input.photos,
  };
}

/** The listing as the edit form shows it, if `viewer` may edit it. */
export async function findListingForEdit(db: Executor, viewer: Viewer, listingId: string) {
  if (!canWriteListings(viewer) || !UUID.test(listingId)) return null;
  const [row] = await db.select().from(listings).where(writableBy(viewer, listingId)).limit(1);
  return row ?? null;
}

/** Creates a listing owned by `viewer`, with their e-mail, name and phone as its contact details. */
export async function createListing(db: Executor, viewer: Viewer, input: ListingFormInput): Promise<WriteResult> {
  if (!canCreateListings(viewer)) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, viewer.id))
      .limit(1);
    const [row] = await tx
      .insert(listings)
      .values({
        ...columns(input),
        landlordId: viewer.id,
        landlordEmail: viewer.email,
        landlordName: [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || null,
        landlordPhone: profile?.phone ?? null,
      })
      .returning({ id: listings.listingId });
    if (!row) throw new Error("the listing insert returned no row");
    await linkListingPhotos(tx, row.id, input.photos);
    return { ok: true, value: { id: row.id } } as const;
  });
}

/**
 * A listing's version: a hash of the whole stored row, so any change to it (by anyone) gives a new
 * one. Clients send it back to say which version their change is based on.
 */
export function listingVersion(row: typeof listings.$inferSelect): string {
  return createHash("sha256").update(JSON.stringify(row)).digest("base64url").slice(0, 27);
}

/**
 * Updates a listing the viewer may edit; the owner and their contact details stay as they were.
 * With `ifVersion`, the row is locked and the update only happens if it is still that version
 * ("stale" otherwise), so two clients cannot silently overwrite each other.
 */
export async function updateListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  input: ListingFormInput,
  { ifVersion }: { ifVersion?: string } = {},
): Promise<WriteResult | { ok: false; reason: "stale" }> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    if (ifVersion !== undefined) {
      const [current] = await tx.select().from(listings).where(writableBy(viewer, listingId)).for("update").limit(1);
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (listingVersion(current) !== ifVersion) return { ok: false, reason: "stale" } as const;
    }
    const [row] = await tx
      .update(listings)
      .set(columns(input))
      .where(writableBy(viewer, listingId))
      .returning({ id: listings.listingId });
    if (!row) return { ok: false, reason: "not-found" } as const;
    await linkListingPhotos(tx, row.id, input.photos);
    return { ok: true, value: { id: row.id } } as const;
  });
}

/** Marks a listing let or available again (or under review), under the same rule as editing. */
export async function setListingStatus(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  status: ListingStatus,
): Promise<WriteResult<{ id: string; status: ListingStatus }>> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId) || !listingStatuses.includes(status)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(listings)
    .set({ status })
    .where(writableBy(viewer, listingId))
    .returning({ id: listings.listingId, status: listings.status });
  return row ? { ok: true, value: row } : { ok: false, reason: "not-found" };
}

/** Deletes a listing the viewer may edit (its favourites and photo links go with it; the sweeper removes the files). */
export async function deleteListing(db: Executor, viewer: Viewer, listingId: string): Promise<WriteResult> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  const [row] = await db.delete(listings).where(writableBy(viewer, listingId)).returning({ id: listings.listingId });
  return row ? { ok: true, value: { id: row.id } } : { ok: false, reason: "not-found" };
}
