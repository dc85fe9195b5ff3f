import type { ListingPhoto, PhotoAnalysis } from "~/db/schema";

/**
 * The listing photo upload contract, shared by the uploader (which checks the size before
 * sending) and the server (the authority): limits, messages, the address and its answer.
 */

/** POST one image as the multipart field `file` (app/routes/list-property/photos.ts). */
export const LISTING_PHOTO_UPLOAD_PATH = "/list-property/photos";

/**
 * 201 with the stored photo (`publicUrl` is its fallback URL) and its scores (the uploader flags
 * problems from them), else a message to show.
 */
export type ListingPhotoUploadResult =
  { publicUrl: string; photo: ListingPhoto; analysis: PhotoAnalysis } | { error: string };

/** Responsive widths stored for each photo; the largest is also the JPEG fallback's width. */
export const LISTING_PHOTO_WIDTHS = [400, 800, 1600] as const;
export const MAX_LISTING_PHOTO_BYTES = 15 * 1024 * 1024;
/** The photo plus its multipart envelope: the server refuses a bigger request body. */
export const MAX_LISTING_PHOTO_REQUEST_BYTES = MAX_LISTING_PHOTO_BYTES + 64 * 1024;
/** Checked from the header before decoding (a 50 MP phone photo is fine; a decompression bomb is not). */
export const MAX_LISTING_PHOTO_PIXELS = 50_000_000;

export const LISTING_PHOTO_ERRORS = {
  tooLarge: `That photo is larger than ${MAX_LISTING_PHOTO_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `That photo has too many pixels: please use one under ${MAX_LISTING_PHOTO_PIXELS / 1_000_000} megapixels.`,
  notAnImage: "That file is not an image we can read.",
} as const;
