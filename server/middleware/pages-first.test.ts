import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { pagesFirst } from "~/server/middleware/pages-first";

const clientDir = mkdtempSync(path.join(tmpdir(), "pages-first-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(path.join(clientDir, "assets", "app.js"), "file");
writeFileSync(path.join(clientDir, "favicon.svg"), "file");
writeFileSync(path.join(clientDir, "about"), "a file named like a page");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** Paths the static files looked for on disk and did not find. */
const looked: string[] = [];

/** As the server is put together: this middleware, then the library's static files, then the pages. */
function app() {
  const hono = new Hono();
  hono.use(pagesFirst(clientDir, async () => new Response("page")));
  hono.use("*", serveStatic({ root: clientDir, onNotFound: (missing) => void looked.push(missing) }));
  hono.use(async () => new Response("page"));
  return hono;
}

describe("pagesFirst", () => {
  beforeEach(() => {
    looked.length = 0;
  });

  it("answers a page under a name the build has no file for, without looking on disk", async () => {
    for (const page of ["/", "/search?title=loft", "/search.data", "/listing/abc", "/blog/a-post"]) {
      expect(await (await app().request(page)).text(), page).toBe("page");
    }
    expect(looked).toEqual([]);
  });

  it("leaves the build's files, file-like paths and encoded paths to the static files", async () => {
    for (const file of ["/assets/app.js", "/favicon.svg", "/%61ssets/app.js"]) {
      expect(await (await app().request(file)).text(), file).toBe("file");
    }
    // Were the build to hold a file under a page's name, the file would still win, as before.
    expect(await (await app().request("/about")).text()).toBe("a file named like a page");
    // Not a file either way: the library looks, finds nothing, and the pages answer (404 there).
    for (const missing of ["/assets/missing.js", "/robots.txt"]) {
      expect(await (await app().request(missing)).text(), missing).toBe("page");
    }
    expect(looked).toHaveLength(2);
  });
});
