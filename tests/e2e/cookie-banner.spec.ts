import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens, VIEWPORTS } from "./support/screenshots";

const TEXT = "We use cookies to enhance your experience. Choose your preferences below.";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const banner = (page: Page) => page.getByRole("region", { name: "Cookie Preferences" });

/**
 * Opens a page and waits until React has hydrated the banner, so it answers clicks and keys. Its
 * code loads at the visitor's first intent on the page: a Shift key press, which does nothing else.
 */
async function openWithBanner(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.locator("main[data-page-hydrated]")).toBeAttached();
  await page.keyboard.press("Shift");
  await expect(page.locator("#cookie-banner[data-interactive=true]")).toBeVisible();
}

async function cookieMap(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
}

function expectConsentCookieAttributes(cookie: { expires: number; sameSite: string; path: string } | undefined) {
  expect(cookie).toBeDefined();
  expect(cookie?.sameSite).toBe("Strict");
  expect(cookie?.path).toBe("/");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 3600);
  expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 60);
}

test.describe("cookie banner", () => {
  test("shows on the first visit: wording, defaults, buttons, bottom right; passes axe", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openWithBanner(page);
    const region = banner(page);
    await expect(region).toBeVisible();
    await expect(region.getByRole("heading", { name: "Cookie Preferences" })).toBeVisible();
    await expect(region.getByText(TEXT, { exact: true })).toBeVisible();

    const essential = region.getByRole("checkbox", { name: "Essential" });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(region.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    await expect(region.getByRole("checkbox", { name: "Marketing" })).toBeChecked();
    await expect(region.getByRole("button", { name: "Save Preferences" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Accept All" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Close" })).toBeVisible();
    await expect(region.getByRole("link", { name: /^Learn more/ })).toHaveAttribute("href", "/cookies");

    const box = await region.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x + box.width).toBeGreaterThan(VIEWPORTS.desktop.width - 40);
      expect(box.y + box.height).toBeGreaterThan(VIEWPORTS.desktop.height - 40);
      expect(box.width).toBeLessThan(VIEWPORTS.desktop.width / 2);
    }
    await expectNoAxeViolations(page);

    await page.screenshot({ path: path.join("test-results", "screenshots", "cookie-banner-viewport-desktop.png") });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: path.join("test-results", "screenshots", "cookie-banner-viewport-mobile.png") });
    await expectNoAxeViolations(page);
    await captureScreens(page, "cookie-banner");
  });

  test("on phones it is full width at the bottom and never covers the end of the page", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openWithBanner(page);
    const region = banner(page);
    await expect(region).toBeVisible();
    const box = await region.boundingBox();
    expect(box?.width).toBe(VIEWPORTS.mobile.width);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(VIEWPORTS.mobile.height, 0);
    expect(box?.height ?? 0).toBeLessThan(VIEWPORTS.mobile.height / 2);

    // At the end of the page the footer is fully visible above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole("contentinfo").boundingBox();
    const atEnd = await region.boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual((atEnd?.y ?? 0) + 1);
    await page.screenshot({ path: path.join("test-results", "screenshots", "cookie-banner-page-end-mobile.png") });
  });

  test("on wider screens the bottom-right card leaves the end of the page uncovered", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openWithBanner(page);
    const region = banner(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The spacer follows the card's real height once measured.
    await expect
      .poll(async () => {
        const footer = await page.getByRole("contentinfo").boundingBox();
        const card = await region.boundingBox();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (footer?.y ?? 0) + (footer?.height ?? 0) <= (card?.y ?? 0);
      })
      .toBe(true);
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" })).toBeInViewport();
    await page.screenshot({ path: path.join("test-results", "screenshots", "cookie-banner-page-end-desktop.png") });
  });

  test("Save Preferences with Analytics off stores the choice, sets essential and marketing flags, removes analytics", async ({
    page,
    context,
    baseURL,
  }) => {
    // A stale analytics flag from an earlier choice must be removed.
    await context.addCookies([{ name: "analytics_consent", value: "true", url: baseURL ?? "" }]);
    await openWithBanner(page);
    const region = banner(page);
    await region.getByRole("checkbox", { name: "Analytics" }).click();
    await expect(region.getByRole("checkbox", { name: "Analytics" })).not.toBeChecked();
    await region.getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner(page)).toHaveCount(0);

    const cookies = await cookieMap(context);
    expect(cookies.cookie_consent?.value).toBe('{"analytics":false,"marketing":true}');
    expect(JSON.parse(cookies.cookie_consent?.value ?? "null")).toEqual({ analytics: false, marketing: true });
    expect(cookies.essential_consent?.value).toBe("true");
    expect(cookies.marketing_consent?.value).toBe("true");
    expect(cookies.analytics_consent).toBeUndefined();
    for (const name of ["cookie_consent", "essential_consent", "marketing_consent"]) {
      expectConsentCookieAttributes(cookies[name]);
    }

    // Stored: not rendered again, not even in the server's HTML.
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("Cookie Preferences");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("Accept All stores both choices and all flags", async ({ page, context }) => {
    await openWithBanner(page);
    await banner(page).getByRole("checkbox", { name: "Marketing" }).click();
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toHaveCount(0);
    const cookies = await cookieMap(context);
    expect(JSON.parse(cookies.cookie_consent?.value ?? "null")).toEqual({ analytics: true, marketing: true });
    for (const name of ["cookie_consent", "essential_consent", "analytics_consent", "marketing_consent"]) {
      expectConsentCookieAttributes(cookies[name]);
    }
    expect(cookies.analytics_consent?.value).toBe("true");
    expect(cookies.marketing_consent?.value).toBe("true");
  });

  test("Close hides it for this browser session without a cookie; a new session sees it again", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await openWithBanner(page);
    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await context.cookies()).filter((cookie) => cookie.name.includes("consent"))).toEqual([]);

    // Same session, full page loads: still hidden.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    // No flash before hydration: without the app's scripts the inline script alone hides it.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.locator("#cookie-banner")).toBeAttached();
    await expect(page.locator("#cookie-banner")).toBeHidden();
    await page.unroute("**/assets/**/*.js");

    const other = await browser.newContext({ baseURL });
    try {
      const fresh = await other.newPage();
      await fresh.goto("/");
      await expect(banner(fresh)).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("before its code has loaded, Close and Escape hide it and the first visit downloads none of it", async ({
    page,
    context,
  }) => {
    const bannerCode: string[] = [];
    page.on("request", (request) => {
      if (/\/cookie-banner-[\w-]+\.js$/.test(request.url())) bannerCode.push(request.url());
    });
    // The banner's chunk never arrives: what follows is the server HTML and its inline script.
    await page.route(/\/cookie-banner-[\w-]+\.js$/, () => {});
    await page.goto("/");
    await expect(page.locator("main[data-page-hydrated]")).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(bannerCode).toEqual([]);
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole("button", { name: "Close" }).click();
    await expect(banner(page)).toHaveCount(0);

    await context.clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto("/search");
    await banner(page).getByRole("checkbox", { name: "Marketing" }).focus();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    expect((await context.cookies()).filter((cookie) => cookie.name.includes("consent"))).toEqual([]);
  });

  test("without JavaScript, Save Preferences and Accept All post the choice, which the server stores", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/search?title=room");
      await banner(page).getByRole("checkbox", { name: "Analytics" }).uncheck();
      await banner(page).getByRole("button", { name: "Save Preferences" }).click();
      // Back on the page it was sent from, without the banner.
      await expect(page).toHaveURL(/\/search\?title=room$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
      let cookies = await cookieMap(context);
      expect(JSON.parse(cookies.cookie_consent?.value ?? "null")).toEqual({ analytics: false, marketing: true });
      expect(cookies.analytics_consent).toBeUndefined();
      for (const name of ["cookie_consent", "essential_consent", "marketing_consent"]) {
        expectConsentCookieAttributes(cookies[name]);
      }

      await context.clearCookies();
      await page.goto("/");
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(banner(page)).toHaveCount(0);
      cookies = await cookieMap(context);
      expect(JSON.parse(cookies.cookie_consent?.value ?? "null")).toEqual({ analytics: true, marketing: true });
      expect(cookies.analytics_consent?.value).toBe("true");
      expect(cookies.marketing_consent?.value).toBe("true");
    } finally {
      await context.close();
    }
  });

  test("not shown once consent exists, not even in the server HTML", async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
    ]);
    const response = await page.goto("/");
    expect(await response?.text()).not.toContain("Cookie Preferences");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("'Learn more' leads to /cookies", async ({ page }) => {
    await openWithBanner(page);
    await banner(page)
      .getByRole("link", { name: /^Learn more/ })
      .click();
    await expect(page).toHaveURL(/\/cookies$/);
  });

  test("works with the keyboard and does not trap focus", async ({ page, context }) => {
    await openWithBanner(page);
    const region = banner(page);
    await region.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("link", { name: /^Learn more/ })).toBeFocused();
    await page.keyboard.press("Tab"); // Essential is disabled, so focus skips it.
    await expect(region.getByRole("checkbox", { name: "Analytics" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(region.getByRole("checkbox", { name: "Analytics" })).not.toBeChecked();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("checkbox", { name: "Marketing" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Save Preferences" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Accept All" })).toBeFocused();
    // Not a focus trap: Tab moves on past the banner.
    await page.keyboard.press("Tab");
    expect(await region.evaluate((element) => element.contains(document.activeElement))).toBe(false);

    await region.getByRole("button", { name: "Save Preferences" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
    const cookies = await cookieMap(context);
    expect(JSON.parse(cookies.cookie_consent?.value ?? "null")).toEqual({ analytics: false, marketing: true });
  });

  test("Escape closes it while focus is inside, storing nothing", async ({ page, context }) => {
    await openWithBanner(page);
    await banner(page).getByRole("checkbox", { name: "Marketing" }).focus();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    expect((await context.cookies()).filter((cookie) => cookie.name.includes("consent"))).toEqual([]);
  });
});
