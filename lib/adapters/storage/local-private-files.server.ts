import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PrivateFileStore } from "~/lib/adapters/storage/private-files";
import { assertSafeKey } from "~/lib/adapters/storage/storage-adapter";

/** Private files as files under `root` (DATA_DIR/private), which no static route serves. */
export class LocalPrivateFiles implements PrivateFileStore {
  readonly #root: string;

  constructor(options: { root: string }) {
    this.#root = path.resolve(options.root);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.#file(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, body, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#file(key), { force: true });
  }

  #file(key: string): string {
    assertSafeKey(key);
    return path.join(this.#root, ...key.split("/"));
  }
}
