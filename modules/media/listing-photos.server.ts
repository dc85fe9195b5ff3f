import { createHash, randomUUID } from "node:crypto";
import type { Sharp } from "sharp";
import type { ListingPhoto, PhotoAnalysis } from "~/db/schema";
import type { PhotoDescriber } from "~/lib/adapters/ai/photo-describer";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import {
  decodeImage,
  encodeDecoded,
  ImageDecodeError,
  type DecodedImage,
  type ImageProblem,
} from "~/modules/media/internal/image-decode.server";
import {
  LISTING_PHOTO_ERRORS,
  LISTING_PHOTO_WIDTHS,
  MAX_LISTING_PHOTO_BYTES,
  MAX_LISTING_PHOTO_PIXELS,
} from "~/modules/media/listing-photo-upload";
import { recordPhotoUpload } from "~/modules/media/photo-uploads.server";
import { measurePhoto, type PhotoMeasures } from "~/modules/media/internal/photo-scoring.server";

/** The only copy a vision model is sent: small, JPEG, without metadata. */
const VISION_COPY_WIDTH = 512;

/** Per user: each upload costs up to a few seconds of encoding and seven stored files. */
export const listingPhotoRateLimiter = createRateLimiter({ name: "listing-photos", limit: 60, windowMs: 10 * 60_000 });

export type PhotoFormat = NonNullable<ListingPhoto["variants"]>[number]["format"];

/** A problem with the uploaded file itself; `message` is meant for the person who sent it. */
export class ListingPhotoError extends Error {
  readonly problem: ImageProblem;

  constructor(problem: ImageProblem) {
    super(LISTING_PHOTO_ERRORS[problem]);
    this.name = "ListingPhotoError";
    this.problem = problem;
  }
}

const ENCODINGS: Record<PhotoFormat, { extension: string; contentType: string; encode: (image: Sharp) => Sharp }> = {
  webp: { extension: "webp", contentType: "image/webp", encode: (image) => image.webp({ quality: 80 }) },
  // Effort 2 of 9: about a tenth of the default's encoding time, so an upload answers in seconds.
  avif: { extension: "avif", contentType: "image/avif", encode: (image) => image.avif({ quality: 50, effort: 2 }) },
  // JPEG has no transparency: a transparent PNG goes on white, not black.
  jpeg: {
    extension: "jpg",
    contentType: "image/jpeg",
    encode: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }),
  },
};

const LARGEST_WIDTH = Math.max(...LISTING_PHOTO_WIDTHS);

/** The widths made for a photo `width` px wide: the standard ones below it, then its own width up to the largest. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, LARGEST_WIDTH);
  return [...LISTING_PHOTO_WIDTHS.filter((standard) => standard < largest), largest];
}

export interface EncodedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedListingPhoto {
  /** The JPEG at the largest width made: what browsers without `srcset` support load. */
  fallback: EncodedPhoto;
  /** WebP, then AVIF, at each of `variantWidths`. */
  responsive: EncodedPhoto[];
  /** Sharpness, exposure and perceptual hash at the stored size. */
  measures: PhotoMeasures;
  /** A small JPEG for a vision model, made only when asked for. */
  visionCopy: () => Promise<Buffer>;
}

/**
 * Any photo sharp reads (at most 15 MB and 50 megapixels) becomes responsive WebP and AVIF files
 * plus a JPEG fallback, upright from its EXIF orientation, never upscaled, with no metadata (EXIF,
 * GPS, XMP, ICC) carried over. It is decoded once, already shrunk to the largest width.
 */
