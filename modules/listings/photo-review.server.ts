import { and, eq } from "drizzle-orm";
import { listings, type ListingPhoto } from "~/db/schema";
import type { RoomType } from "~/db/listing-facts";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { managedListings } from "~/modules/listings/listing-scope.server";
import { canWriteListings, listingScope } from "~/modules/listings/permissions";
import { generatedAlt, MAX_PHOTO_ALT_CHARS } from "~/modules/listings/photo-alt";
import { photoAnalyses, type PhotoStorage } from "~/modules/media/photo-uploads.server";
import { normalizePhotos } from "~/modules/media/photos";
import { suggestPhotoOrder, type PhotoSuggestion } from "~/modules/media/photo-suggestions";

/**
 * The photos page of a listing: the upload-time scores turned into a suggested cover and order,
 * applied only on the landlord's word, and each photo's alt text. Every function finds the listing
 * through `managedListings`, so another landlord's listing is "not-found" and nothing changes.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PhotoReviewRefusal = "not-found" | "forbidden" | "stale" | "alt-too-long";
type Result<T> = { ok: true; value: T } | { ok: false; reason: PhotoReviewRefusal };

export interface PhotoReview {
  listing: { id: string; title: string; roomType: RoomType };
  /** In the current order; `alt` is the landlord's or the model's, `generatedAlt` what is shown without it. */
  photos: (ListingPhoto & { generatedAlt: string })[];
  suggestion: PhotoSuggestion;
}

type ListingRow = Pick<typeof listings.$inferSelect, "listingId" | "listingTitle" | "roomType" | "photos">;

const reviewColumns = {
  listingId: listings.listingId,
  listingTitle: listings.listingTitle,
  roomType: listings.roomType,
  photos: listings.photos,
};

async function findManaged(db: Executor, viewer: Viewer, listingId: string, lock: boolean): Promise<ListingRow | null> {
  const query = db
    .select(reviewColumns)
    .from(listings)
    .where(and(eq(listings.listingId, listingId), managedListings(viewer)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

async function review(db: Executor, row: ListingRow, storage: PhotoStorage): Promise<PhotoReview> {
  const photos = normalizePhotos(row.photos);
  const analyses = await photoAnalyses(
    db,
    photos.map((photo) => photo.url),
    storage,
  );
  const listing = { id: row.listingId, title: row.listingTitle, roomType: row.roomType };
  return {
    listing,
    photos: photos.map((photo, index) => ({ ...photo, generatedAlt: generatedAlt(listing, index, photos.length) })),
    suggestion: suggestPhotoOrder(
      photos.map((photo) => ({ url: photo.url, analysis: analyses.get(photo.url) ?? null })),
    ),
  };
}

function refusedUpFront(viewer: Viewer, listingId: string): PhotoReviewRefusal | null {
  if (!canWriteListings(viewer)) return "forbidden";
  if (!UUID.test(listingId)) return "not-found";
  return null;
}

/** A listing's photos with their flags and the suggested order, for the landlord who manages it. */
export async function photoReviewFor(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  { storage }: { storage: PhotoStorage },
): Promise<Result<PhotoReview>> {
  const refusal = refusedUpFront(viewer, listingId);
  if (refusal) return { ok: false, reason: refusal };
  const row = await findManaged(db, viewer, listingId, false);
  if (!row) return { ok: false, reason: "not-found" };
  return { ok: true, value: await review(db, row, storage) };
}

async function auditAdmin(tx: Executor, viewer: Viewer, listingId: string, action: string, meta?: AuditMeta) {
  if (listingScope(viewer) !== "all") return;
  await recordAudit(tx, {
    actor: viewer,
    action,
    targetType: "listing",
    targetId: listingId,
    before: null,
    after: null,
    meta: meta ?? { clientAddress: "unknown" },
  });
}

/**
 * Puts the photos in the suggested order. `shown` is the order the page showed (URLs): if the
 * photos or their scores changed since, the listing is left alone ("stale") and the page shows the
 * new suggestion.
 */
export async function applySuggestedPhotoOrder(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  { shown, storage, meta }: { shown: string[]; storage: PhotoStorage; meta?: AuditMeta },
): Promise<Result<{ photos: ListingPhoto[] }>> {
  const refusal = refusedUpFront(viewer, listingId);
  if (refusal) return { ok: false, reason: refusal };
  return db.transaction(async (tx) => {
    const row = await findManaged(tx, viewer, listingId, true);
    if (!row) return { ok: false, reason: "not-found" } as const;
    const { suggestion } = await review(tx, row, storage);
    const suggested = suggestion.photos.map((photo) => photo.url);
    if (JSON.stringify(suggested) !== JSON.stringify(shown)) return { ok: false, reason: "stale" } as const;
    const current = normalizePhotos(row.photos);
    const photos = suggestion.photos.map((photo) => current[photo.position - 1]!);
    await tx.update(listings).set({ photos }).where(eq(listings.listingId, row.listingId));
    await auditAdmin(tx, viewer, row.listingId, "listing.photo-order", meta);
    return { ok: true, value: { photos } } as const;
  });
}

/**
 * Sets the alt text of the listing's photo at `url` (trimmed; empty goes back to the generated
 * text). Longer than MAX_PHOTO_ALT_CHARS is refused with nothing changed.
 */
export async function setPhotoAlt(
  db: Executor,
  viewer: Viewer,
  listingId: string,
  { url, alt, meta }: { url: string; alt: string; meta?: AuditMeta },
): Promise<Result<{ alt: string | null }>> {
  const refusal = refusedUpFront(viewer, listingId);
  if (refusal) return { ok: false, reason: refusal };
  const text = alt.replace(/\s+/g, " ").trim();
  if (text.length > MAX_PHOTO_ALT_CHARS) return { ok: false, reason: "alt-too-long" };
  return db.transaction(async (tx) => {
    const row = await findManaged(tx, viewer, listingId, true);
    if (!row) return { ok: false, reason: "not-found" } as const;
    const current = normalizePhotos(row.photos);
    if (!current.some((photo) => photo.url === url)) return { ok: false, reason: "stale" } as const;
    const photos = current.map((photo) => {
      if (photo.url !== url) return photo;
      const { alt: _previous, ...rest } = photo;
      return text ? { ...rest, alt: text } : rest;
    });
    await tx.update(listings).set({ photos }).where(eq(listings.listingId, row.listingId));
    await auditAdmin(tx, viewer, row.listingId, "listing.photo-alt", meta);
    return { ok: true, value: { alt: text || null } } as const;
  });
}
