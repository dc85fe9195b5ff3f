import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { storageAdapter } from "~/lib/adapters/storage/index.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Executor } from "~/lib/db/client.server";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";
import { AVATAR_ERRORS, AVATAR_SIZE, MAX_AVATAR_BYTES, MAX_AVATAR_PIXELS } from "~/modules/media/avatar-limits";
import { replaceAvatarUrl } from "~/modules/profiles/profile.server";

/** A problem with the uploaded file itself; `message` is meant for the person who sent it. */
export class AvatarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AvatarError";
  }
}

/**
 * Any image sharp reads becomes a 400×400 WebP: turned upright from its EXIF orientation,
 * centre-cropped to a square. Metadata (EXIF, GPS, XMP, ICC) is not copied to the output: sharp
 * drops it unless asked to keep it.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  if (input.length > MAX_AVATAR_BYTES) throw new AvatarError(AVATAR_ERRORS.tooLarge);
  try {
    return await sharp(input, { limitInputPixels: MAX_AVATAR_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    throw new AvatarError(/pixel limit/i.test(message) ? AVATAR_ERRORS.tooManyPixels : AVATAR_ERRORS.notAnImage);
  }
}

export interface SaveAvatarOptions {
  storage?: StorageAdapter;
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
  { storage = storageAdapter(), logger = defaultLogger }: SaveAvatarOptions = {},
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
