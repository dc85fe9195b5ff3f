import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { storeConsent } from "./support/consent";
import { createListing, expect, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");
const map = (page: Page) => page.getByTestId("search-map");

/**
 * Three rooms sharing a unique title word: two in one Carlton building, one in St Kilda, each at a
 * street address with its exact position, as the address search fills the form.
 */
async function threeRooms(baseURL: string) {
  const word = `Mapped${randomUUID().slice(0, 8)}`;
  const exact = { state: "VIC", locationPrecision: "address" };
  const carlton = {
    ...exact,
    address: "1 Test Lane",
    latitude: "-37.8001",
    longitude: "144.9671",
    suburb: "Carlton",
    postcode: "3053",
  };
  await createListing(baseURL, { ...carlton, title: `${word} Carlton front room`, weeklyRent: "320" });
  await createListing(baseURL, { ...carlton, title: `${word} Carlton back room`, weeklyRent: "410" });
  const stKilda = await createListing(baseURL, {
    title: `${word} St Kilda room`,
    weeklyRent: "290",
    ...exact,
    address: "2 Test Lane",
    latitude: "-37.8676",
    longitude: "144.9809",
    suburb: "St Kilda",
    postcode: "3182",
  });
  return { word, stKilda };
}

/** No tile server in tests (as on a machine with no network): the markers draw on a plain background. */
async function blockTiles(page: Page) {
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) =>
    route.abort("internetdisconnected"),
  );
}

test.describe("search map", () => {
  test.beforeEach(({ context, baseURL }) => storeConsent(context, baseURL));

  // The List | Map switch, "Search this area" from a place and saving it are location-search.spec.ts's journey.
  test("shows rents and counts, lists a selection's cards; axe clean with a selection open", async ({
    page,
    baseURL,
  }) => {
    const { word, stKilda } = await threeRooms(baseURL ?? "");
    await blockTiles(page);
    await page.goto(`/search?title=${word}&view=map`);
    await expect(map(page)).toHaveAttribute("data-map-state", "ready");
    // The St Kilda room stands alone, with its rent; the two Carlton rooms share one position.
    const stKildaMarker = page.getByRole("button", { name: "Room at $290 a week" });
    await expect(stKildaMarker).toHaveText("$290");
    const carlton = page.getByRole("button", { name: "2 rooms here" });
    await expect(carlton).toHaveText("2");

    await stKildaMarker.click();
    const panel = page.getByRole("list", { name: "1 room here" });
    await expect(panel.getByRole("article")).toHaveCount(1);
    await expect(panel.getByRole("link", { name: stKilda.title }).first()).toBeVisible();

    // Keyboard: a cluster is a focusable button; Enter selects it.
    await carlton.focus();
    await expect(carlton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("list", { name: "2 rooms here" }).getByRole("article")).toHaveCount(2);

    await expectNoAxeViolations(page);
    await captureScreens(page, "search-map");
  });

  test("'Search this area' puts the visible box in the URL and narrows the list", async ({ page, baseURL }) => {
    const { word } = await threeRooms(baseURL ?? "");
    await blockTiles(page);
    await page.goto(`/search?title=${word}&view=map`);
    await expect(map(page)).toHaveAttribute("data-map-state", "ready");
    await expect(page.getByRole("button", { name: "Room at $290 a week" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Search this area" })).toHaveCount(0);

    // Zoom in on the city: St Kilda leaves the view, Carlton stays.
    const zoomIn = page.getByRole("button", { name: "Zoom in" });
    await zoomIn.click();
    await expect(page.getByRole("button", { name: "Search this area" })).toBeVisible();
    await zoomIn.click();
    await expect(page.getByRole("button", { name: "Room at $290 a week" })).toHaveCount(0);
    await page.getByRole("button", { name: "Search this area" }).click();

    await expect(page).toHaveURL(/[?&]bbox=-37\.\d+%2C144\.\d+%2C-37\.\d+%2C14[45]\.\d+/);
    await expect(page).toHaveURL(/[?&]view=map\b/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: "2 rooms here" })).toBeVisible();

    // A new search from the bar keeps the area and the map.
    await page.getByLabel("Max Price").fill("350");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/[?&]maxPrice=350\b/);
    await expect(page).toHaveURL(/[?&]bbox=-37\.\d+%2C144\./);
    await expect(page).toHaveURL(/[?&]view=map\b/);
    await expect(cards(page)).toHaveCount(1);
  });
});

test.describe("search map without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the map view is the list, with a note", async ({ page, baseURL }) => {
    const { word } = await threeRooms(baseURL ?? "");
    await page.goto(`/search?title=${word}&view=map`);
    // Playwright's text search skips <noscript>, though the browser shows its content without JavaScript.
    const note = page.locator("noscript p");
    await expect(note).toBeVisible();
    await expect(note).toHaveText("The map needs JavaScript; here is the list.");
    await expect(cards(page)).toHaveCount(3);
    await expect(
      page.getByRole("navigation", { name: "Show the results as" }).getByRole("link", { name: "List" }),
    ).toHaveAttribute("href", `/search?title=${word}`);
  });
});
