import { hash } from "node:crypto";
import { and, eq, type SQL } from "drizzle-orm";
import { listings, listingStatuses, profiles } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import type { ListingFormInput } from "~/modules/listings/listing-form";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { canCreateListings, canWriteListings, listingScope } from "~/modules/listings/permissions";
import { isModerated } from "~/modules/listings/visibility";
import { newListingStatus, statusChange } from "~/modules/listings/status-change.server";
import { linkListingPhotos, type PhotoStorage } from "~/modules/media/photo-uploads.server";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { placeListing, type ListingPlacement } from "~/modules/listings/listing-placement.server";

export type ListingStatus = (typeof listingStatuses)[number];

/** What a refused write reports: the listing is missing or not the viewer's (never which), or the viewer may not write at all. */
export type WriteResult<T = { id: string }> = { ok: true; value: T } | { ok: false; reason: "not-found" | "forbidden" };

/**
 * Why a status change was refused: only moderators set hidden or under review, and only they move a
 * listing out of those statuses.
 */
export type StatusRefusal = "moderators-only" | "under-moderation";

/** A write that may change the status too: refused as a whole when the status change is. */
export type StatusWriteResult<T = { id: string }> = WriteResult<T> | { ok: false; reason: StatusRefusal };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An admin's change to a listing is audited (a landlord's own edits are not: they are the owner's
 * business). `meta` carries the transport's client address; without it the row says "unknown".
 */
async function auditAdminChange(
  tx: Executor,
  viewer: Viewer,
  entry: { action: string; listingId: string; before?: Record<string, unknown>; after?: Record<string, unknown> },
  meta: AuditMeta | undefined,
) {
  if (listingScope(viewer) !== "all") return;
  await recordAudit(tx, {
    actor: viewer,
    action: entry.action,
    targetType: "listing",
    targetId: entry.listingId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    meta: meta ?? { clientAddress: "unknown" },
  });
}

/** The fields an audit row keeps of a listing edit: the ones that changed. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** The listing `listingId` if `viewer` manages it. */
function writableBy(viewer: Viewer, listingId: string): SQL | undefined {
  return and(eq(listings.listingId, listingId), managedListings(viewer));
}

/** The form's fields as listing columns, placed where `placeListing` put them. */
function columns(input: ListingFormInput, placement: ListingPlacement) {
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
    ...placement,
    photos: input.photos,
    minLeaseMonths: input.minLeaseMonths,
    maxLeaseMonths: input.maxLeaseMonths,
    billsIncluded: input.billsIncluded,
    billsCap: input.billsCap,
    billsEstimate: input.billsEstimate,
    furnished: input.furnished,
    roomType: input.roomType,
  };
}

/**
 * Whether `viewer` may move a listing from `current` (null: a new listing) to `next`: a landlord
 * marks their listing let or available, and never sets or lifts moderation; admins (and staff
 * through the API) may set any status.
 */
function statusRefusal(viewer: Viewer, current: ListingStatus | null, next: ListingStatus): StatusRefusal | null {
  if (listingScope(viewer) === "all") return null;
  if (isModerated({ status: next })) return "moderators-only";
  if (current !== null && isModerated({ status: current })) return "under-moderation";
  return null;
}

/** Writes an allowed status change (the listing is locked by the caller's transaction) and audits an admin's. */
async function writeStatus(
  tx: Executor,
  viewer: Viewer,
  listingId: string,
  change: { from: ListingStatus; to: ListingStatus },
  meta: AuditMeta | undefined,
) {
  await tx.update(listings).set(statusChange(change.to)).where(writableBy(viewer, listingId));
  await auditAdminChange(
    tx,
    viewer,
    { action: "listing.status", listingId, before: { status: change.from }, after: { status: change.to } },
    meta,
  );
}

/** The listing as the edit form shows it, if `viewer` may edit it. */
export async function findListingForEdit(db: Executor, viewer: Viewer, listingId: string) {
  if (!canWriteListings(viewer) || !UUID.test(listingId)) return null;
  const [row] = await db.select().from(listings).where(writableBy(viewer, listingId)).limit(1);
  return row ?? null;
}

/**
 * Creates a listing owned by `viewer`, with their e-mail, name and phone as its contact details, and
 * the `status` given (available by default) if the viewer may set it. `storage` tells which photo
 * addresses are uploads; `maps` geocodes the address (a failure saves the listing unplaced).
 */
