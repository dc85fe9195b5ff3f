import { data } from "react-router";
import type { Route } from "./+types/photos";
import { database } from "~/lib/request-context";
import { logger } from "~/lib/logger.server";
import { gatedViewer } from "~/app/http/gates.server";
import {
  LISTING_PHOTO_ERRORS,
  MAX_LISTING_PHOTO_BYTES,
  type ListingPhotoUploadResult,
} from "~/modules/media/listing-photo-upload";
import { ListingPhotoError, listingPhotoRateLimiter, saveListingPhoto } from "~/modules/media/listing-photos.server";

const STATUS_BY_PROBLEM = { notAnImage: 415, tooLarge: 413, tooManyPixels: 422 } as const;

const answer = (result: ListingPhotoUploadResult, status: number, headers?: HeadersInit) =>
  data(result, { status, headers });

/**
 * POST /list-property/photos (multipart, one image in the field `file`): the listing form's photo
 * upload. Listing writers only. Answers 201 `{ publicUrl, photo }`, or
 * `{ error }` with 401 (signed out), 403, 429 (per-user limit, with Retry-After), 413 (over 15 MB; bodies over
 * the cap are refused by the server before they are read),
 * 400 (no single file), 415 (not an image), 422 (too many pixels) or 500. Nothing is stored
 * unless the answer is 201.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  // The parent route's gate has answered anyone but a listing writer with 401 or 403 JSON.
  const viewer = gatedViewer(context);
  const limit = await listingPhotoRateLimiter.hit(viewer.id);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return answer(
      { error: `Too many photo uploads. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      429,
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  // The server caps the body (server/middleware/body-limit.ts): a cut-off body reads as unreadable here and is answered 413 there.
  const form = await request.formData().catch(() => null);
  const files = form ? form.getAll("file").filter((value) => value instanceof File) : [];
  const [file] = files;
  if (!file || files.length > 1) return answer({ error: "Send one image as the form field file." }, 400);
  if (file.size > MAX_LISTING_PHOTO_BYTES) return answer({ error: LISTING_PHOTO_ERRORS.tooLarge }, 413);

  try {
    const photo = await saveListingPhoto(database(context), viewer.id, Buffer.from(await file.arrayBuffer()));
    return answer({ publicUrl: photo.url, photo }, 201);
  } catch (error) {
    if (error instanceof ListingPhotoError) return answer({ error: error.message }, STATUS_BY_PROBLEM[error.problem]);
    logger.error({ err: error, userId: viewer.id }, "listing photo upload failed");
    return answer({ error: "The photo could not be saved. Please try again." }, 500);
  }
}

const postOnly = () => answer({ error: "Upload photos with POST." }, 405, { Allow: "POST" });

/** Nothing to show at this address: it only answers the uploader's POST. */
export function loader() {
  return postOnly();
}
