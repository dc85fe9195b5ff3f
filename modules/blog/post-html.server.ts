import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import { safeUrl, sanitizeHtml, type SanitizedHtml } from "~/modules/blog/sanitize-html";

/**
 * Posts show our own images only: paths on this site, or addresses where uploads are stored (the
 * storage's origins, which the Content-Security-Policy's img-src allows besides the site). An image
 * from another site is dropped from the content and refused as the featured image (ADR 85).
 */
export type PostImageStorage = Pick<StorageAdapter, "imageOrigins">;

/** A post's content as it is saved and shown. */
export function sanitizePostHtml(dirty: string | null | undefined, storage: PostImageStorage): SanitizedHtml {
  return sanitizeHtml(dirty, { imageOrigins: storage.imageOrigins });
}

/** A featured image address as it may be shown, or null when it is not one of our images. */
export function postImageUrl(value: string | null | undefined, storage: PostImageStorage): string | null {
  return safeUrl(value ?? undefined, "image", storage.imageOrigins);
}
