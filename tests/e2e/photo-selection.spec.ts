import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";
import { storeConsent } from "./support/consent";
import { scenes } from "../support/scene-photos";

test.describe("AI photo selection", () => {
  test("a blurred and a sharp upload: the sharp one is suggested as cover, and the listing shows it first with its alt text", async ({
    page,
    context,
    baseURL,
    signInAs,
    createListing,
  }) => {
    test.slow();
    const { id, title } = await createListing({ title: `Sunny room off Degraves Street ${Date.now()}` });
    await signInAs(LISTING_OWNER);
    await storeConsent(context, baseURL);
    await page.goto(`/list-property?edit=${id}`);
    const photos = page.getByLabel("Property Photos");
    await expect(photos).toBeEnabled();
    await photos.setInputFiles([
      { name: "blurred.jpg", mimeType: "image/jpeg", buffer: await scenes.blurred(1) },
      { name: "sharp.jpg", mimeType: "image/jpeg", buffer: await scenes.sharp(4) },
    ]);
    await expect(page.getByText("Images uploaded successfully.")).toBeVisible();
    await page.getByRole("button", { name: "Update Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);

    await page.getByRole("link", { name: `Photos of ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Photos" })).toBeVisible();
    const suggested = page.getByRole("region", { name: "Suggested order" }).getByRole("listitem");
    const cover = suggested.first();
    await expect(cover).toContainText("1 · Cover");
    await expect(cover).toContainText("Now photo 2");
    await expect(cover).toContainText("no problem found");
    await expect(suggested.nth(1)).toContainText("Blurred: the room's details are hard to make out.");
    const coverUrl = await cover.locator("img").getAttribute("src");
    await expectNoAxeViolations(page);
    await captureScreens(page, "listing-photos");

    // Nothing changed until the landlord says so.
    await page.goto(`/listing/${id}`);
    const gallery = page.getByRole("region", { name: `Photos of ${title}` });
    await expect(gallery.locator("img").first()).not.toHaveAttribute("src", coverUrl ?? "");

    await page.goto(`/settings/properties/${id}/photos`);
    await page.getByRole("button", { name: "Use suggested order" }).click();
    await expect(page.getByText("Your photos are now in the suggested order.")).toBeVisible();
    await expect(page.getByText("Your photos are already in the suggested order.")).toBeVisible();

    await page.goto(`/listing/${id}`);
    const first = gallery.locator("img").first();
    await expect(first).toHaveAttribute("src", coverUrl ?? "");
    await expect(first).toHaveAttribute("alt", `Private bedroom, photo 1 of 2, ${title}`);

    // The landlord's own alt text replaces the generated one.
    await page.goto(`/settings/properties/${id}/photos`);
    const altText = "Bright bedroom with a double bed and a desk by the window";
    await page.getByLabel("Alt text for photo 1").fill(altText);
    await page.getByRole("button", { name: "Save alt text" }).first().click();
    await expect(page.getByText("Alt text saved.")).toBeVisible();
    await page.goto(`/listing/${id}`);
    await expect(gallery.locator("img").first()).toHaveAttribute("alt", altText);
  });

  test("the listing form flags a blurred photo and a repeat as they upload, and again when the listing is edited", async ({
    page,
    signInAs,
    createListing,
  }) => {
    test.slow();
    const { id } = await createListing({ title: `Room with mixed photos ${Date.now()}` });
    await signInAs(LISTING_OWNER);
    await page.goto(`/list-property?edit=${id}`);
    const photos = page.getByLabel("Property Photos");
    await expect(photos).toBeEnabled();
    const sharp = await scenes.sharp(4);
    await photos.setInputFiles([
      { name: "sharp.jpg", mimeType: "image/jpeg", buffer: sharp },
      { name: "blurred.jpg", mimeType: "image/jpeg", buffer: await scenes.blurred(1) },
      { name: "again.jpg", mimeType: "image/jpeg", buffer: sharp },
    ]);
    await expect(page.getByText("Images uploaded successfully.")).toBeVisible();
    const problemsOf = (position: number) => page.getByRole("list", { name: `Problems with photo ${position}` });
    await expect(problemsOf(1)).toHaveCount(0);
    await expect(problemsOf(2)).toContainText("Blurred: the room's details are hard to make out.");
    await expect(problemsOf(3)).toContainText("Looks like a repeat of photo 1: one of them is enough.");
    await expectNoAxeViolations(page);
    await captureScreens(page, "listing-form-photo-problems");

    // Removing the first makes the repeat the only copy: nothing to flag any more.
    await page.getByRole("button", { name: "Remove photo 1" }).click();
    await expect(problemsOf(2)).toHaveCount(0);
    await page.getByRole("button", { name: "Update Property" }).click();
    await expect(page).toHaveURL(/\/settings\/properties$/);

    await page.goto(`/list-property?edit=${id}`);
    await expect(problemsOf(1)).toContainText("Blurred: the room's details are hard to make out.");
    await expect(problemsOf(2)).toHaveCount(0);
  });
});
