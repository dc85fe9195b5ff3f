/**
 * The file-storage adapter: stores public objects (avatars, photos) under a key and says where the
 * browser can load them. Two implementations: local disk under DATA_DIR/uploads
 * (`local-storage.server.ts`, the default) and S3-compatible object storage
 * (`s3-storage.server.ts`, when S3_BUCKET and its keys are set).
 */
export interface StorageAdapter {
  /** Stores `body` under `key` (replacing any object there) and returns its public URL. */
  putObject(object: { key: string; body: Buffer; contentType: string }): Promise<{ url: string }>;
  /** Removes the object; a missing object is not an error. */
  deleteObject(key: string): Promise<void>;
  /** The key behind a URL this storage handed out, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  /** Origins the URLs it hands out are served from besides this site (none for local disk). */
  readonly imageOrigins: readonly string[];
}

export class StorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StorageError";
  }
}

/** Path segments of letters, digits, dots, dashes and underscores: no "..", no absolute paths, nothing to escape. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new StorageError(`Unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}
