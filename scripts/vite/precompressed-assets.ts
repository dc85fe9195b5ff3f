/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every compressible client build file,
 * which the server sends as they are (`serveStatic`'s `precompressed`, ADR 78). Build files never
 * change once built, so the best compression is paid for once here instead of at a fast setting on
 * every first visit: the /search page's scripts are ~10 % smaller than at the per-request setting,
 * and sending them costs the server no compression at all.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html)$/;
/** As the server's on-the-fly compression: smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipBest = promisify(gzip);

export function precompressedAssets(): Plugin {
  return {
    name: "laneway:precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) return;
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const content = Buffer.from(file.type === "chunk" ? file.code : file.source);
            if (content.byteLength < MIN_BYTES) return;
            const path = join(dir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
                },
              }),
              gzipBest(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
