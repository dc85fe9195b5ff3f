/**
 * The JavaScript a browser really downloads on a first visit: Chromium (Playwright, Debian's
 * /usr/bin/chromium, empty cache, a phone's viewport) opens the page, and every script response (entry, route modules,
 * modulepreloads, dynamic imports, chunks the page loads when idle) is recorded until 4 s after the
 * network went idle. Each script is measured as gzip -9 of its decoded body, file by file, each URL
 * once. This is the figure the first-visit target is judged on (docs/performance.md); the manifest
 * count in ./first-visit-js.ts leaves out what loads after hydration.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";

/**
 * A phone's viewport, as Lighthouse's mobile preset: on a desktop one a listing's map section sits
 * near the screen and its map library (about 43 KiB) loads as well.
 */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** How long after network idle late scripts (idle-time extras) are still counted. */
const AFTER_IDLE_MS = 4000;

export interface BrowserScript {
  url: string;
  raw: number;
  gzip: number;
}

export interface BrowserFirstVisit {
  path: string;
  scripts: BrowserScript[];
  /** gzip -9, summed file by file. */
  gzip: number;
}

const isScript = (resourceType: string, url: string) =>
  resourceType === "script" || /\.m?js(\?|$)/.test(new URL(url).pathname);

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}

/** One first visit (fresh context: no cache, no cookies) to `baseUrl + path`. */
export async function browserFirstVisit(browser: Browser, baseUrl: string, path: string): Promise<BrowserFirstVisit> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    page.on("response", (response) => {
      const url = response.url();
      if (bodies.has(url) || !isScript(response.request().resourceType(), url)) return;
      bodies.set(
        url,
        response.body().catch(() => undefined),
      );
    });
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status() ?? "nothing"}`);
    await page.waitForTimeout(AFTER_IDLE_MS);
    await page.waitForLoadState("networkidle");
    const scripts: BrowserScript[] = [];
    for (const [url, body] of bodies) {
      const content = await body;
      if (!content) throw new Error(`no body for ${url}`);
      scripts.push({
        url: url.replace(baseUrl, ""),
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
      });
    }
    scripts.sort((a, b) => b.gzip - a.gzip);
    return { path, scripts, gzip: scripts.reduce((sum, script) => sum + script.gzip, 0) };
  } finally {
    await context.close();
  }
}
