import type { Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";
import { hydrated } from "./support/hydration";

const PATH = "/settings/properties";
const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };

// Demo listings (scripts/seed/demo-listings.ts), only read here. landlord@example.com (Lena) owns ten.
// Tests that change a listing make their own (tests/e2e/support/fixtures.ts).
const LENA_LET = "Furnished room near the University of Melbourne";
const LENA_CANCEL = "Furnished room near South Yarra Station";
const PRIYAS = "Top-floor room with skyline views on Little Lonsdale Street";

// Long journeys: sign-in (a deliberately slow password hash), several page loads, axe and screenshots.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

const cards = (page: Page) => page.getByRole("list", { name: "Properties" }).getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

/** The total the page reports ("69 properties"). */
async function shownTotal(page: Page): Promise<number> {
  const text = await page
    .getByRole("status")
    .filter({ hasText: /propert(y|ies)/ })
    .textContent();
  return Number(/^(\d+)/.exec(text ?? "")?.[1] ?? Number.NaN);
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).last()).toBeVisible();
}

/** The id of a listing, from its search result. */
async function listingId(page: Page, title: string): Promise<string> {
  await page.goto(`/search?title=${encodeURIComponent(title)}`);
  const href = await page
    .getByRole("list", { name: "Listings" })
    .getByRole("link", { name: title, exact: true })
    .getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error(`no listing called ${title}`);
  return id;
}

