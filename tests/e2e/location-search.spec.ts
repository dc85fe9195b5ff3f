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

/** No tile server in tests (as on a machine with no network): the markers draw on a plain background. */
async function blockTiles(page: Page) {
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) =>
    route.abort("internetdisconnected"),
  );
}

/** Types "RMIT" in Where and picks RMIT City from the suggestions with the keyboard. */
async function pickRmitCity(page: Page) {
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
  return where;
}

/** The cards of rooms near RMIT City: only the two within 2 km, each with its walk. */
async function expectRoomsNearRmit(page: Page, { near, nearer, far }: Awaited<ReturnType<typeof roomsAround>>) {
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(far.title)).toHaveCount(0);
  await expect(cards(page).filter({ hasText: near.title })).toContainText("560 m · about 7 min walk to RMIT City");
  await expect(cards(page).filter({ hasText: nearer.title })).toContainText("220 m · about 3 min walk to RMIT City");
}

test("a renter types RMIT, picks RMIT City, sees the rooms within 2 km with their walk, searches the map's area, saves it and opens it again", async ({
  page,
  createListing,
  createUser,
  signInAs,
}) => {
  test.slow(); // one long journey: the list, the map, a saved search and back, with axe at each step
  const rooms = await roomsAround(createListing);
  const { word } = rooms;
  await signInAs(await createUser());
  await blockTiles(page);
  await page.goto(`/search?title=${word}`);
  await expect(cards(page)).toHaveCount(3);

  await pickRmitCity(page);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?title=${word}&where=rmit-city$`));
  await expectRoomsNearRmit(page, rooms);
  await expectNoAxeViolations(page);

  // The map: the same two rooms, 340 m apart, drawn as one cluster at the city's zoom.
  await page.getByRole("navigation", { name: "Show the results as" }).getByRole("link", { name: "Map" }).click();
  await expect(page).toHaveURL(/[?&]view=map\b/);
  await expect(page.getByTestId("search-map")).toHaveAttribute("data-map-state", "ready");
  await expect(page.getByRole("button", { name: "2 rooms here" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Zooming in is the visitor's move: the visible box becomes part of the search.
  await expect(page.getByRole("button", { name: "Search this area" })).toHaveCount(0);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Search this area" }).click();
  await expect(page).toHaveURL(/[?&]bbox=-37\.\d+%2C144\.\d+%2C-37\.\d+%2C14[45]\.\d+/);
  await expect(page).toHaveURL(/[?&]where=rmit-city\b.*[?&]view=map\b/);
  await expectRoomsNearRmit(page, rooms);
  const found = await cards(page).getByRole("heading").allTextContents();

  await page.getByText("Save this search").click();
  await page.getByLabel("Name", { exact: true }).fill(`Near RMIT ${word}`);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved")).toBeVisible();

  await page.goto("/settings/saved-searches");
  await expect(page.getByText(/Within 2 km of RMIT City · In an area of the map/)).toBeVisible();
  await page.getByRole("link", { name: "Open search" }).click();
  await expect(page).toHaveURL(/[?&]where=rmit-city\b.*[?&]bbox=/);
  await expectRoomsNearRmit(page, rooms);
  expect(await cards(page).getByRole("heading").allTextContents()).toEqual(found);
});

test("nearest first puts the closest room first, and the listing page says the same walk", async ({
  page,
  createListing,
}) => {
  const rooms = await roomsAround(createListing);
  const { word, nearer } = rooms;
  await page.goto(`/search?title=${word}&where=rmit-city`);
  await expectRoomsNearRmit(page, rooms);

  await page.getByLabel("Sort by").selectOption({ label: "Nearest first" });
  await expect(page).toHaveURL(/&sort=distance$/);
  await expect(cards(page).first()).toContainText(nearer.title);
  await expect(page.getByRole("combobox", { name: "Where" })).toHaveValue("RMIT City");
  await expectNoAxeViolations(page);
  await captureScreens(page, "location-search");
  // On a phone the filters fold away: open them to see the Where field fits.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByText(/^Filters \(\d\)$/).click();
  await page.screenshot({ path: "test-results/screenshots/location-search-filters-mobile.png", fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);

  await cards(page).filter({ hasText: nearer.title }).getByRole("link", { name: nearer.title }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${nearer.id}\\?near=rmit-city$`));
  await expect(page.getByRole("heading", { level: 1, name: nearer.title })).toBeVisible();
  await expect(page.getByText("220 m · about 3 min walk to RMIT City")).toBeVisible();
});

