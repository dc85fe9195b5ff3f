import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

/**
 * The Property Address search (app/components/listing-form/address-search.tsx), driven through its
 * showcase on /dev/ui, which asks the ungated /dev/address-suggestions (the offline gazetteer here).
 */

const SUBURB_ONLY_NOTE = "Only a suburb was chosen — add the street address below.";

/** Opens the UI kit and waits until React has hydrated it, so the widgets answer the keyboard. */
async function openKit(page: Page): Promise<void> {
  const response = await page.goto("/dev/ui");
  expect(response?.status()).toBe(200);
  await expect(page.locator("main div[data-hydrated=true]")).toBeAttached();
}

function addressSearch(page: Page) {
  const section = page.locator("section#address-search");
  return {
    section,
    input: section.getByRole("combobox", { name: "Property Address" }),
    listbox: section.getByRole("listbox", { name: "Address suggestions" }),
    options: section.getByRole("option"),
    status: section.getByRole("status"),
    field: (name: string) => section.getByTestId(`address-${name}`),
    submits: section.getByTestId("address-submits"),
  };
}

/** Records the suggestion requests the page makes. */
function suggestionRequests(page: Page): string[] {
  const queries: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/dev/address-suggestions") queries.push(url.searchParams.get("q") ?? "");
  });
  return queries;
}