/** Full-page screenshots from the top, so the fixed header is drawn where it belongs. */
async function screens(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

test.describe("properties: landlord", () => {
  test("sees 'Your Properties' with only their listings; search narrows and resets to page 1", async ({ page }) => {
    await signIn(page, "landlord@example.com");
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your Properties" })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    expect(await shownTotal(page)).toBe(10);
    await expect(card(page, PRIYAS)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

    const search = page.getByRole("searchbox", { name: "Search properties" });
    await expect(search).toHaveAttribute("placeholder", "Search properties...");
    await expect(page.getByLabel("Results per page:")).toHaveValue("12");
    expect(await page.getByLabel("Results per page:").locator("option").allTextContents()).toEqual(["12", "24", "48"]);

    // Each card: its status, an edit link to the listing form, and the actions.
    const letCard = card(page, LENA_LET);
    await expect(letCard.getByText("Let", { exact: true })).toBeVisible();
    await expect(letCard.getByRole("button", { name: "Mark as available" })).toBeVisible();
    const available = card(page, LENA_CANCEL);
    await expect(available.getByText("Available", { exact: true })).toBeVisible();
    await expect(available.getByRole("button", { name: "Mark as let" })).toBeVisible();
    await expect(available.getByRole("button", { name: "Delete" })).toBeVisible();
    await expect(available.getByRole("link", { name: `Edit ${LENA_CANCEL}` })).toHaveAttribute(
      "href",
      /^\/list-property\?edit=[0-9a-f-]{36}$/,
    );
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-landlord");

    // Description only ("a nurse and a software tester"), any case.
    await search.fill("SOFTWARE Tester");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/settings\/properties\?q=SOFTWARE\+Tester$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Sunny furnished room off Degraves Street")).toBeVisible();

    // Title, any case; a page size set before the search is kept, and the page starts again at 1.
    await page.goto(`${PATH}?pageSize=24&page=1`);
    await expect(page).toHaveURL(/\/settings\/properties\?pageSize=24$/);
    await page.getByRole("searchbox", { name: "Search properties" }).fill("pet-FRIENDLY");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/properties\?q=pet-FRIENDLY&pageSize=24$/);
    await expect(cards(page)).toHaveCount(2);
    expect(await shownTotal(page)).toBe(2);

    await page.getByRole("searchbox", { name: "Search properties" }).fill("skyline views");
    await page.getByRole("searchbox", { name: "Search properties" }).press("Enter");
    await expect(page.getByText("No properties match your search")).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-no-results");
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/settings\/properties\?pageSize=24$/);
    await expect(cards(page)).toHaveCount(10);
  });

  test("marks a listing let, then available again", async ({ page, createListing, signInAs }) => {
    const { title } = await createListing();
    await signInAs(LISTING_OWNER);
    await page.goto(`${PATH}?q=${encodeURIComponent(title)}`);
    const listing = await hydrated(card(page, title));

    await listing.getByRole("button", { name: "Mark as let" }).click();
    await expectToast(page, "Listing marked as let.");
    await expect(listing.getByText("Let", { exact: true })).toBeVisible();
    const markAvailable = listing.getByRole("button", { name: "Mark as available" });
    await expect(markAvailable).toBeEnabled();
    // Stored: a fresh load shows it too.
    await page.reload();
    await expect(card(page, title).getByText("Let", { exact: true })).toBeVisible();

    await (await hydrated(card(page, title))).getByRole("button", { name: "Mark as available" }).click();
    await expectToast(page, "Listing marked as available.");
    await expect(card(page, title).getByText("Available", { exact: true })).toBeVisible();
    await expect(card(page, title).getByRole("button", { name: "Mark as let" })).toBeEnabled();
  });

  test("a listing without an Available From date is 'Not listed' everywhere, with the reason and the fix; a past date lists it as 'Available now'", async ({
    page,
    createListing,
    signInAs,
  }) => {
    test.slow();
    const { id, title } = await createListing({ availableFrom: "" });
    const searchCards = () => page.getByRole("list", { name: "Listings" }).getByRole("article");

    // The public: not in search; its page, opened by link, says it is not available and is not indexed.
    await page.goto(`/search?title=${encodeURIComponent(title)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(searchCards()).toHaveCount(0);
    await page.goto(`/listing/${id}`);
    await expect(page.getByText("Not currently available", { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: /^Not listed/ })).toHaveCount(0);

    // Its landlord: a "Not listed" badge, the reason and the way to fix it, on the card and the page.
    await signInAs(LISTING_OWNER);
    await page.goto(`${PATH}?q=${encodeURIComponent(title)}`);
    const listing = card(page, title);
    await expect(listing.getByText("Not listed", { exact: true })).toBeVisible();
    await expect(listing.getByText("Available", { exact: true })).toHaveCount(0);
    await expect(listing.getByText("Not shown in search", { exact: true })).toBeVisible();
    await expect(
      listing.getByText(
        "No Available From date. Add the date the room is free (today if it is free now) to list it in search.",
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-not-listed");
    await page.goto(`/listing/${id}`);
    const notice = page.getByRole("region", { name: /^Not listed: this room is not in search/ });
    await expect(notice).toContainText("No Available From date.");
    await expect(notice.getByRole("link", { name: "Add a date" })).toHaveAttribute(
      "href",
      `/list-property?edit=${id}#availableFrom`,
    );
    await expectNoAxeViolations(page);
    await screens(page, "listing-not-listed-landlord");

    // The fix: a date a month ago, which means the room is free now.
    await page.goto(`${PATH}?q=${encodeURIComponent(title)}`);
    await card(page, title).getByRole("link", { name: "Add a date" }).click();
    await expect(page).toHaveURL(new RegExp(`/list-property\\?edit=${id}#availableFrom$`));
    await expect(page.getByLabel("Property Photos")).toBeEnabled();
    await page.getByRole("button", { name: "Available From" }).click();
    await expect(page.getByRole("grid")).toBeVisible();
    await page.keyboard.press("PageUp");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Update Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);
    await page.goto(`${PATH}?q=${encodeURIComponent(title)}`);
    await expect(card(page, title).getByText("Available", { exact: true })).toBeVisible();
    await expect(card(page, title).getByText("Not shown in search")).toHaveCount(0);

    await page.goto(`/search?title=${encodeURIComponent(title)}`);
    await expect(searchCards()).toHaveCount(1);
    await expect(searchCards().getByText("Available now", { exact: true })).toBeVisible();
    await page.goto(`/listing/${id}`);
    await expect(
      page.getByRole("complementary", { name: "Rent" }).getByText("Available now", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: /^Not listed/ })).toHaveCount(0);
    await screens(page, "listing-available-now");
  });

  test("delete asks first; Cancel keeps the listing; another landlord's listing is 'not found'", async ({ page }) => {
    await signIn(page, "landlord@example.com");
    const priyasId = await listingId(page, PRIYAS);
    await page.goto(PATH);
    const listing = await hydrated(card(page, LENA_CANCEL));
    await listing.getByRole("button", { name: "Delete" }).click();

    const dialog = page.getByRole("alertdialog", { name: "Delete listing" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `This removes "${LENA_CANCEL}" from Laneway Rooms for good. This cannot be undone.`,
    );
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-delete-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(cards(page)).toHaveCount(10);

    // The page's action, as a fetcher calls it: Priya's listing is refused like a missing one, and stays.
    for (const form of [
      { intent: "delete", listingId: priyasId },
      { intent: "status", listingId: priyasId, status: "let" },
      { intent: "delete", listingId: "00000000-0000-4000-8000-000000000000" },
    ] as Record<string, string>[]) {
      const refused = await page.request.post(`${PATH}.data`, { form });
      expect(refused.status()).toBe(404);
      expect(await refused.text()).toContain("Listing not found");
    }
    const invalid = await page.request.post(`${PATH}.data`, { form: { intent: "status", listingId: priyasId } });
    expect(invalid.status()).toBe(400);
    expect((await page.goto(`/listing/${priyasId}`))?.status()).toBe(200);
  });
});

