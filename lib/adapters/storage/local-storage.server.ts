import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, isSafeKey, type StorageAdapter } from "~/lib/adapters/storage/storage-adapter";

/** The URL path local uploads are served under (server/uploads.ts serves `root` there). */
export const LOCAL_UPLOADS_PATH = "/uploads";

/** Objects as files under `root` (DATA_DIR/uploads), served by this app at /uploads/<key>. */
export class LocalStorageAdapter implements StorageAdapter {
  readonly #root: string;
  /** Served by this site at /uploads: no other origin. */
  readonly imageOrigins: readonly string[] = [];

  constructor(options: { root: string }) {
    this.#root = path.resolve(options.root);
  }

  async putObject({ key, body }: { key: string; body: Buffer; contentType: string }): Promise<{ url: string }> {
    const file = this.#file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return { url: `${LOCAL_UPLOADS_PATH}/${key}` };
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.#file(key), { force: true });
  }

  keyFromUrl(url: string): string | undefined {
    const prefix = `${LOCAL_UPLOADS_PATH}/`;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return isSafeKey(key) ? key : undefined;
  }

  #file(key: string): string {
    assertSafeKey(key);
    return path.join(this.#root, ...key.split("/"));
  }
}
