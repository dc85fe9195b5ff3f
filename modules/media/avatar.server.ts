import { randomUUID } from "node:crypto";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { AVATAR_ERRORS, AVATAR_SIZE, MAX_AVATAR_BYTES, MAX_AVATAR_PIXELS } from "~/modules/media/avatar-limits";
import { decodeImage, encodeDecoded, ImageDecodeError } from "~/modules/media/internal/image-decode.server";
import { replaceAvatarUrl } from "~/modules/profiles/profile.server";

/** A problem with the uploaded file itself; `message` is meant for the person who sent it. */
export class AvatarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AvatarError";
  }
}

/**
 * Any photo sharp reads becomes a 400×400 WebP: turned upright from its EXIF orientation,
 * centre-cropped to a square, with no metadata (EXIF, GPS, XMP, ICC) carried over.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  let square;
  try {
    square = await decodeImage(input, { maxBytes: MAX_AVATAR_BYTES, maxPixels: MAX_AVATAR_PIXELS }, (image) =>
      image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" }),
    );
  } catch (error) {
    if (error instanceof ImageDecodeError) throw new AvatarError(AVATAR_ERRORS[error.problem]);
    throw error;
  }
  return encodeDecoded(square).webp({ quality: 82 }).toBuffer();
}

export interface SaveAvatarOptions {
  storage: StorageAdapter;
  logger?: Pick<Logger, "warn">;
}

/**
 * Processes the upload, stores it under a fresh random key and points the profile at it. The
 * avatar it replaces is deleted when it is one of ours; that clean-up is best effort (a leftover
 * file is harmless, a failed upload because of it would not be).
 */
export async function saveAvatar(
  db: Executor,
  userId: string,
  input: Buffer,
  { storage, logger = defaultLogger }: SaveAvatarOptions,
): Promise<{ avatarUrl: string }> {
  const image = await processAvatar(input);
  const key = `avatars/${randomUUID()}.webp`;
  const { url } = await storage.putObject({ key, body: image, contentType: "image/webp" });
  const removeQuietly = async (stale: string) => {
    try {
      await storage.deleteObject(stale);
    } catch (error) {
      logger.warn({ err: error, key: stale }, "could not delete an avatar object");
    }
  };
  let replaced: { previous: string | null } | undefined;
  try {
    replaced = await replaceAvatarUrl(db, userId, url);
  } catch (error) {
    await removeQuietly(key);
    throw error;
  }
  if (!replaced) {
    await removeQuietly(key);
    throw new Error(`No profile for user ${userId}`);
  }
  const previousKey = replaced.previous ? storage.keyFromUrl(replaced.previous) : undefined;
  if (previousKey) await removeQuietly(previousKey);
  return { avatarUrl: url };
}
