import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { pickDate } from "./support/date-picker";
import { captureScreens, VIEWPORTS } from "./support/screenshots";

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");
const rents = async (page: Page) =>
  (
    await cards(page)
      .locator("span", { hasText: /\/week$/ })
      .allTextContents()
  ).map((text) => Number(text.replace(/[^0-9.]/g, "")));
const isOrdered = <T>(values: T[], compare: (a: T, b: T) => number) =>
  values.length > 1 && values.slice(1).every((value, index) => compare(values[index] as T, value) <= 0);

test.describe("search bar", () => {
  test("Enter in a text field searches with only the filled fields", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Title" }).fill("room");
    await page.getByRole("spinbutton", { name: "Min Price" }).fill("300");
    await page.getByRole("textbox", { name: "Title" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?title=room&minPrice=300$/);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Perfect Space" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("room");
    await expect(page.getByRole("spinbutton", { name: "Min Price" })).toHaveValue("300");
  });

  test("the Search button and the date picker add availableFrom as a date", async ({ page }) => {
    await page.goto("/search");
    const picker = page.getByRole("button", { name: "Available From" });
    await expect(picker).toHaveText(/Pick a date/);
    await picker.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("grid")).toBeVisible();
    // Focus starts on today; Page Down moves a month on, Enter picks that day.
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Enter");
    await expect(picker).not.toHaveText(/Pick a date/);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?availableFrom=\d{4}-\d{2}-\d{2}$/);
    const chosen = new Date(`${new URL(page.url()).searchParams.get("availableFrom")}T00:00:00`).getTime();
    // The address changes a moment before the new results render, so poll the rendered dates.
    await expect
      .poll(async () => {
        const dates = await cards(page)
          .getByText(/^Available from:/)
          .allTextContents();
        return (
          dates.length > 0 && dates.every((text) => new Date(text.replace("Available from: ", "")).getTime() >= chosen)
        );
      })
      .toBe(true);
  });
});

test.describe("search results", () => {
  test("defaults: newest first, 12 per page, exact total, pagination; axe clean", async ({ page }) => {
    const response = await page.goto("/search");
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(12);
    // Grouped in thousands ("1,234"), as the page shows it.
    const total = Number(
      (
        await page
          .getByText(/rooms available$/)
          .locator("strong")
          .textContent()
      )?.replaceAll(",", ""),
    );
    expect(total).toBeGreaterThanOrEqual(60);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: `Page ${Math.ceil(total / 12)}`, exact: true })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
    await expect(page.getByRole("combobox", { name: "Per page" })).toHaveValue("12");
    await expectNoAxeViolations(page);
    await captureScreens(page, "search");
  });

  test("title and keyword match case-insensitively", async ({ page }) => {
    await page.goto("/search?keyword=BALCONY&pageSize=48");
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toContain("balcony");

    await page.goto("/search?title=degraves");
    for (const title of await cards(page).getByRole("heading").allTextContents()) {
      expect(title.toLowerCase()).toContain("degraves");
    }
  });

  test("price bounds use whole dollars; 0 and empty are ignored", async ({ page }) => {
    await page.goto("/search?minPrice=400&maxPrice=500&pageSize=48");
    for (const rent of await rents(page)) {
      expect(rent).toBeGreaterThanOrEqual(400);
      expect(rent).toBeLessThanOrEqual(500);
    }
    await page.goto("/search?minPrice=0&maxPrice=");
    await expect(page).toHaveURL(/\/search$/);
  });

  test("sorting by price reorders and returns to page 1; page size changes the count", async ({ page }) => {
    await page.goto("/search?page=2");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await expect(page).toHaveURL(/\/search\?sort=price-asc$/);
    // The address changes a moment before the new results render, so poll the rendered order.
    await expect.poll(async () => isOrdered(await rents(page), (a, b) => a - b)).toBe(true);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect.poll(async () => isOrdered(await rents(page), (a, b) => b - a)).toBe(true);

    await page.getByRole("combobox", { name: "Per page" }).selectOption("6");
    await expect(page).toHaveURL(/\/search\?sort=price-desc&pageSize=6$/);
    await expect(cards(page)).toHaveCount(6);

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title-asc");
    await expect(page).toHaveURL(/sort=title-asc/);
    await expect
      .poll(async () =>
        isOrdered(await cards(page).getByRole("heading").allTextContents(), (a, b) =>
          a.localeCompare(b, "en", { sensitivity: "base" }),
        ),
      )
      .toBe(true);
  });

  test("the URL is the state: back and forward restore earlier searches", async ({ page }) => {
    await page.goto("/search");
    const firstTitle = await cards(page).first().getByRole("heading").textContent();
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 2", exact: true })
      .click();
    await expect(page).toHaveURL(/\/search\?page=2$/);
    await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstTitle ?? "");
    const secondPageTitle = await cards(page).first().getByRole("heading").textContent();

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title-desc");
    await expect(page).toHaveURL(/\/search\?sort=title-desc$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?page=2$/);
    await expect(cards(page).first().getByRole("heading")).toHaveText(secondPageTitle ?? "");
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
    await page.goForward();
    await expect(page).toHaveURL(/sort=title-desc/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("title-desc");
  });

  test("three placeholder cards show while results load", async ({ page }) => {
    await page.goto("/search");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    const loading = page.getByRole("status", { name: "Loading listings" });
    await expect(loading).toBeVisible();
    await expect(loading.locator("> div")).toHaveCount(3);
    release();
    await expect(loading).toBeHidden();
    await expect(cards(page)).toHaveCount(12);
  });

  test("no results shows an empty state with a way back", async ({ page }) => {
    await page.goto("/search?title=no-such-room-anywhere");
    await expect(page.getByText("No rooms match your search")).toBeVisible();
    await expect(page.getByText(/^0$/)).toBeVisible();
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(cards(page)).toHaveCount(12);
  });

  test("opening a card and going back to results returns to the same search", async ({ page }) => {
    await page.goto("/search?keyword=balcony&sort=price-asc");
    await cards(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "Back to results" }).click();
    await expect(page).toHaveURL(/\/search\?keyword=balcony&sort=price-asc$/);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form, sort and pagination all work server-side", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("textbox", { name: "Keyword" }).fill("ensuite");
    await page.getByRole("textbox", { name: "Keyword" }).press("Enter");
    // Empty fields the browser sent are dropped by a redirect to the clean URL.
    await expect(page).toHaveURL(/\/search\?keyword=ensuite$/);
    await page.waitForLoadState();
    for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toContain("ensuite");

    await page.goto("/search");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/search\?sort=price-asc$/);
    await page.waitForLoadState();
    expect(isOrdered(await rents(page), (a, b) => a - b)).toBe(true);

    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 2", exact: true })
      .click();
    await expect(page).toHaveURL(/\/search\?sort=price-asc&page=2$/);
    await expect(cards(page)).toHaveCount(12);
  });
});