test.describe("Address search (/dev/ui)", () => {
  // Consent already given, so the cookie banner does not cover the field in screenshots.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([
      { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
    ]);
  });

  test("suggests after the debounce and chooses from the keyboard", async ({ page }) => {
    test.slow(); // Two sets of full-page screenshots.
    // The page's clock stands still once hydrated, so the debounce is measured, not raced.
    await page.clock.install({ time: new Date("2026-11-21T09:00:00+11:00") });
    await openKit(page);
    await page.clock.pauseAt(new Date("2026-11-21T09:30:00+11:00"));
    const queries = suggestionRequests(page);
    const { input, listbox, options, status, field, submits } = addressSearch(page);

    await expect(input).toHaveAttribute("placeholder", "Start typing an address or suburb");
    await expect(input).toHaveAttribute("aria-autocomplete", "list");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(listbox).toBeHidden();

    await input.pressSequentially("Carlton");
    await page.clock.runFor(299);
    expect(queries).toEqual([]);
    await page.clock.runFor(1);
    await expect(options.first()).toBeVisible();
    // One request for what was typed once typing paused, not one per keystroke.
    expect(queries).toEqual(["Carlton"]);
    await page.clock.resume(); // axe needs running timers.
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "");
    await expect(options.first()).toHaveAccessibleName("Carlton VIC 3053");
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    await expect(status).toHaveText(`${count} suggestions`);
    await expect(listbox.locator("[role=option][aria-selected=true]")).toHaveCount(0);

    await input.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id")) ?? "");
    await input.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "false");
    await expect(input).toBeFocused();
    await expectNoAxeViolations(page);
    await input.scrollIntoViewIfNeeded();
    await captureScreens(page, "address-search-open");

    await input.press("Enter");
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(input).toHaveValue("Carlton VIC 3053");
    await expect(field("street-address")).toHaveText("—");
    await expect(field("suburb")).toHaveText("Carlton");
    await expect(field("state")).toHaveText("VIC");
    await expect(field("postcode")).toHaveText("3053");
    await expect(field("country")).toHaveText("Australia");
    await expect(field("position")).toHaveText(/^-37\.\d{4}, 144\.\d{4}$/);
    await expect(field("precision")).toHaveText("suburb");
    await expect(page.getByText("Selected: Carlton VIC 3053")).toBeVisible();
    await expect(page.getByText(SUBURB_ONLY_NOTE, { exact: true })).toBeVisible();
    await expect(status).toHaveText(`Selected Carlton VIC 3053. ${SUBURB_ONLY_NOTE}`);
    // Enter chose an address; it never submitted the form around the field.
    await expect(submits).toHaveText("Form submissions: 0");
    await expectNoAxeViolations(page);
    await captureScreens(page, "address-search-selected");
  });

  test("Enter chooses the only suggestion, keeping a typed street: a full address, without the suburb warning", async ({
    page,
  }) => {
    test.slow(); // Full-page screenshots.
    await openKit(page);
    const { input, options, status, field, submits } = addressSearch(page);

    await input.pressSequentially("12 Lygon St, Carlton North");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAccessibleName("12 Lygon St Carlton North VIC 3054");
    await expect(status).toHaveText("1 suggestion");
    await captureScreens(page, "address-search-street");
    await input.press("Enter");

    await expect(input).toHaveValue("12 Lygon St, Carlton North VIC 3054");
    await expect(field("street-address")).toHaveText("12 Lygon St");
    await expect(field("suburb")).toHaveText("Carlton North");
    await expect(field("postcode")).toHaveText("3054");
    // The map can place it only at its suburb, but a chosen street address is a full address.
    await expect(field("precision")).toHaveText("suburb");
    await expect(page.getByText("Selected: 12 Lygon St, Carlton North VIC 3054")).toBeVisible();
    await expect(page.getByText(SUBURB_ONLY_NOTE, { exact: true })).toHaveCount(0);
    await expect(status).toHaveText("Selected 12 Lygon St, Carlton North VIC 3054.");
    await expect(submits).toHaveText("Form submissions: 0");
  });

  test("Enter never submits the form, whatever the list shows", async ({ page }) => {
    await openKit(page);
    const { input, options, status, submits, section } = addressSearch(page);

    await input.press("Enter"); // empty
    await input.pressSequentially("Ca");
    await input.press("Enter"); // too short to search
    await input.pressSequentially("rlton");
    await expect(options.first()).toBeVisible();
    await input.press("Enter"); // several suggestions, none active: nothing is chosen
    await expect(options.first()).toBeVisible();
    await input.fill("Qqqzzx");
    await expect(status).toHaveText("No matches");
    await expect(status).toBeVisible();
    await input.press("Enter");
    await expect(submits).toHaveText("Form submissions: 0");
    // The form itself still submits from its button.
    await section.getByRole("button", { name: "Save address" }).click();
    await expect(submits).toHaveText("Form submissions: 1");
  });

  test("Escape closes the list, the arrow keys reopen it, a click chooses", async ({ page }) => {
    await openKit(page);
    const { input, listbox, options, field } = addressSearch(page);

    await input.pressSequentially("Fitzroy");
    await expect(options.first()).toBeVisible();
    await input.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).toHaveValue("Fitzroy");

    await input.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await options.filter({ hasText: "Fitzroy North" }).click();
    await expect(listbox).toBeHidden();
    await expect(input).toHaveValue("Fitzroy North VIC 3068");
    await expect(input).toBeFocused();
    await expect(field("suburb")).toHaveText("Fitzroy North");
  });

  test("reuses suggestions from session storage for 24 hours", async ({ page }) => {
    await openKit(page);
    const queries = suggestionRequests(page);
    const { input, options } = addressSearch(page);

    // Typed in one go, so no shorter query is searched on the way.
    await input.fill("Kew East");
    await expect(options).toHaveCount(1);
    const stored = await page.evaluate(() => sessionStorage.getItem("address-suggestions:kew east"));
    const entry = JSON.parse(stored ?? "null") as { savedAt: number; suggestions: { label: string }[] };
    expect(entry.suggestions.map((suggestion) => suggestion.label)).toEqual(["Kew East VIC 3102"]);
    expect(Math.abs(entry.savedAt - Date.now())).toBeLessThan(60_000);

    // A fresh entry answers without asking the server (case and spacing do not matter) …
    await page.evaluate((value) => {
      const cached = JSON.parse(value) as { suggestions: { label: string }[] };
      cached.suggestions[0]!.label = "From the cache, Kew East VIC 3102";
      sessionStorage.setItem("address-suggestions:kew east", JSON.stringify(cached));
    }, stored ?? "");
    await input.fill("KEW  east");
    await expect(options.first()).toHaveAccessibleName("From the cache Kew East VIC 3102");
    expect(queries).toEqual(["Kew East"]);

    // … and one saved more than 86400 s ago is asked for again.
    await page.evaluate(() => {
      const cached = JSON.parse(sessionStorage.getItem("address-suggestions:kew east") ?? "null") as {
        savedAt: number;
      };
      cached.savedAt = Date.now() - 86_401_000;
      sessionStorage.setItem("address-suggestions:kew east", JSON.stringify(cached));
    });
    await input.fill("Kew East");
    await expect(options.first()).toHaveAccessibleName("Kew East VIC 3102");
    expect(queries).toEqual(["Kew East", "Kew East"]);
  });

  test("says so when address search is unavailable", async ({ page }) => {
    await openKit(page);
    await page.route("**/dev/address-suggestions?*", (route) =>
      route.fulfill({ status: 502, json: { error: "Address search is not available right now." } }),
    );
    const { input, listbox, status } = addressSearch(page);

    await input.pressSequentially("Richmond");
    await expect(status).toHaveText("Address search is not available right now.");
    await expect(status).toBeVisible();
    await expect(listbox).toBeHidden();
    await expectNoAxeViolations(page);
  });
});
