// The one module that still reads the configuration itself: the storage origins a post's images may
// come from are not yet passed to the blog's reads and writes like the other services.
// eslint-disable-next-line no-restricted-imports
import { env } from "~/lib/env.server";
// eslint-disable-next-line no-restricted-imports
import { storageImageOrigins } from "~/lib/adapters/storage/index.server";
import { safeUrl, sanitizeHtml, type SanitizedHtml } from "~/modules/blog/sanitize-html";

/**
 * Posts show our own images only: paths on this site, or addresses where uploads are stored (the
 * origins the Content-Security-Policy's img-src allows besides the site). An image from another
 * site is dropped from the content and refused as the featured image (ADR 85).
 */
function postImageOrigins(): string[] {
  return storageImageOrigins(env());
}

/** A post's content as it is saved and shown. */
export function sanitizePostHtml(dirty: string | null | undefined): SanitizedHtml {
  return sanitizeHtml(dirty, { imageOrigins: postImageOrigins() });
}

/** A featured image address as it may be shown, or null when it is not one of our images. */
export function postImageUrl(value: string | null | undefined): string | null {
  return safeUrl(value ?? undefined, "image", postImageOrigins());
}
