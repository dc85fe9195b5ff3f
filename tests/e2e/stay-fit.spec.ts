import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createListing, expect, LISTING_OWNER, test } from "./support/fixtures";
import { pickDate } from "./support/date-picker";
import { captureScreens } from "./support/screenshots";

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");

/** Two fresh listings sharing a unique word in their titles, so searches can be narrowed to them. */
async function twoListings(baseURL: string) {
  const word = `Stayfit${randomUUID().slice(0, 8)}`;
  const studio = await createListing(baseURL, {
    title: `${word} studio for nine months`,
    weeklyRent: "400",
    availableFrom: "2027-03-01",
    minLeaseMonths: "4",
    maxLeaseMonths: "9",
    billsIncluded: "water,internet",
    billsCap: "40",
    billsEstimate: "24",
    furnished: "true",
    roomType: "studio",
  });
  const room = await createListing(baseURL, {
    title: `${word} private room for a semester`,
    weeklyRent: "300",
    availableFrom: "2027-02-01",
    minLeaseMonths: "3",
    maxLeaseMonths: "6",
    billsEstimate: "30",
    roomType: "private_room",
  });
  return { word, studio, room };
}

test.describe("stay-fit search", () => {
  test("filters by move-in date, stay length, bills, room type and all-in cost from the search bar; axe clean", async ({
    page,
    baseURL,
  }) => {
    const { word, studio } = await twoListings(baseURL ?? "");
    await page.goto(`/search?title=${word}`);
    await expect(cards(page)).toHaveCount(2);

    await pickDate(page, "Move-in Date", "2027-03-01");
    await page.getByLabel("Stay Length").selectOption("9");
    await page.getByRole("checkbox", { name: "Internet" }).check();
    await page.getByLabel("Room Type").selectOption("studio");
    await page.getByRole("spinbutton", { name: "Max All-in Weekly" }).fill("424");
    await page.getByRole("button", { name: "Search", exact: true }).click();

    await expect(page).toHaveURL(
      new RegExp(`/search\\?title=${word}&moveIn=2027-03-01&stay=9&bills=internet&roomType=studio&maxAllIn=424$`),
    );
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByRole("heading")).toHaveText(studio.title);
    await expect(card).toContainText("Studio · 4–9 months");
    await expect(card).toContainText("All-in $424/week");
    // The fields keep the search.
    await expect(page.getByLabel("Stay Length")).toHaveValue("9");
    await expect(page.getByRole("checkbox", { name: "Internet" })).toBeChecked();
    await expectNoAxeViolations(page);
    await captureScreens(page, "search-stay-fit");

    // One dollar less all-in, or a month longer, and the studio no longer fits.
    await page.goto(`/search?title=${word}&roomType=studio&maxAllIn=423`);
    await expect(page.getByText("No rooms match your search")).toBeVisible();
    await page.goto(`/search?title=${word}&roomType=studio&stay=10`);
    await expect(page.getByText("No rooms match your search")).toBeVisible();
  });

  test("a new filter starts again at page 1, and sorting keeps the stay filters", async ({ page }) => {
    await page.goto("/search?pageSize=6&page=2");
    await page.getByLabel("Stay Length").selectOption("6");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?stay=6&pageSize=6$/);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await expect(page).toHaveURL(/\/search\?stay=6&sort=price-asc&pageSize=6$/);
  });

  test("works without JavaScript: the plain form lands on the one canonical URL", async ({ browser, baseURL }) => {
    const { word } = await twoListings(baseURL ?? "");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/search?title=${word}`);
      await page.getByLabel("Stay Length").selectOption("6");
      await page.getByRole("checkbox", { name: "Water" }).check();
      await page.getByRole("checkbox", { name: "Internet" }).check();
      await page.getByRole("button", { name: "Search", exact: true }).click();
      // Only the studio includes both water and internet, and 6 months is inside its 4–9.
      await expect(page).toHaveURL(new RegExp(`/search\\?title=${word}&stay=6&bills=internet&bills=water$`));
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first().getByRole("heading")).toContainText("studio");
    } finally {
      await context.close();
    }
  });
});

test.describe("listing facts", () => {
  test("the listing page shows room, lease, bills and the all-in weekly cost", async ({ page, baseURL }) => {
    const { studio } = await twoListings(baseURL ?? "");
    await page.goto(`/listing/${studio.id}`);
    const facts = page.getByRole("complementary", { name: "Rent" });
    await expect(facts.getByText("Room type")).toBeVisible();
    await expect(facts.getByText("Studio", { exact: true })).toBeVisible();
    await expect(facts.getByText("4–9 months")).toBeVisible();
    await expect(
      facts.getByText("Internet and water included, up to $40/week; other bills about $24/week"),
    ).toBeVisible();
    await expect(facts.getByText("$424/week")).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "listing-stay-facts");
  });

  test("the edit form shows the facts and refuses a minimum lease above the maximum", async ({
    page,
    baseURL,
    signInAs,
  }) => {
    const { studio } = await twoListings(baseURL ?? "");
    await signInAs(LISTING_OWNER);
    await page.goto(`/list-property?edit=${studio.id}`);
    await expect(page.getByLabel("Room Type")).toHaveValue("studio");
    await expect(page.getByRole("checkbox", { name: "Water" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Power" })).not.toBeChecked();
    await expect(page.getByLabel("Weekly Cap on Included Bills ($)")).toHaveValue("40");
    await page.getByLabel("Minimum Lease (months)").selectOption("9");
    await page.getByLabel("Maximum Lease (months)").selectOption("6");
    await page.getByRole("button", { name: "Update Property" }).click();
    await expect(page.getByText("The maximum lease can't be shorter than the minimum.")).toBeVisible();
    await expect(page.getByLabel("Maximum Lease (months)")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await captureScreens(page, "list-property-stay-facts");
  });
});
