/**
 * Client chunking for first visits (ADR 72). Left alone, Rolldown puts the code routes share into
 * one chunk per distinct set of importers: ~50 files of a few hundred bytes for /search, each
 * compressed on its own and each a `modulepreload` the browser queues before first paint. Instead:
 * - `framework`: React, React DOM and React Router — every page needs them, they compress better
 *   together, and they change only on upgrades, so browsers keep them cached across deploys;
 * - `shell`: what the root route imports statically (layout, header, `cn`), which every page loads
 *   anyway, and what the listing page shares with the home or search page (favourite button,
 *   button and form kit, SEO meta helpers, listing facts): those three pages are where most visits
 *   start, and one file compresses better than two (0.4 KiB less);
 * - `browse`: what only the home and search pages share (search bar, stay filters, cards), so a
 *   listing page, the usual landing from a search engine, does not download them;
 * - `home-page`, `search-page`, `listing-page`: what only one of them imports, in one file even when
 *   a secondary route (the favourites or enquiry pages) shares a piece of it.
 * Code reached only through `import()` (the map, the calendar, the rich-text editor) is never
 * grouped, so it still loads only where it is used.
 */
import type { Plugin } from "vite";

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/;
const MARKETPLACE_ROUTE = /[\\/]app[\\/]routes[\\/]public[\\/](home|search|listing)\.tsx$/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * Every module `root` reaches through static imports of our own code, itself included. Packages'
 * own imports are not followed: a barrel such as `radix-ui` would reach every primitive it
 * re-exports. (Each group also takes the dependencies of what it captures, package code included.)
 */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (!id.includes("node_modules")) pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function firstVisitChunks(): Plugin {
  /** Chunk name by module id, decided once the module graph is complete. */
  let groupOf = new Map<string, string>();
  return {
    name: "laneway:first-visit-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    // A group also captures what its modules import, so the groups shared most
                    // widely go first and keep their code.
                    { name: "framework", test: FRAMEWORK, priority: 5 },
                    { name: "shell", test: (id) => groupOf.get(id) === "shell", priority: 4 },
                    { name: "browse", test: (id) => groupOf.get(id) === "browse", priority: 2 },
                    { name: (id) => groupOf.get(id) ?? null, debugName: "page", priority: 1 },
                  ],
                },
              },
            },
          },
        },
      },
    }),
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const routes = ids.filter((id) => ROOT_ROUTE.test(id) || MARKETPLACE_ROUTE.test(id));
      const shell = staticClosure(this, ids.find((id) => ROOT_ROUTE.test(id)) ?? "");
      const pagesOf = new Map<string, string[]>();
      for (const route of routes.filter((id) => MARKETPLACE_ROUTE.test(id))) {
        const page = `${MARKETPLACE_ROUTE.exec(route)?.[1]}-page`;
        for (const id of staticClosure(this, route)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page]);
      }
      // The extras the layout loads when idle on every page (cookie banner, newsletter box): what
      // they share with the home and search pages goes in `shell`, not `browse`, or a listing page
      // would download all of `browse` for them.
      const everyPageExtras = new Set(
        [...shell]
          .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          .flatMap((id) => [...staticClosure(this, id)]),
      );
      groupOf = new Map();
      for (const id of shell) groupOf.set(id, "shell");
      for (const [id, pages] of pagesOf) {
        if (groupOf.has(id)) continue;
        if (pages.length === 1) groupOf.set(id, `${pages[0]}`);
        else groupOf.set(id, pages.includes("listing-page") || everyPageExtras.has(id) ? "shell" : "browse");
      }
      // Route modules stay their own chunks: React Router loads them by file.
      for (const route of routes) groupOf.delete(route);
    },
  };
}
