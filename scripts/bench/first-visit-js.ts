/**
 * The JavaScript a first visit to a page downloads, read from a production build's React Router
 * manifest: the entry module and, for each route in the page's branch (root first), its module and
 * their static imports, each file once. Modules loaded with `import()` (the date picker's calendar,
 * the map, the extras `lazyOnIntent` and `lazyWhenIdle` defer) are not counted. With lazy route discovery the page
 * carries the manifest inline in its HTML, so the `manifest-*.js` file is not fetched either.
 * Used by `bench:web` and by the bundle-budget test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}
export interface RouteManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string; parentId?: string }>;
}

/** React Router's browser manifest (`window.__reactRouterManifest = {...}`) in `build/client/assets/`. */
export function readRouteManifest(clientDir: string): RouteManifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${clientDir}/assets (run npm run build)`);
  const sandbox = { window: {} as { __reactRouterManifest?: RouteManifest } };
  vm.runInNewContext(readFileSync(path.join(clientDir, "assets", file), "utf8"), sandbox, { timeout: 1000 });
  const manifest = sandbox.window.__reactRouterManifest;
  if (!manifest?.entry || !manifest.routes) throw new Error(`${file} is not a React Router manifest`);
  return manifest;
}

/** The JS files (URLs under /assets/) a first visit to `routeId` loads. */
export function firstVisitScripts(manifest: RouteManifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id;) {
    const route: (ManifestEntry & { parentId?: string }) | undefined = manifest.routes[id];
    if (!route)
      throw new Error(`route "${id}" is not in the manifest (routes: ${Object.keys(manifest.routes).join(", ")})`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    id = route.parentId;
  }
  return files;
}

export interface Sizes {
  files: number;
  raw: number;
  /** gzip -9, file by file (the measure). */
  gzip: number;
  /** What the server sends browsers: the build's Brotli copy (quality 11), or the file itself below 1 KiB. */
  brotli: number;
}

const sizeCache = new Map<string, Omit<Sizes, "files">>();

/** Sizes of files under `clientDir`, by URL, summed file by file. */
export function sizesOf(clientDir: string, urls: Iterable<string>): Sizes {
  const total: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const url of urls) {
    const file = path.join(clientDir, url);
    let size = sizeCache.get(file);
    if (!size) {
      const content = readFileSync(file);
      size = {
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
        brotli: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : content.length,
      };
      sizeCache.set(file, size);
    }
    total.files += 1;
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}
