import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { storeConsent } from "./support/consent";
import { captureScreens } from "./support/screenshots";

/** Metres from a list entry's distance label: "350 m" or "1.0 km". */
function metres(label: string): number {
  const match = /^([\d.]+) (m|km)$/.exec(label.trim());
  if (!match) throw new Error(`not a distance: "${label}"`);
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
}

/** Opens the showcase with map tiles blocked (as on a machine with no network) and waits for the map. */
async function openMap(page: Page): Promise<void> {
  await page.route(/^https?:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//, (route) =>
    route.abort("internetdisconnected"),
  );
  const response = await page.goto("/dev/map");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("listing-map")).toHaveAttribute("data-map-state", "ready");
}

const section = (page: Page) => page.getByRole("region", { name: "Location & Nearby Places" });
const placeMarkers = (page: Page) => page.locator(".leaflet-marker-pane [data-marker=place]");
const placeButtons = (page: Page) => page.getByRole("list", { name: "Nearby Places" }).getByRole("button");

test.describe("listing map (/dev/map)", () => {
  // The places list sits where the consent banner does: a banner appearing as a place is clicked
  // takes the click's mouseup, and the place is focused but not pinned.
  test.beforeEach(({ context, baseURL }) => storeConsent(context, baseURL));

  test("draws a 400 px map at zoom 15 with the home marker even though no tile loads", async ({ page }) => {
    const pageErrors: string[] = [];
    const cspViolations: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      // Tile images are the page's to allow (img-src from mapImageOrigins()); anything else must pass the CSP.
      if (/Content Security Policy/i.test(message.text()) && !/tile\.openstreetmap\.org/.test(message.text())) {
        cspViolations.push(message.text());
      }
    });
    await openMap(page);

    await expect(page.getByRole("heading", { level: 2, name: "Location & Nearby Places" })).toBeVisible();
    const map = page.getByTestId("listing-map");
    const box = await map.boundingBox();
    expect(box?.height).toBe(400);

    const home = page.locator(".leaflet-marker-pane [data-marker=home]");
    await expect(home).toHaveCount(1);
    await expect(home).toBeVisible();
    await expect(home.locator("svg")).toBeVisible();
    // The home marker sits in the middle of the map (the map is centred on the listing).
    const homeBox = await home.boundingBox();
    const mapBox = await page.locator(".leaflet-container").boundingBox();
    expect(homeBox && mapBox).toBeTruthy();
    if (homeBox && mapBox) {
      const tipX = homeBox.x + homeBox.width / 2;
      const tipY = homeBox.y + homeBox.height;
      expect(Math.abs(tipX - (mapBox.x + mapBox.width / 2))).toBeLessThan(3);
      expect(Math.abs(tipY - (mapBox.y + mapBox.height / 2))).toBeLessThan(3);
    }
    // Zoom 15: the tiles asked for are those of level 15.
    await expect(page.locator(".leaflet-tile").first()).toHaveAttribute("src", /\/15\/\d+\/\d+\.png$/);

    // Tiles failed: the map says so, and the static fallback is gone.
    await expect(map.getByRole("status")).toHaveText(/Map background unavailable/);
    await expect(page.getByTestId("static-map")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-37\.\d+&mlon=144\.\d+#map=15\//,
    );
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);

    await expectNoAxeViolations(page);
    await captureScreens(page, "listing-map");
  });

  test("fits a phone screen: map full width, list below, no sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openMap(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const map = await page.getByTestId("listing-map").boundingBox();
    const list = await page.getByRole("list", { name: "Nearby Places" }).boundingBox();
    expect(map?.height).toBe(400);
    expect(map && list && list.y > map.y + map.height).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("lists nearby places within 1000 m, nearest first", async ({ page }) => {
    await openMap(page);
    const buttons = placeButtons(page);
    expect(await buttons.count()).toBeGreaterThan(5);
    const distances = (await section(page).locator("li button > span:last-child").allTextContents()).map(metres);
    expect(distances.length).toBe(await buttons.count());
    expect(distances.every((distance) => distance <= 1000)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(buttons.filter({ hasText: "Degraves Street" })).toHaveCount(1);
    for (const button of await buttons.all()) await expect(button).toHaveAttribute("aria-pressed", "false");
  });

  test("selecting a place pins it on the map and selecting it again removes the pin", async ({ page }) => {
    await openMap(page);
    const buttons = placeButtons(page);
    await expect(placeMarkers(page)).toHaveCount(0);

    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(placeMarkers(page)).toHaveCount(1);
    const firstName = (await buttons.nth(0).locator("span.block").first().textContent()) ?? "";
    await expect(placeMarkers(page).first()).toHaveAttribute("title", firstName);

    await buttons.nth(2).click();
    await expect(placeMarkers(page)).toHaveCount(2);
    await captureScreens(page, "listing-map-pinned");

    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute("aria-pressed", "false");
    await expect(placeMarkers(page)).toHaveCount(1);
    await expect(placeMarkers(page).first()).not.toHaveAttribute("title", firstName);
    // The home marker stays throughout.
    await expect(page.locator(".leaflet-marker-pane [data-marker=home]")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("the places list works from the keyboard", async ({ page }) => {
    await openMap(page);
    const buttons = placeButtons(page);
    await buttons.nth(0).focus();
    await page.keyboard.press("Space");
    await expect(buttons.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(placeMarkers(page)).toHaveCount(1);

    await page.keyboard.press("Tab");
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(buttons.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(placeMarkers(page)).toHaveCount(2);

    await page.keyboard.press("Enter");
    await expect(buttons.nth(1)).toHaveAttribute("aria-pressed", "false");
    await expect(placeMarkers(page)).toHaveCount(1);
    await expect(buttons.nth(1)).toBeFocused();
  });

  test("Leaflet is loaded only where a map is shown", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => /leaflet/i.test(url))).toEqual([]);

    await openMap(page);
    expect(requested.some((url) => /\/assets\/leaflet-map[^/]*\.js$/.test(url))).toBe(true);
    // Leaflet and its stylesheet come in a chunk both maps share.
    expect(requested.some((url) => /\/assets\/leaflet-[^/]*\.css$/.test(url))).toBe(true);
  });
});

test.describe("listing map when the map code cannot load", () => {
  test("keeps the static map with the coordinates and says why", async ({ page }) => {
    await page.route(/\/assets\/leaflet-map[^/]*\.js$/, (route) => route.abort("failed"));
    await page.goto("/dev/map");
    const map = page.getByTestId("listing-map");
    await expect(map).toHaveAttribute("data-map-state", "error");
    await expect(map.getByRole("alert")).toHaveText("Error loading the map. Please try again later.");
    await expect(page.getByTestId("static-map")).toContainText(/37\.\d{5}° S, 144\.\d{5}° E/);
    await expect(page.getByTestId("static-map").getByRole("link", { name: "Open in OpenStreetMap" })).toBeVisible();
    // The list still answers; there is just no map to pin on.
    await placeButtons(page).first().click();
    await expect(placeButtons(page).first()).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
  });
});

test.describe("listing map without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the coordinates, a link to OpenStreetMap and the places", async ({ page }) => {
    const response = await page.goto("/dev/map");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Location & Nearby Places" })).toBeVisible();
    const fallback = page.getByTestId("static-map");
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText(/37\.\d{5}° S, 144\.\d{5}° E/);
    await expect(fallback.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-37\.\d+&mlon=144\.\d+#map=15\//,
    );
    expect((await page.getByTestId("listing-map").boundingBox())?.height).toBe(400);
    expect(await placeButtons(page).count()).toBeGreaterThan(5);
  });
});
