import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { canManagePosts } from "~/modules/blog/permissions";
import { saveListingPhoto, type SaveListingPhotoOptions } from "~/modules/media/listing-photos.server";

export type PostImageResult = { ok: true; url: string } | { ok: false; reason: "forbidden" };

/**
 * Stores a featured image for a post, by those who manage posts only: decoded, stripped of
 * metadata and re-encoded like a listing photo (a file that is not a raster image throws
 * `ListingPhotoError`). The upload stays unlinked, and is swept after a day, until a post is saved
 * with its URL.
 */
export async function uploadPostImage(
  db: Executor,
  viewer: Viewer,
  input: Buffer,
  options: SaveListingPhotoOptions,
): Promise<PostImageResult> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  const { photo } = await saveListingPhoto(db, viewer.id, input, options);
  return { ok: true, url: photo.url };
}
