import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";

/**
 * Every script a browser fetches on a first visit (empty cache) that only reads the page, the
 * extras it loads by itself included, gzip -9 file by file, held to the product's targets
 * (docs/performance.md; `npm run bench:web` prints the same measure), so a regression fails here.
 * The bundle-budget test covers the static part from the build's manifest.
 */
/** A phone's viewport (as `bench:web`): on a desktop one a listing's map library loads too. */
const PHONE_VIEWPORT = { width: 390, height: 844 };

const CEILING_KIB = { home: 120, search: 120, listing: 120, auth: 140 } as const;

const chunkName = (url: string) =>
  new URL(url).pathname
    .split("/")
    .at(-1)!
    .replace(/-[\w-]{8}\.js$/, "");

/**
 * Opens `path` and, with no intent, waits until the page has hydrated, the extras it loads when idle
 * (`lazyWhenIdle`, after the load event's first idle moment) have been asked for, and the network has settled.
 */
async function firstVisit(page: Page, path: string): Promise<{ kib: number; chunks: string[]; toastLibrary: number }> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    const url = response.url();
    if (response.request().resourceType() === "script" && !bodies.has(url)) bodies.set(url, response.body());
  });
  await page.goto(path);
  await expect(page.locator("main[data-page-hydrated]")).toBeAttached();
  // An idle callback asked for now runs after the one `whenIdle` asked for at the load event.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
  await page.waitForLoadState("networkidle");
  // The toast library mounts its toaster when it arrives; it waits for the page's first toast.
  const toastLibrary = await page.locator("[data-sonner-toaster]").count();
  let bytes = 0;
  for (const body of bodies.values()) bytes += gzipSync(await body, { level: 9 }).length;
  return { kib: bytes / 1024, chunks: [...bodies.keys()].map(chunkName), toastLibrary };
}

test.describe("JavaScript a first visit downloads (gzip -9)", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("home, /search and a listing page stay under their ceilings and load no extras before an intent", async ({
    page,
    browser,
  }) => {
    // A demo listing with its photos and description, as a visitor meets one: a room another test
    // created bare would bring its map, and the map's library, within reach of the first screen.
    await page.goto(`/search?title=${encodeURIComponent("Sunny furnished room off Degraves Street")}`);
    const listing = await page.locator('a[href^="/listing/"]').first().getAttribute("href");
    expect(listing).toBeTruthy();
    for (const [name, path] of [
      ["home", "/"],
      ["search", "/search"],
      ["listing", listing!],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
      const visit = await firstVisit(await context.newPage(), path);
      await context.close();
      expect(visit.kib, `${name}: ${visit.chunks.join(", ")}`).toBeLessThanOrEqual(CEILING_KIB[name]);
      expect(visit.toastLibrary, name).toBe(0);
      for (const extra of ["cookie-banner", "newsletter-form", "toaster", "where-field", "listing-location"])
        expect(visit.chunks, name).not.toContain(extra);
    }
  });

  test(`the sign-in view stays under ${CEILING_KIB.auth} KiB without the phone field`, async ({ page }) => {
    const visit = await firstVisit(page, "/auth");
    expect(visit.kib).toBeLessThanOrEqual(CEILING_KIB.auth);
    expect(visit.chunks).not.toContain("phone-input");
  });

  test("the sign-up view loads the phone field", async ({ page }) => {
    const visit = await firstVisit(page, "/auth?view=sign_up");
    expect(visit.chunks).toContain("phone-input");
  });
});
