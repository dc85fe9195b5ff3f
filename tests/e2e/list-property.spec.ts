import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { expect, LISTING_OWNER, test } from "./support/fixtures";
import { openFromSearch, roomPhoto } from "./support/listings";
import { expectWaitingForUpload, holdRequests } from "./support/upload-wait";
import { captureScreens } from "./support/screenshots";

/** The listing form's script has taken over: the photo input, which needs it, is enabled. */
async function scriptRunning(page: Page) {
  await expect(page.getByLabel("Property Photos")).toBeEnabled();
}

async function acceptCookies(page: Page) {
  const banner = page.getByRole("button", { name: "Accept All" });
  if (!(await banner.isVisible())) return;
  // Before the banner's code has loaded this posts the choice and the page comes back without it.
  await banner.click();
  await expect(banner).toHaveCount(0);
}

test.describe("listing a property", () => {
  test("an active landlord lists a room with address search, enhance and photos; it shows in search and on its page", async ({
    page,
  }) => {
    test.slow();
    const title = `Bright room near Flagstaff Gardens ${Date.now()}`;
    await signIn(page, "mei.lin@example.com", undefined, "/list-property");
    await acceptCookies(page);
    await expect(page.getByRole("heading", { level: 1, name: "List Your Property" })).toBeVisible();
    await expect(page.getByText("Reach thousands of potential tenants by listing your property with us")).toBeVisible();

    await page.getByLabel("Property Title").fill(title);
    // Enter in a one-line field does not submit the form.
    await page.getByLabel("Property Title").press("Enter");
    await expect(page).toHaveURL(/\/list-property$/);

    // Address search, with the keyboard only.
    const address = page.getByRole("combobox", { name: "Property Address" });
    await address.fill("West Melbourne");
    await expect(page.getByRole("option").first()).toBeVisible();
    await address.press("ArrowDown");
    await address.press("Enter");
    await expect(page.getByLabel("Suburb")).toHaveValue(/West Melbourne/i);
    await expect(page.getByLabel("State")).toHaveValue("VIC");
    await expect(page.getByLabel("Postcode")).toHaveValue("3003");
    await expect(page.getByLabel("Country")).toHaveValue("Australia");
    await page.getByLabel("Street Address").fill("7 Roden Street");

    // Enhance with AI (the offline editor): empty first, then a real description.
    await page.getByRole("button", { name: "Enhance with AI" }).click();
    await expect(page.getByText("Please enter a description first")).toBeVisible();
    await page
      .getByLabel("Description", { exact: true })
      .fill("furnished room, bills included, wifi\nquiet room w/ a desk. 5 min walk to flagstaff station");
    await page.getByRole("button", { name: "Enhance with AI" }).click();
    await expect(page.getByText("Description enhanced!")).toBeVisible();
    await expect(page.getByLabel("Description", { exact: true })).not.toHaveValue(/w\/ a desk/);

    await page.getByLabel("Weekly Rent ($)").fill("389.5");
    await page.getByRole("button", { name: "Available From" }).click();
    // The calendar's code loads on first open; a person presses keys once they see it.
    await expect(page.getByRole("grid")).toBeVisible();
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Enter");

    // Photos: a non-image and an oversized file are refused with their reasons; then two real photos.
    const photos = page.getByLabel("Property Photos");
    await photos.setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not really a photo"),
    });
    await expect(
      page.getByText(/Failed to upload images\. Please try again\..*not an image we can read/),
    ).toBeVisible();
    await photos.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(16 * 1024 * 1024, 1) });
    await expect(page.getByText(/Failed to upload images\. Please try again\..*larger than 15 MB/)).toBeVisible();
    const photo = await roomPhoto();
    await photos.setInputFiles([
      { name: "room.jpg", mimeType: "image/jpeg", buffer: photo },
      { name: "desk.jpg", mimeType: "image/jpeg", buffer: photo },
    ]);
    await expect(page.getByText("Images uploaded successfully.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove photo/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(page.getByRole("button", { name: /^Remove photo/ })).toHaveCount(1);

    await expectNoAxeViolations(page);
    await captureScreens(page, "list-property");

    await page.getByRole("button", { name: "List Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);
    await expect(page.getByText("Your property has been listed successfully.")).toBeVisible();

    // Public: search finds it, and its page shows the uploaded photo.
    await openFromSearch(page, title, "$389.50/week");
    const hero = page.locator("img[src*='/uploads/listings/']").first();
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test("List Property waits for photos still uploading, and the listing keeps every photo shown", async ({
    page,
    signInAs,
  }) => {
    test.slow();
    const title = `Room with photos on their way ${Date.now()}`;
    await signInAs(LISTING_OWNER);
    await page.goto("/list-property");
    await acceptCookies(page);
    await page.getByLabel("Property Title").fill(title);
    const photos = page.getByLabel("Property Photos");
    await scriptRunning(page);

    const release = await holdRequests(page, "**/list-property/photos");
    const photo = await roomPhoto();
    await photos.setInputFiles([
      { name: "room.jpg", mimeType: "image/jpeg", buffer: photo },
      { name: "desk.jpg", mimeType: "image/jpeg", buffer: photo },
    ]);
    const submit = page.getByRole("button", { name: "List Property" });
    const why = "2 photos are still uploading. List Property is ready when they finish.";
    await expect(page.getByRole("progressbar", { name: "Uploading room.jpg" })).toBeVisible();
    await expectWaitingForUpload(page, submit, why);
    // Enter in a field does not get round the wait either.
    await page.getByLabel("Property Title").press("Enter");
    await expect(page).toHaveURL(/\/list-property$/);
    await expectNoAxeViolations(page, { settleNetwork: false });
    await captureScreens(page, "list-property-photos-uploading");

    await release();
    await expect(page.getByRole("button", { name: /^Remove photo/ })).toHaveCount(2);
    await expect(submit).toBeEnabled();
    await expect(page.getByText(why)).toHaveCount(0);
    await submit.click();
    await expect(page).toHaveURL(/\/settings\/properties$/);

    // Saved with both photos the landlord saw.
    await page.goto(await findEditLink(page, title));
    await expect(page.getByRole("button", { name: /^Remove photo/ })).toHaveCount(2);
  });

  test("Available From says what it does: no date is not listed, a past date is 'Available now'", async ({
    page,
    signInAs,
  }) => {
    await signInAs(LISTING_OWNER);
    await page.goto("/list-property");
    await acceptCookies(page);
    await scriptRunning(page);
    const picker = page.getByRole("button", { name: "Available From" });
    await expect(picker).toHaveAccessibleDescription(
      /Pick a date Required to appear in search: without a date the listing is saved but not listed\./,
    );
    await picker.click();
    await expect(page.getByRole("grid")).toBeVisible();
    // Focus starts on today: a month back is a past date.
    await page.keyboard.press("PageUp");
    await page.keyboard.press("Enter");
    await expect(
      page.getByText("Listed as “Available now”: a date today or earlier means the room is free now."),
    ).toBeVisible();
    await picker.click();
    await expect(page.getByRole("grid")).toBeVisible();
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    await page.keyboard.press("Enter");
    await expect(
      page.getByText(/^Listed as “Available from: \d{1,2} \w+ \d{4}”, and as “Available now” from that day\.$/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "list-property-available-from");
  });

  test("a chosen street address is a full address: no 'only the suburb' warning", async ({ page, signInAs }) => {
    await signInAs(LISTING_OWNER);
    await page.goto("/list-property");
    await acceptCookies(page);
    await scriptRunning(page);
    const address = page.getByRole("combobox", { name: "Property Address" });
    await address.pressSequentially("120 Brunswick Street, Fitzroy");
    await expect(page.getByRole("option", { name: "120 Brunswick Street Fitzroy VIC 3065" })).toBeVisible();
    await address.press("ArrowDown");
    await address.press("Enter");
    await expect(page.getByText("Selected: 120 Brunswick Street, Fitzroy VIC 3065")).toBeVisible();
    await expect(page.getByLabel("Street Address")).toHaveValue("120 Brunswick Street");
    await expect(page.getByLabel("Suburb")).toHaveValue("Fitzroy");
    await expect(page.getByLabel("Postcode")).toHaveValue("3065");
    await expect(page.getByText(/suburb was/i)).toHaveCount(0);
    // Where the map pin goes: the offline gazetteer places streets only at their suburb.
    const pin = page.locator("#pin-line");
    await expect(pin).toHaveText("Your pin: Fitzroy, approximate — renters see the suburb, not your street");
    await expect(pin).toHaveRole("status");
    await captureScreens(page, "list-property-address-chosen");
    // A street typed by hand is placed on save; renters never see the unit.
    await page.getByLabel("Street Address").fill("5/120 Brunswick Street");
    await expect(pin).toHaveText("Your pin: found from 120 Brunswick Street, Fitzroy when you save");
    await expectNoAxeViolations(page);
  });

  test("editing a listing keeps its values and saves the changes", async ({ page }) => {
    test.slow();
    const title = `Garden room in Carlton ${Date.now()}`;
    await signIn(page, "mei.lin@example.com", undefined, "/list-property");
    await acceptCookies(page);
    await page.getByLabel("Property Title").fill(title);
    await page.getByLabel("Description", { exact: true }).fill("Furnished room · Garden\nLeafy outlook.");
    await page.getByLabel("Weekly Rent ($)").fill("410");
    await page.getByRole("button", { name: "List Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);

    await page.goto(await findEditLink(page, title));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Property Listing" })).toBeVisible();
    await expect(page.getByText("Update your property details below")).toBeVisible();
    await expect(page.getByLabel("Property Title")).toHaveValue(title);
    await expect(page.getByLabel("Weekly Rent ($)")).toHaveValue("410");
    await page.getByLabel("Property Title").fill(`${title} (renovated)`);
    await page.getByLabel("Weekly Rent ($)").fill("");
    await page.getByRole("button", { name: "Update Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);
    await expect(page.getByText("Your listing has been updated successfully.")).toBeVisible();

    await page.goto(await findEditLink(page, `${title} (renovated)`));
    // An emptied rent is stored as "no rent", not zero.
    await expect(page.getByLabel("Weekly Rent ($)")).toHaveValue("");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);
  });

  test("tenants and inactive landlords get 'Access Denied (403)' and the free trial; staff only the refusal; visitors sign in and come back", async ({
    page,
  }) => {
    const trial = page.getByRole("button", { name: "Start your 14-day free trial" });
    for (const email of ["tenant@example.com", "landlord.pending@example.com", "staff@example.com"]) {
      await signIn(page, email);
      const response = await page.goto("/list-property");
      expect(response?.status(), email).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toBeVisible();
      await expect(
        page.getByText(
          "You need to be a landlord with an active subscription or an administrator to access this page.",
        ),
      ).toBeVisible();
      if (email === "staff@example.com") {
        await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
        await expect(trial).toHaveCount(0);
      } else {
        await expect(page.getByRole("heading", { level: 2, name: "Professional Plan" })).toBeVisible();
        await expect(trial).toBeVisible();
      }
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    await page.goto("/list-property");
    await expect(page).toHaveURL(/\/auth\?view=sign_in&returnTo=%2Flist-property$/);
    await page.getByLabel("Email address").fill("mei.lin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Password123!");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/list-property$/);
    await expect(page.getByRole("heading", { level: 1, name: "List Your Property" })).toBeVisible();
  });

  test("editing someone else's listing says 'Listing not found' and goes back to the properties page", async ({
    page,
  }) => {
    await signIn(page, "mei.lin@example.com");
    // A demo listing owned by landlord@example.com.
    await page.goto("/search?title=Sunny%20furnished%20room%20off%20Degraves%20Street");
    const href = await page
      .getByRole("list", { name: "Listings" })
      .getByRole("article")
      .first()
      .getByRole("link")
      .first()
      .getAttribute("href");
    const id = href?.split("/").pop() ?? "";
    await page.goto(`/list-property?edit=${id}`);
    await expect(page).toHaveURL(/\/settings\/properties$/);
    await expect(page.getByText("Listing not found")).toBeVisible();
  });
});

/** The edit link for `title` on the landlord's properties page. */
async function findEditLink(page: Page, title: string): Promise<string> {
  await page.goto(`/settings/properties?q=${encodeURIComponent(title)}`);
  const link = page.getByRole("link", { name: `Edit ${title}` });
  await expect(link).toBeVisible();
  return (await link.getAttribute("href")) ?? "";
}
