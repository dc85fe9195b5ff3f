import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type TestListing } from "./support/fixtures";
import { captureScreens, VIEWPORTS } from "./support/screenshots";

// RMIT City in the gazetteer; rooms about 220 m and 560 m north of it, and one in Clayton (about 19 km).
const RMIT_CITY = { lat: -37.808, lng: 144.9635 };

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
});

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");

async function roomsAround(createListing: (fields?: Record<string, string>) => Promise<TestListing>) {
  const word = `numbat${randomUUID().slice(0, 6)}`;
  // As the address search fills the form: a street address and its exact position.
  const at = (lat: number, lng: number) => ({
    address: "1 Test Lane",
    suburb: "Melbourne",
    state: "VIC",
    postcode: "3000",
    latitude: String(lat),
    longitude: String(lng),
    locationPrecision: "address",
  });
  const near = await createListing({ title: `Near ${word}`, ...at(RMIT_CITY.lat + 0.005, RMIT_CITY.lng) });
  const nearer = await createListing({ title: `Nearer ${word}`, ...at(RMIT_CITY.lat + 0.002, RMIT_CITY.lng) });
  const far = await createListing({ title: `Far ${word}`, ...at(-37.9105, 145.1362) });
  return { word, near, nearer, far };
}

test("a renter picks RMIT City, sees the rooms within 2 km with their walk, sorts nearest first and saves the search", async ({
  page,
  createListing,
  createUser,
  signInAs,
}) => {
  const { word, near, nearer, far } = await roomsAround(createListing);
  await signInAs(await createUser());
  await page.goto(`/search?title=${word}`);
  await expect(cards(page)).toHaveCount(3);

  const where = page.getByRole("combobox", { name: "Where" });
  await where.click();
  await where.fill("RMIT");
  const option = page.getByRole("option", { name: /^RMIT City/ });
  await expect(option).toBeVisible();
  await where.press("ArrowDown");
  await expect(where).toHaveAttribute("aria-activedescendant", "search-where-option-0");
  await where.press("Enter");
  await expect(where).toHaveValue("RMIT City");
  await expect(option).toBeHidden();
  await page.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/search\\?title=${word}&where=rmit-city$`));
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(far.title)).toHaveCount(0);
  await expect(cards(page).filter({ hasText: near.title })).toContainText("560 m · about 7 min walk to RMIT City");
  await expect(cards(page).filter({ hasText: nearer.title })).toContainText("220 m · about 3 min walk to RMIT City");

  await page.getByLabel("Sort by").selectOption({ label: "Nearest first" });
  await expect(page).toHaveURL(/&sort=distance$/);
  await expect(cards(page).first()).toContainText(nearer.title);
  await expect(where).toHaveValue("RMIT City");
  await expectNoAxeViolations(page);
  await captureScreens(page, "location-search");
  // On a phone the filters fold away: open them to see the Where field fits.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByText(/^Filters \(\d\)$/).click();
  await page.screenshot({ path: "test-results/screenshots/location-search-filters-mobile.png", fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);

  // The listing page says the same distance.
  await cards(page).filter({ hasText: nearer.title }).getByRole("link", { name: nearer.title }).click();
  await expect(page.getByText("220 m · about 3 min walk to RMIT City")).toBeVisible();
  await page.goBack();

  await page.getByText("Save this search").click();
  await page.getByLabel("Name", { exact: true }).fill(`Near RMIT ${word}`);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved")).toBeVisible();

  await page.goto("/settings/saved-searches");
  await expect(page.getByText(`Within 2 km of RMIT City · “${word}” in the title`)).toBeVisible();
  await page.getByRole("link", { name: "Open search" }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(far.title)).toHaveCount(0);
  await expect(cards(page).first()).toContainText(nearer.title);
});

test("a place that cannot be found is said under Where, and the page stays", async ({ page }) => {
  const response = await page.goto("/search?where=Atlantis");
  expect(response?.status()).toBe(400);
  const where = page.getByRole("combobox", { name: "Where" });
  await expect(where).toHaveAttribute("aria-invalid", "true");
  await expect(where).toHaveAccessibleDescription(/We could not find that place in Melbourne/);
  await expect(page.getByRole("heading", { name: "Find Your Perfect Space" })).toBeVisible();
  await expect(page.getByLabel("Sort by").locator("option", { hasText: "Nearest first" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await captureScreens(page, "location-search-refused");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("typing a place in Where and sending the form keeps the rooms near it", async ({ page, createListing }) => {
    const { word, near, far } = await roomsAround(createListing);
    await page.goto(`/search?title=${word}`);
    await page.getByRole("combobox", { name: "Where" }).fill("RMIT City");
    await page.getByLabel("Within").selectOption({ label: "1 km" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/where=RMIT\+City&radius_km=1/);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).filter({ hasText: near.title })).toContainText("560 m · about 7 min walk to RMIT City");
    await expect(page.getByText(far.title)).toHaveCount(0);
  });
});
