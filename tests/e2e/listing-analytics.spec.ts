import type { Browser } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, signedInClient, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";

const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Sign-ins (a deliberately slow password hash), several browsers, axe and screenshots.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

/** A visitor's own browser: its user agent, and its network address as the server sees it (behind a trusted proxy). */
async function visit(browser: Browser, baseURL: string, path: string, userAgent: string, address: string, times = 1) {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    locale: "en-AU",
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  try {
    const page = await context.newPage();
    for (let i = 0; i < times; i++) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
    }
  } finally {
    await context.close();
  }
}

test("views of a listing from two browsers show 2 unique visitors on its landlord's dashboard", async ({
  page,
  browser,
  baseURL,
  createListing,
  signInAs,
}) => {
  const listing = await createListing();
  const path = `/listing/${listing.id}`;
  // One visitor reloading three times, with another browser on the same address: one visitor.
  await visit(browser, baseURL ?? "", path, FIREFOX, "203.0.113.41", 3);
  await visit(browser, baseURL ?? "", path, SAFARI, "203.0.113.41");
  await visit(browser, baseURL ?? "", path, SAFARI, "198.51.100.42");
  // Not counted: a crawler, and the landlord looking at their own listing.
  await visit(browser, baseURL ?? "", path, GOOGLEBOT, "192.0.2.43");
  await signInAs(LISTING_OWNER);
  await page.goto(path);

  await page.goto(`/settings/analytics?period=7&listing=${listing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: listing.title, exact: true }) });
  // The server writes what it counted every half second here (ANALYTICS_FLUSH_INTERVAL_MS): ask until it shows.
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(3)).toHaveText(/(^|\D)2$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("cell").nth(2)).toHaveText(/(^|\D)5$/);
  await expect(page.getByRole("heading", { level: 2, name: listing.title })).toBeVisible();
  await expect(page.getByRole("img", { name: /Views per day, all listings/ })).toBeVisible();

  await page.getByText("Daily figures as a table").first().click();
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, "settings-analytics");

  const csv = await page.request.get("/settings/analytics/export.csv?period=7");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(listing.id);
});

test("favouriting a room from its page is not another view of it", async ({
  page,
  browser,
  baseURL,
  createListing,
  createUser,
  signInAs,
}) => {
  const listing = await createListing();
  const tenant = await createUser();
  const context = await browser.newContext({
    baseURL,
    userAgent: FIREFOX,
    locale: "en-AU",
    extraHTTPHeaders: { "x-forwarded-for": "203.0.113.61" },
  });
  try {
    await context.addCookies([
      { name: "cookie_consent", value: '{"analytics":true,"marketing":false}', url: baseURL ?? "" },
    ]);
    const client = await signedInClient(baseURL ?? "", tenant);
    try {
      await context.addCookies((await client.storageState()).cookies);
    } finally {
      await client.dispose();
    }
    const visitor = await context.newPage();
    await visitor.goto(`/listing/${listing.id}`, { referer: `${baseURL}/search` });
    // Added, then taken back: after each, the page loads its data again (not a view).
    for (const [label, next] of [
      ["Add", "Remove"],
      ["Remove", "Add"],
    ] as const) {
      const reloaded = visitor.waitForResponse((response) => response.url().includes(`/listing/${listing.id}.data`));
      await visitor.getByRole("button", { name: `${label} ${listing.title}` }).click();
      await reloaded;
      await expect(visitor.getByRole("button", { name: `${next} ${listing.title}` })).toBeVisible();
    }
  } finally {
    await context.close();
  }

  // The owner's export once the favourite taken back is written (the last thing counted): one view.
  await signInAs(LISTING_OWNER);
  await expect(async () => {
    const csv = await (await page.request.get("/settings/analytics/export.csv?period=7")).text();
    const line = csv.split("\r\n").find((row) => row.startsWith(`"${listing.id}"`)) ?? "";
    const [, , , , views, visitors, added, removed] = line.split(",").map((cell) => Number(cell.replaceAll('"', "")));
    expect(removed).toBe(1);
    expect({ views, visitors, added }).toEqual({ views: 1, visitors: 1, added: 1 });
  }).toPass({ timeout: 20_000 });
});

test("a tenant is refused the dashboard, and a landlord without a plan is told why", async ({ page }) => {
  await signIn(page, "tenant@example.com");
  await page.goto("/settings/analytics");
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByText("Analytics is for landlords with the Professional Plan.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Analytics" })).toHaveCount(
    0,
  );

  await page.context().clearCookies();
  await signIn(page, "landlord.pending@example.com");
  await page.goto("/settings/analytics");
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(
    page.getByText("Your listing analytics come back as soon as your Professional Plan is active again."),
  ).toBeVisible();
});
