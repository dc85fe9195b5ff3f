import { data } from "react-router";
import type { Route } from "./+types/post-image";
import { gatedViewer } from "~/app/http/gates.server";
import { logger } from "~/lib/logger.server";
import { database } from "~/lib/request-context";
import type { PostImageUploadResult } from "~/modules/blog/post-image-upload";
import { uploadPostImage } from "~/modules/blog/post-image.server";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import { ListingPhotoError, listingPhotoRateLimiter } from "~/modules/media/listing-photos.server";

const STATUS_BY_PROBLEM = { notAnImage: 415, tooLarge: 413, tooManyPixels: 422 } as const;

const answer = (result: PostImageUploadResult, status: number, headers?: HeadersInit) =>
  data(result, { status, headers });

/**
 * POST /admin/posts/image (multipart, one image in the field `file`): the post editor's featured
 * image. The admin gate has already sent anyone but staff and admins away. Answers 201
 * `{ publicUrl }`, or `{ error }` with 403, 429 (the per-user photo upload budget), 413, 400, 415,
 * 422 or 500, as the listing photo upload does. Nothing is stored unless the answer is 201.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
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
  // The server caps the body (server/index.ts): a cut-off body reads as unreadable here and is answered 413 there.
  const form = await request.formData().catch(() => null);
  const files = form ? form.getAll("file").filter((value) => value instanceof File) : [];
  const [file] = files;
  if (!file || files.length > 1) return answer({ error: "Send one image as the form field file." }, 400);
  if (file.size > MAX_LISTING_PHOTO_BYTES) return answer({ error: LISTING_PHOTO_ERRORS.tooLarge }, 413);
  try {
    const result = await uploadPostImage(database(context), viewer, Buffer.from(await file.arrayBuffer()));
    if (!result.ok) return answer({ error: "You don't have permission to access this area" }, 403);
    return answer({ publicUrl: result.url }, 201);
  } catch (error) {
    if (error instanceof ListingPhotoError) return answer({ error: error.message }, STATUS_BY_PROBLEM[error.problem]);
    logger.error({ err: error, userId: viewer.id }, "post image upload failed");
    return answer({ error: "The image could not be saved. Please try again." }, 500);
  }
}

const postOnly = () => answer({ error: "Upload images with POST." }, 405, { Allow: "POST" });

/** Nothing to show at this address: it only answers the editor's POST. */
export function loader() {
  return postOnly();
}
