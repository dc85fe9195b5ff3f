import { data, type RouterContextProvider } from "react-router";
import { gatedViewer } from "~/app/http/gates.server";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { logger } from "~/lib/logger.server";
import type { Viewer } from "~/modules/auth/viewer";
import { IMAGE_PROBLEM_CODE } from "~/modules/media/image-refusal-code";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import { ListingPhotoError, listingPhotoRateLimiter } from "~/modules/media/listing-photos.server";

interface ImageUpload<T> {
  /** What the person uploads, in messages: "photo" or "image". */
  noun: string;
  /** Stores the image; null when the viewer may not (403). */
  save: (viewer: Viewer, bytes: Buffer) => Promise<T | null>;
}

/**
 * One image in the multipart field `file`, for a script endpoint under a gated parent route (listing
 * photos, a post's featured image): POST only (405), the per-user upload budget (429 with
 * Retry-After), exactly one file (400), at most 15 MB (413; bodies over the cap are refused by the
 * server before they are read), then `save` — 201 with what it returns. The image pipeline's
 * refusals answer 415 or 422, anything else 500. Nothing is stored unless the answer is 201.
 */
export async function imageUploadAction<T extends object>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { noun, save }: ImageUpload<T>,
) {
  const answer = (result: T | { error: string }, status: number, headers?: HeadersInit) =>
    data(result, { status, headers });
  if (request.method !== "POST") return postOnly(noun);
  const viewer = gatedViewer(context);
  const limit = await listingPhotoRateLimiter.hit(viewer.id);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return answer(
      { error: `Too many photo uploads. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      statusFor(COMMON_REFUSALS["rate-limited"]),
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  // A body cut off by the server's cap reads as unreadable here; the server answers it 413.
  const form = await request.formData().catch(() => null);
  const files = form ? form.getAll("file").filter((value) => value instanceof File) : [];
  const [file] = files;
  if (!file || files.length > 1) return answer({ error: "Send one image as the form field file." }, 400);
  if (file.size > MAX_LISTING_PHOTO_BYTES)
    return answer({ error: LISTING_PHOTO_ERRORS.tooLarge }, statusFor(IMAGE_PROBLEM_CODE.tooLarge));
  try {
    const saved = await save(viewer, Buffer.from(await file.arrayBuffer()));
    if (!saved) return answer({ error: "You don't have permission to access this area" }, statusFor("FORBIDDEN"));
    return answer(saved, 201);
  } catch (error) {
    if (error instanceof ListingPhotoError)
      return answer({ error: error.message }, statusFor(IMAGE_PROBLEM_CODE[error.problem]));
    logger.error({ err: error, userId: viewer.id }, `${noun} upload failed`);
    return answer({ error: `The ${noun} could not be saved. Please try again.` }, 500);
  }
}

/** The answer to anything but POST at an upload address. */
export function postOnly(noun: string) {
  return data({ error: `Upload ${noun}s with POST.` }, { status: 405, headers: { Allow: "POST" } });
}
