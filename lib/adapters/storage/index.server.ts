import path from "node:path";
import { LocalPrivateFiles } from "~/lib/adapters/storage/local-private-files.server";
import type { PrivateFileStore } from "~/lib/adapters/storage/private-files";
import { LocalStorageAdapter } from "~/lib/adapters/storage/local-storage.server";
import { S3StorageAdapter } from "~/lib/adapters/storage/s3-storage.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";

export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** Private files live beside the uploads folder, never inside it, so /uploads cannot serve them. */
export function createPrivateFileStore(config: { DATA_DIR: string }): PrivateFileStore {
  return new LocalPrivateFiles({ root: path.join(config.DATA_DIR, "private") });
}

export function createStorageAdapter(config: {
  DATA_DIR: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): StorageAdapter {
  if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    return new LocalStorageAdapter({ root: localUploadsDir(config.DATA_DIR) });
  }
  const endpoint = config.S3_ENDPOINT ?? "https://s3.amazonaws.com";
  return new S3StorageAdapter({
    endpoint,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    // AWS endpoints name their region (s3.ap-southeast-2.amazonaws.com); other stores accept us-east-1.
    region: /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(new URL(endpoint).hostname)?.[1] ?? "us-east-1",
  });
}
