import { and, asc, eq, inArray, lt, notExists } from "drizzle-orm";
import { blogPostUploads, listingPhotoUploads, photoUploads, type ListingPhoto, type PhotoAnalysis } from "~/db/schema";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";

/**
 * Which uploaded photo files are still wanted. Every upload is recorded with the keys of its files;
 * each listing links the uploads it shows, each blog post its featured image. An upload nothing
 * links to (never saved, removed, or left by a deleted listing or post) is deleted once it is a day old, so a
 * form someone is still filling in keeps its fresh uploads. Bundled images (/demo, /images) are
 * not uploads and are never touched.
 */

/** How old an unlinked upload must be before its files are deleted. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/** What linking needs of the file storage: which addresses are its uploads. */
export type PhotoStorage = Pick<StorageAdapter, "keyFromUrl">;

const UPLOAD_FOLDER = /^listings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

/** The upload folder id behind a listing photo URL, if the photo is one of our uploads. */
export function uploadIdOf(url: string, storage: PhotoStorage): string | undefined {
  const key = storage.keyFromUrl(url);
  return key ? UPLOAD_FOLDER.exec(key)?.[1] : undefined;
}

export async function recordPhotoUpload(
  db: Executor,
  upload: { id: string; ownerId: string; keys: string[]; analysis?: PhotoAnalysis },
): Promise<void> {
  await db.insert(photoUploads).values(upload);
}

/** The upload-time scores of the photos at `urls` that are our uploads and were scored, by URL. */
export async function photoAnalyses(
  db: Executor,
  urls: string[],
  storage: PhotoStorage,
): Promise<Map<string, PhotoAnalysis>> {
  const idsByUrl = new Map(urls.map((url) => [url, uploadIdOf(url, storage)] as const));
  const ids = [...new Set([...idsByUrl.values()].filter((id) => id !== undefined))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: photoUploads.id, analysis: photoUploads.analysis })
    .from(photoUploads)
    .where(inArray(photoUploads.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.analysis]));
  const found = new Map<string, PhotoAnalysis>();
  for (const [url, id] of idsByUrl) {
    const analysis = id ? byId.get(id) : undefined;
    if (analysis) found.set(url, analysis);
  }
  return found;
}

/** The recorded uploads among `urls` (unknown and bundled URLs are ignored), locked against a sweep. */
async function knownUploads(db: Executor, urls: string[], storage: PhotoStorage): Promise<string[]> {
  const ids = [...new Set(urls.map((url) => uploadIdOf(url, storage)).filter((id) => id !== undefined))];
  if (ids.length === 0) return [];
  // KEY SHARE waits for a sweep that holds one of these uploads, and then no longer sees it.
  const known = await db
    .select({ id: photoUploads.id })
    .from(photoUploads)
    .where(inArray(photoUploads.id, ids))
    .for("key share");
  return known.map(({ id }) => id);
}

/**
 * Makes the listing link exactly the uploads its photos show. Run in the same transaction as the
 * listing write.
 */
export async function linkListingPhotos(
  db: Executor,
  listingId: string,
  photos: ListingPhoto[],
  storage: PhotoStorage,
): Promise<void> {
  await db.delete(listingPhotoUploads).where(eq(listingPhotoUploads.listingId, listingId));
  const known = await knownUploads(
    db,
    photos.map((photo) => photo.url),
    storage,
  );
  if (known.length === 0) return;
  await db
    .insert(listingPhotoUploads)
    .values(known.map((uploadId) => ({ listingId, uploadId })))
    .onConflictDoNothing();
}

/**
 * Makes the post link exactly the upload its featured image is (none for an outside URL or no
 * image). Run in the same transaction as the post write.
 */
export async function linkPostImage(
  db: Executor,
  postId: string,
  featuredImage: string | null,
  storage: PhotoStorage,
): Promise<void> {
  await db.delete(blogPostUploads).where(eq(blogPostUploads.postId, postId));
  const known = await knownUploads(db, featuredImage ? [featuredImage] : [], storage);
  if (known.length === 0) return;
  await db
    .insert(blogPostUploads)
    .values(known.map((uploadId) => ({ postId, uploadId })))
    .onConflictDoNothing();
}

export interface SweepOptions {
  now?: () => Date;
  storage: StorageAdapter;
  /** Uploads deleted per run at most. */
  batchSize?: number;
}

/**
 * Deletes the files and records of unlinked uploads older than a day; returns how many went.
 * The candidates are locked (`SKIP LOCKED`) for the run, so two instances never work on the same
 * upload, and a listing saved meanwhile waits for the lock instead of linking a deleted upload.
 * A storage failure rolls the run back; the next run tries again (deleting a missing file is fine).
 */
export async function sweepUnusedPhotoUploads(
  db: Executor,
  { now = () => new Date(), storage, batchSize = 100 }: SweepOptions,
): Promise<number> {
  const cutoff = new Date(now().getTime() - UNUSED_UPLOAD_TTL_MS);
  return db.transaction(async (tx) => {
    const unused = await tx
      .select({ id: photoUploads.id, keys: photoUploads.keys })
      .from(photoUploads)
      .where(
        and(
          lt(photoUploads.createdAt, cutoff),
          notExists(
            tx
              .select({ one: listingPhotoUploads.uploadId })
              .from(listingPhotoUploads)
              .where(eq(listingPhotoUploads.uploadId, photoUploads.id)),
          ),
          notExists(
            tx
              .select({ one: blogPostUploads.uploadId })
              .from(blogPostUploads)
              .where(eq(blogPostUploads.uploadId, photoUploads.id)),
          ),
        ),
      )
      .orderBy(asc(photoUploads.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (unused.length === 0) return 0;
    for (const { keys } of unused) await Promise.all(keys.map((key) => storage.deleteObject(key)));
    await tx.delete(photoUploads).where(
      inArray(
        photoUploads.id,
        unused.map(({ id }) => id),
      ),
    );
    return unused.length;
  });
}

/** Sweeps unused uploads every `intervalMs` until the returned stop function is called. */
export function startPhotoSweeper(
  db: Executor,
  options: {
    intervalMs: number;
    logger: Pick<Logger, "info" | "error">;
    storage: StorageAdapter;
  },
): () => Promise<void> {
  const task = startPeriodicTask({
    name: "photo-sweeper",
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      const deleted = await sweepUnusedPhotoUploads(db, { storage: options.storage });
      if (deleted > 0) options.logger.info({ deleted }, "unused photo uploads deleted");
    },
  });
  return () => task.stop();
}