export async function processListingPhoto(input: Buffer): Promise<ProcessedListingPhoto> {
  let largest: DecodedImage;
  try {
    largest = await decodeImage(
      input,
      { maxBytes: MAX_LISTING_PHOTO_BYTES, maxPixels: MAX_LISTING_PHOTO_PIXELS },
      (image) => image.resize({ width: LARGEST_WIDTH, withoutEnlargement: true }),
    );
  } catch (error) {
    if (error instanceof ImageDecodeError) throw new ListingPhotoError(error.problem);
    throw error;
  }
  const encode = async (format: PhotoFormat, width: number): Promise<EncodedPhoto> => {
    const { data, info } = await ENCODINGS[format]
      .encode(encodeDecoded(largest).resize({ width }))
      .toBuffer({ resolveWithObject: true });
    return { format, width: info.width, height: info.height, body: data };
  };
  const widths = variantWidths(largest.info.width);
  const [fallback, responsive, measures] = await Promise.all([
    encode("jpeg", largest.info.width),
    Promise.all((["webp", "avif"] as const).flatMap((format) => widths.map((width) => encode(format, width)))),
    measurePhoto(largest),
  ]);
  const visionCopy = () =>
    encodeDecoded(largest)
      .resize({ width: VISION_COPY_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 75 })
      .toBuffer();
  return { fallback, responsive, measures, visionCopy };
}

export interface SaveListingPhotoOptions {
  storage: StorageAdapter;
  /** The vision model, if one is configured: the photo's room and alt text. */
  vision?: PhotoDescriber | null;
  logger?: Pick<Logger, "info" | "warn">;
}

/**
 * The scores plus, with a vision model, its room and alt text. A failing model costs the
 * description, never the upload.
 */
async function analyse(
  processed: ProcessedListingPhoto,
  vision: PhotoDescriber | null | undefined,
  logger: Pick<Logger, "warn">,
): Promise<PhotoAnalysis> {
  if (!vision) return processed.measures;
  try {
    const { room, alt } = await vision.describeListingPhoto(await processed.visionCopy());
    return { ...processed.measures, room, alt };
  } catch (error) {
    logger.warn({ err: error }, "the vision model could not describe a listing photo");
    return processed.measures;
  }
}

/**
 * Processes an upload and stores its files under `listings/<random uuid>/<width>.<content hash>.<ext>`
 * (a name never reused for other bytes, so browsers and CDNs may cache it for a year). Either
 * every file is stored or none is: after a failed upload the others are deleted again. The upload
 * is recorded before its files are written, so files left by a crash are still swept away if no
 * listing uses them. Returns the photo as listings keep it: the JPEG fallback as `url` (with its
 * size), every file as a variant.
 */
/** A stored photo, and its scores for the uploader to flag problems at once. */
export interface SavedListingPhoto {
  photo: ListingPhoto;
  analysis: PhotoAnalysis;
}

export async function saveListingPhoto(
  db: Executor,
  userId: string,
  input: Buffer,
  { storage, vision, logger = defaultLogger }: SaveListingPhotoOptions,
): Promise<SavedListingPhoto> {
  const processed = await processListingPhoto(input);
  const { fallback, responsive } = processed;
  const analysis = await analyse(processed, vision, logger);
  const uploadId = randomUUID();
  const folder = `listings/${uploadId}`;
  const keyOf = (file: EncodedPhoto) =>
    `${folder}/${file.width}.${createHash("sha256").update(file.body).digest("hex").slice(0, 10)}.${ENCODINGS[file.format].extension}`;
  await recordPhotoUpload(db, { id: uploadId, ownerId: userId, keys: [fallback, ...responsive].map(keyOf), analysis });
  const store = async (file: EncodedPhoto) => {
    const contentType = ENCODINGS[file.format].contentType;
    const { url } = await storage.putObject({ key: keyOf(file), body: file.body, contentType });
    return { url, width: file.width, format: file.format };
  };
  const fallbackUpload = store(fallback);
  const responsiveUploads = responsive.map(store);
  try {
    const [stored, variants] = await Promise.all([fallbackUpload, Promise.all(responsiveUploads)]);
    logger.info({ userId, folder }, "listing photo stored");
    const photo = {
      url: stored.url,
      width: fallback.width,
      height: fallback.height,
      ...(analysis.alt ? { alt: analysis.alt } : {}),
      variants: [...variants, stored],
    };
    return { photo, analysis };
  } catch (error) {
    // Let every upload settle first, so none can land after its delete.
    await Promise.allSettled([fallbackUpload, ...responsiveUploads]);
    await Promise.all(
      [fallback, ...responsive].map(async (file) => {
        try {
          await storage.deleteObject(keyOf(file));
        } catch (cleanupError) {
          logger.warn({ err: cleanupError, key: keyOf(file) }, "could not delete a listing photo object");
        }
      }),
    );
    throw error;
  }
}