test.describe("the home page's featured rooms", () => {
  const featured = (page: Page) => page.getByRole("list", { name: "Featured listings" }).getByRole("article");

  test("follow the place picked in the home bar's Where, with their walk and a link to the same search; Search still goes to /search", async ({
    page,
    createListing,
  }) => {
    const { near, nearer, far } = await roomsAround(createListing);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured Listings" })).toBeVisible();

    await pickRmitCity(page);
    // Choosing the place updates the list below without sending the bar.
    await expect(page).toHaveURL(/\/\?where=rmit-city#featured-listings$/);
    await expect(page.getByRole("heading", { name: "Rooms near RMIT City" })).toBeVisible();
    await expect(page.getByText("The newest rooms within 2 km of RMIT City, with the walk to it.")).toBeVisible();
    await expect(featured(page).filter({ hasText: near.title })).toContainText("560 m · about 7 min walk to RMIT City");
    await expect(featured(page).filter({ hasText: nearer.title })).toContainText(
      "220 m · about 3 min walk to RMIT City",
    );
    await expect(page.getByText(far.title)).toHaveCount(0);
    // Every room shown is within 2 km, with its walk.
    for (const line of await featured(page)
      .getByText(/ to RMIT City$/)
      .allTextContents()) {
      const [, figure, unit] = /^([\d.]+) (m|km)/.exec(line) ?? [];
      expect(Number(figure) * (unit === "km" ? 1000 : 1), line).toBeLessThanOrEqual(2000);
    }
    expect(
      await featured(page)
        .getByText(/ to RMIT City$/)
        .count(),
    ).toBe(await featured(page).count());
    await expect(page.getByRole("link", { name: "See all rooms near RMIT City" })).toHaveAttribute(
      "href",
      "/search?where=rmit-city",
    );
    await expectNoAxeViolations(page);
    await captureScreens(page, "home-near-place");

    // The card takes the place to the listing page, which says the same walk.
    await featured(page).filter({ hasText: nearer.title }).getByRole("link", { name: nearer.title }).click();
    await expect(page).toHaveURL(new RegExp(`/listing/${nearer.id}\\?near=rmit-city$`));
    await expect(page.getByRole("heading", { level: 1, name: nearer.title })).toBeVisible();
    await expect(page.getByText("220 m · about 3 min walk to RMIT City")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?where=rmit-city#featured-listings$/);

    await expect(page.getByRole("combobox", { name: "Where" })).toHaveValue("RMIT City");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?where=rmit-city$/);
    await expect(page.getByText(nearer.title)).toBeVisible();
  });

  test("with a place that cannot be found are the usual newest rooms, with a note", async ({ page }) => {
    const response = await page.goto("/?where=Atlantis");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Featured Listings" })).toBeVisible();
    await expect(
      page.getByText(/^We could not find that place in Melbourne\..* Here are the newest rooms everywhere instead\.$/),
    ).toBeVisible();
    await expect(featured(page)).toHaveCount(6);
    await expect(page.getByRole("combobox", { name: "Where" })).toHaveValue("Atlantis");
    await expectNoAxeViolations(page);
    await captureScreens(page, "home-place-not-found");
  });
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

  test("a home link with a place shows the rooms near it, and the home bar sends typed text to /search", async ({
    page,
    createListing,
  }) => {
    const { near, far } = await roomsAround(createListing);
    await page.goto("/?where=rmit-city");
    await expect(page.getByRole("heading", { name: "Rooms near RMIT City" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Featured listings" }).getByRole("article").filter({ hasText: near.title }),
    ).toContainText("560 m · about 7 min walk to RMIT City");
    await expect(page.getByText(far.title)).toHaveCount(0);

    const where = page.getByRole("combobox", { name: "Where" });
    await expect(where).toHaveValue("RMIT City");
    await where.fill("Carlton");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?where=Carlton$/);
  });
});