test.describe("filters on a phone", () => {
  test("fold behind 'Filters (N)' under the result count, so a result shows on the first screen; axe clean", async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto("/search?maxPrice=400&stay=6");
    const count = page.getByText(/rooms? available$/);
    const filters = page.getByText("Filters (2)", { exact: true });
    await expect(filters).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toBeHidden();
    expect((await count.boundingBox())?.y).toBeLessThan((await filters.boundingBox())?.y ?? 0);
    await expect(cards(page).first()).toBeInViewport();
    await expectNoAxeViolations(page);

    await filters.click();
    await page.getByRole("textbox", { name: "Title" }).fill("room");
    await expectNoAxeViolations(page);
    await captureScreens(page, "search-filters-open");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?title=room&maxPrice=400&stay=6$/);
    // Folded again over the new results, counting the new filter.
    await expect(page.getByText("Filters (3)", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toBeHidden();
    await captureScreens(page, "search-filters-folded");
  });

  test("on a wide screen the filters show at once, with no fold", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/search?stay=6");
    await expect(page.getByRole("textbox", { name: "Title" })).toBeVisible();
    await expect(page.getByLabel("Stay Length")).toHaveValue("6");
    await expect(page.getByText("Filters (1)", { exact: true })).toBeHidden();
  });

  test("without JavaScript the fold opens and the plain form searches", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    try {
      await page.goto("/search");
      await expect(page.getByRole("textbox", { name: "Keyword" })).toBeHidden();
      await page.getByText("Filters", { exact: true }).click();
      await page.getByRole("textbox", { name: "Keyword" }).fill("ensuite");
      await page.getByRole("textbox", { name: "Keyword" }).press("Enter");
      await expect(page).toHaveURL(/\/search\?keyword=ensuite$/);
      await expect(page.getByText("Filters (1)", { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test("the two dates are the same kind of field, each saying which rooms it keeps", async ({ page }) => {
  await page.goto("/search");
  const availableFrom = page.getByRole("button", { name: "Available From", exact: true });
  const moveIn = page.getByRole("button", { name: "Move-in Date", exact: true });
  await expect(availableFrom).toHaveAccessibleDescription(/Rooms becoming free on or after this day/);
  await expect(moveIn).toHaveAccessibleDescription(/Rooms you can move into by this day/);
  await expect(moveIn).toHaveText(/Pick a date/);
  await pickDate(page, "Move-in Date", "2027-03-01");
  await expect(moveIn).toHaveText(/1 Mar 2027/);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?moveIn=2027-03-01$/);
  await expect(page.getByRole("button", { name: "Move-in Date", exact: true })).toHaveText(/1 Mar 2027/);
  await expectNoAxeViolations(page);
  await captureScreens(page, "search-dates");
});