export async function createListing(
  db: Executor,
  viewer: Viewer,
  input: ListingFormInput,
  { status, storage, maps }: { status?: ListingStatus; storage: PhotoStorage; maps: MapsAdapter },
): Promise<{ ok: true; value: { id: string } } | { ok: false; reason: "forbidden" | StatusRefusal }> {
  if (!canCreateListings(viewer)) return { ok: false, reason: "forbidden" };
  const refusal = status === undefined ? null : statusRefusal(viewer, null, status);
  if (refusal) return { ok: false, reason: refusal };
  // Geocoded before the transaction, so a slow provider holds no locks.
  const placement = await placeListing(db, maps, input);
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, viewer.id))
      .limit(1);
    const [row] = await tx
      .insert(listings)
      .values({
        ...columns(input, placement),
        ...(status === undefined ? {} : newListingStatus(status)),
        landlordId: viewer.id,
        landlordEmail: viewer.email,
        landlordName: [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || null,
        landlordPhone: profile?.phone ?? null,
      })
      .returning({ id: listings.listingId });
    if (!row) throw new Error("the listing insert returned no row");
    await linkListingPhotos(tx, row.id, input.photos, storage);
    return { ok: true, value: { id: row.id } } as const;
  });
}

/**
 * A listing's version: a hash of the whole stored row, so any change to it (by anyone) gives a new
 * one. Clients send it back to say which version their change is based on.
 */
export function listingVersion(row: typeof listings.$inferSelect): string {
  return hash("sha256", JSON.stringify(row), "base64url").slice(0, 27);
}

/**
 * Updates a listing the viewer may edit; the owner and their contact details stay as they were.
 * With `ifVersion`, the row is locked and the update only happens if it is still that version
 * ("stale" otherwise), so two clients cannot silently overwrite each other. With `status`, the
 * status changes too under `setListingStatus`'s rule; if that is refused, nothing changes. A changed
 * address is geocoded through `maps` (`placeListing`).
 */
export async function updateListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  input: ListingFormInput,
  {
    ifVersion,
    meta,
    status,
    storage,
    maps,
  }: { ifVersion?: string; meta?: AuditMeta; status?: ListingStatus; storage: PhotoStorage; maps: MapsAdapter },
): Promise<StatusWriteResult | { ok: false; reason: "stale" }> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  // Placed against the listing as it is now, before the transaction, so a slow provider holds no locks.
  const [current] = await db.select().from(listings).where(writableBy(viewer, listingId)).limit(1);
  if (!current) return { ok: false, reason: "not-found" };
  const placement = await placeListing(db, maps, input, current);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(listings).where(writableBy(viewer, listingId)).for("update").limit(1);
    if (!before) return { ok: false, reason: "not-found" } as const;
    if (ifVersion !== undefined && listingVersion(before) !== ifVersion) return { ok: false, reason: "stale" } as const;
    const refusal = status === undefined ? null : statusRefusal(viewer, before.status, status);
    if (refusal) return { ok: false, reason: refusal } as const;
    const values = columns(input, placement);
    const [row] = await tx
      .update(listings)
      .set(values)
      .where(writableBy(viewer, listingId))
      .returning({ id: listings.listingId });
    if (!row) return { ok: false, reason: "not-found" } as const;
    await linkListingPhotos(tx, row.id, input.photos, storage);
    const { photos: _photos, ...audited } = values;
    const beforeValues = Object.fromEntries(
      Object.keys(audited).map((key) => [key, before[key as keyof typeof before]]),
    );
    await auditAdminChange(
      tx,
      viewer,
      { action: "listing.update", listingId, ...changedFields(beforeValues, audited) },
      meta,
    );
    if (status !== undefined) await writeStatus(tx, viewer, listingId, { from: before.status, to: status }, meta);
    return { ok: true, value: { id: row.id } } as const;
  });
}

/**
 * Marks a listing let or available again, under the same rule as editing; a landlord can neither
 * set nor lift moderation (hidden, under review: that is `moderateListing`).
 */
export async function setListingStatus(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  status: ListingStatus,
  meta?: AuditMeta,
): Promise<StatusWriteResult<{ id: string; status: ListingStatus }>> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId) || !listingStatuses.includes(status)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: listings.status })
      .from(listings)
      .where(writableBy(viewer, listingId))
      .for("update");
    if (!before) return { ok: false, reason: "not-found" } as const;
    const refusal = statusRefusal(viewer, before.status, status);
    if (refusal) return { ok: false, reason: refusal } as const;
    await writeStatus(tx, viewer, listingId, { from: before.status, to: status }, meta);
    return { ok: true, value: { id: listingId, status } } as const;
  });
}

/** Deletes a listing the viewer may edit (its favourites and photo links go with it; the sweeper removes the files). */
export async function deleteListing(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  meta?: AuditMeta,
): Promise<WriteResult> {
  if (!canWriteListings(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(listingId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(listings)
      .where(writableBy(viewer, listingId))
      .returning({ id: listings.listingId, title: listings.listingTitle, landlordId: listings.landlordId });
    if (!row) return { ok: false, reason: "not-found" } as const;
    await auditAdminChange(
      tx,
      viewer,
      { action: "listing.delete", listingId, before: { title: row.title, landlordId: row.landlordId } },
      meta,
    );
    return { ok: true, value: { id: row.id } } as const;
  });
}