test.describe("properties: admin", () => {
  test("sees 'All Properties' with every listing; pages, page size and search", async ({ page }) => {
    await signIn(page, "admin@example.com");
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "All Properties" })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    const total = await shownTotal(page);
    expect(total).toBeGreaterThanOrEqual(60);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: `Page ${Math.ceil(total / 12)}`, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-admin");

    // Three placeholder cards while the next page loads.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/settings\/properties\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await pagination.getByRole("link", { name: "Page 2", exact: true }).click();
    const loading = page.getByRole("status", { name: "Loading properties" });
    await expect(loading).toBeVisible();
    await expect(loading.locator(":scope > *")).toHaveCount(3);
    release();
    await page.unrouteAll({ behavior: "wait" });
    await expect(page).toHaveURL(/\/settings\/properties\?page=2$/);
    await expect(loading).toHaveCount(0);
    await expect(cards(page)).toHaveCount(12);
    await expect(pagination.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");

    // A new page size starts at page 1.
    await page.getByLabel("Results per page:").selectOption("24");
    await expect(page).toHaveURL(/\/settings\/properties\?pageSize=24$/);
    await expect(cards(page)).toHaveCount(24);
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/settings\/properties\?pageSize=24&page=2$/);
    await expect(cards(page)).toHaveCount(24);

    // So does a new search; every landlord's listings are there.
    await page.getByRole("searchbox", { name: "Search properties" }).fill("skyline");
    await page.getByRole("searchbox", { name: "Search properties" }).press("Enter");
    await expect(page).toHaveURL(/\/settings\/properties\?q=skyline&pageSize=24$/);
    await expect(card(page, PRIYAS)).toBeVisible();
    await page.goto(`${PATH}?q=degraves`);
    await expect(card(page, "Sunny furnished room off Degraves Street")).toBeVisible();

    // A page past the end goes to the last one.
    await page.goto(`${PATH}?page=999`);
    await expect(page).toHaveURL(
      new RegExp(`/settings/properties\\?page=${Math.ceil((await shownTotal(page)) / 12)}$`),
    );
  });

  test("deletes a listing after confirming", async ({ page, createListing }) => {
    const { id, title } = await createListing();
    await signIn(page, "admin@example.com");
    await page.goto(`${PATH}?q=${encodeURIComponent(title)}`);
    const listing = await hydrated(card(page, title));
    await listing.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete listing" });
    await dialog.getByRole("button", { name: "Delete" }).click();

    await expectToast(page, "Listing deleted.");
    await expect(card(page, title)).toHaveCount(0);
    await expect(page.getByText("No properties match your search")).toBeVisible();
    expect((await page.goto(`/listing/${id}`))?.status()).toBe(404);
  });
});

test.describe("properties: refused", () => {
  test("a tenant is told only landlords and administrators may use it (403)", async ({ page }) => {
    await signIn(page, "tenant@example.com");
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only landlords and administrators can access this feature.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Properties" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screens(page, "settings-properties-tenant");
  });

  test("a landlord without an active subscription is sent to billing (403)", async ({ page }) => {
    await signIn(page, "landlord.pending@example.com");
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You need an active landlord subscription to access this feature.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Properties" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to Billing" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);

    const refused = await page.request.post(`${PATH}.data`, {
      form: { intent: "delete", listingId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(refused.status()).toBe(403);
  });

  test("a visitor is sent to sign in and back", async ({ page }) => {
    await page.goto(`${PATH}?q=room`);
    await expect(page).toHaveURL(/\/auth\?view=sign_in&returnTo=%2Fsettings%2Fproperties%3Fq%3Droom$/);
  });
});
