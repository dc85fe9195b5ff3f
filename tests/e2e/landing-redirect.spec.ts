import { expect, test, type BrowserContext, type Page, type Response } from "@playwright/test";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((entry) => entry.name === name);
}

/** Waits until React has hydrated the page. */
async function waitForHydration(page: Page) {
  await expect(page.locator("main[data-page-hydrated]")).toBeAttached();
}

/** Counts full page loads from now on, to prove a navigation happened client-side. */
function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** The 302 that led to this response, if any. */
async function redirectStatus(response: Response | null): Promise<number | undefined> {
  const previous = response?.request().redirectedFrom();
  return previous ? (await previous.response())?.status() : undefined;
}

test.describe("landing redirect on /", () => {
  test("the first visit to / stays on the home page", async ({ page, context, baseURL }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Perfect Room" })).toBeVisible();
    // The visit itself is remembered: the home page, and that the visitor has been here.
    expect((await cookie(context, "last_path"))?.value).toBe("%2F");
    expect((await cookie(context, "visited"))?.value).toBe("true");
  });

  test("a later visit to / returns to the last page with a 302 that replaces history; 404s are not remembered", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/search?title=room");
    const lastPath = await cookie(context, "last_path");
    expect(lastPath?.value).toBe("%2Fsearch%3Ftitle%3Droom");
    expect(lastPath?.sameSite).toBe("Strict");
    expect(lastPath?.path).toBe("/");
    expect((lastPath?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 3600);
    expect((await cookie(context, "visited"))?.sameSite).toBe("Strict");

    // An error page is never remembered.
    const missing = await page.goto("/no-such-page-for-landing");
    expect(missing?.status()).toBe(404);
    expect((await cookie(context, "last_path"))?.value).toBe("%2Fsearch%3Ftitle%3Droom");

    const later = await context.newPage();
    await later.goto("/no-such-page-for-landing");
    const response = await later.goto("/");
    expect(await redirectStatus(response)).toBe(302);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/`);
    expect(later.url()).toBe(`${baseURL}/search?title=room`);

    // The redirect replaced the entry for /: going back skips it. (Wait for hydration first: React
    // Router's replaceState on start-up would otherwise count as the navigation goBack waits for.)
    await waitForHydration(later);
    await later.goBack();
    await expect(later).toHaveURL(`${baseURL}/no-such-page-for-landing`);
    await later.goForward();
    await expect(later).toHaveURL(`${baseURL}/search?title=room`);
  });

  test("client-side navigations are remembered too", async ({ page, context, baseURL }) => {
    await page.goto("/");
    await waitForHydration(page);
    const pageLoads = countPageLoads(page);
    await page.getByRole("link", { name: "Start Your Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    expect(pageLoads()).toBe(0);
    await expect.poll(async () => (await cookie(context, "last_path"))?.value).toBe("%2Fsearch");

    const later = await context.newPage();
    await later.goto("/");
    expect(later.url()).toBe(`${baseURL}/search`);
  });

  test("going to the home page from inside the site shows it and remembers /", async ({ page, context, baseURL }) => {
    await page.goto("/search?title=room");
    await waitForHydration(page);
    const pageLoads = countPageLoads(page);
    await page.getByRole("link", { name: /home$/ }).first().click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(pageLoads()).toBe(0);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Perfect Room" })).toBeVisible();
    await expect.poll(async () => (await cookie(context, "last_path"))?.value).toBe("%2F");

    // The remembered page is / now, so a later visit stays.
    const later = await context.newPage();
    const response = await later.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(later.url()).toBe(`${baseURL}/`);
  });

  test("a remembered page that has gone (404) is forgotten after one visit", async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: "last_path", value: "%2Flisting-that-was-removed", url: baseURL ?? "" },
      { name: "visited", value: "true", url: baseURL ?? "" },
    ]);
    const gone = await page.goto("/");
    expect(gone?.status()).toBe(404);
    expect(page.url()).toBe(`${baseURL}/listing-that-was-removed`);
    expect(await cookie(context, "last_path")).toBeUndefined();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL}/`);
  });

  test("a remembered / stays on the home page", async ({ page, baseURL }) => {
    await page.goto("/");
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(`${baseURL}/`);
  });

  for (const forged of [
    "//evil.example",
    "%2F%2Fevil.example",
    "https://evil.example",
    "https%3A%2F%2Fevil.example",
    "/\\evil.example",
    "%2F%5Cevil.example",
    "%2F..%2F%2Fevil.example",
    "%2Fadmin",
  ]) {
    test(`a forged last_path ${forged} is ignored`, async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: "last_path", value: forged, url: baseURL ?? "" },
        { name: "visited", value: "true", url: baseURL ?? "" },
      ]);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()).toBeNull();
      expect(page.url()).toBe(`${baseURL}/`);
    });
  }
});
