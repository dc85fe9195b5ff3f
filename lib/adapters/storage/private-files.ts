/**
 * Private files (renters' proof documents): stored under a key, read back only by the server, which
 * serves them through routes that check who asks. Never under the public uploads path, never given
 * a URL of their own. One implementation: local disk under DATA_DIR/private (`local-private-files.server.ts`);
 * the public S3 bucket is not used for them, as its objects are readable by anyone with the URL.
 */
export interface PrivateFileStore {
  /** Stores `body` under `key`, replacing any file there. */
  put(key: string, body: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}
