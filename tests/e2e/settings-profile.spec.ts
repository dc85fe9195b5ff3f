import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";

// Each test signs up its own account, whose profile and avatar it edits.

async function skipCookieBanner(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
}

/** A PNG with EXIF, made here: a terracotta square with a navy stripe. */
async function pngFile(name = "me.png") {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c2410c" } })
    .composite([
      { input: { create: { width: 640, height: 120, channels: 3, background: "#0f172a" } }, top: 360, left: 0 },
    ])
    .withExif({ IFD0: { Artist: "Sam Staff" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function openProfile(page: Page) {
  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  // Before React takes over, a click would be a plain page post (tested separately below).
  await expect(page.getByRole("region", { name: "Profile" }).locator("form[data-hydrated]")).toHaveCount(2);
}

/** Toasts fade in and out: axe would judge their contrast mid-animation. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test.beforeEach(async ({ context, baseURL }) => {
  // Signing in, axe and two screenshot widths take longer than the default 30 s on a busy machine.
  test.slow();
  await skipCookieBanner(context, baseURL);
});

test("signed out, /settings/profile goes to sign-in and comes back", async ({ page }) => {
  await page.goto("/settings/profile");
  await expect(page).toHaveURL(/\/auth\?view=sign_in&returnTo=%2Fsettings%2Fprofile$/);
});

test("edits the profile: field errors, success toast, values kept after reload", async ({
  page,
  createUser,
  signInAs,
}) => {
  await signInAs(await createUser());
  await openProfile(page);
  await expect(page.getByRole("heading", { level: 2, name: "Personal details" })).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-profile");

  const firstName = page.getByLabel("First Name");
  const lastName = page.getByLabel("Last Name");
  // The number box of the phone field; its country button is "Country: Australia, +61".
  const phone = page.getByRole("textbox", { name: "Phone" });
  const country = page.getByRole("button", { name: /^Country: / });
  const bio = page.getByLabel("Bio");
  await expect(country).toHaveAccessibleName("Country: Australia, +61");

  await firstName.fill("");
  await phone.fill("12");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter your first name.")).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("Please enter a valid phone number.");
  await expectNoAxeViolations(page);
  // Focusing the field scrolled the page; the fixed header would be drawn mid-page in a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, "settings-profile-errors");

  // Editing a field clears its message.
  await phone.fill("0400 100 00");
  await expect(page.getByText("Please enter a valid phone number.")).toBeHidden();
  await expect(phone).not.toHaveAttribute("aria-invalid");

  // A number from another country: chosen in the picker, stored as E.164, shown nationally again.
  await firstName.fill("Samira");
  await lastName.fill("Stafford");
  await country.click();
  await page.getByRole("combobox", { name: "Search country" }).fill("new zealand");
  await page.keyboard.press("Enter");
  await expect(country).toHaveAccessibleName("Country: New Zealand, +64");
  await expect(phone).toBeFocused();
  await phone.fill("021 123 4567");
  await bio.fill("Looks after listings and landlords.\nBased in Docklands.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully.")).toBeVisible();
  await expect(page.getByText("Please enter your first name.")).toBeHidden();
  await page.reload();
  await expect(country).toHaveAccessibleName("Country: New Zealand, +64");
  await expect(phone).toHaveValue("021 123 4567");

  // Back to an Australian number, typed as people write it.
  await country.click();
  await page.getByRole("combobox", { name: "Search country" }).fill("australia");
  await page.keyboard.press("Enter");
  await phone.fill("0400100002");
  await expect(phone).toHaveValue("0400 100 002");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully.")).toBeVisible();

  await page.reload();
  await expect(firstName).toHaveValue("Samira");
  await expect(lastName).toHaveValue("Stafford");
  await expect(country).toHaveAccessibleName("Country: Australia, +61");
  await expect(phone).toHaveValue("0400 100 002");
  await expect(bio).toHaveValue("Looks after listings and landlords.\nBased in Docklands.");
});

test("uploads an avatar: no file, not an image, then a PNG shown here and in the header", async ({
  page,
  createUser,
  signInAs,
}) => {
  await signInAs(await createUser());
  await openProfile(page);
  await expect(page.getByText("Recommended: Square image, at least 400x400px")).toBeVisible();
  const input = page.getByLabel("Avatar");
  await expect(input).toHaveAttribute("accept", "image/*");
  const upload = page.getByRole("button", { name: "Upload" });

  await upload.click();
  await expect(page.getByText("You must select an image to upload.")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");

  await input.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
  await expect(page.getByText("You must select an image to upload.")).toBeHidden();
  await upload.click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Failed to upload avatar. The file is not an image we can read.")).toBeVisible();

  // Held back briefly so the uploading state can be seen: the input and button are disabled.
  await page.route("**/settings/profile*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await input.setInputFiles(await pngFile());
  await upload.click();
  await expect(input).toBeDisabled();
  await expect(page.getByRole("button", { name: "Uploading…" })).toBeDisabled();
  await expect(page.getByText("Avatar updated successfully.")).toBeVisible();
  await expect(input).toBeEnabled();
  await page.unroute("**/settings/profile*");

  const avatar = page.getByRole("img", { name: "Your avatar" });
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
  const src = (await avatar.getAttribute("src")) ?? "";
  await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveAttribute("src", src);
  expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);

  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const meta = await sharp(await file.body()).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
  expect(meta.exif).toBeUndefined();

  // Over 5 MB is refused from the Content-Length, before the body is read.
  const tooBig = await page.request.post("/settings/profile", {
    multipart: { intent: "avatar", avatar: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 << 20) } },
  });
  expect(tooBig.status()).toBe(413);

  expect((await page.request.get("/uploads/avatars/missing.webp")).status()).toBe(404);
  expect((await page.request.get("/uploads/../auth-secret")).status()).toBe(404);

  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-profile-avatar");
});

test("works without JavaScript: plain form posts show their outcome on the page", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
}) => {
  await signInAs(await createUser());
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto(`${baseURL}/settings/profile`);

    const phone = plain.getByRole("textbox", { name: "Phone" });
    await phone.fill("call me");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByRole("alert").filter({ hasText: "Failed to update profile." })).toBeVisible();
    await expect(plain.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(phone).toHaveValue("call me");
    await expect(phone).toHaveAttribute("aria-invalid", "true");

    // The country comes from the hidden field rendered with the page (Australia).
    await phone.fill("(03) 9000-1234");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Profile updated successfully." })).toBeVisible();
    // The number was stored as E.164 and comes back in national form.
    await plain.goto(`${baseURL}/settings/profile`);
    await expect(phone).toHaveValue("(03) 9000 1234");

    await phone.fill("0400 100 002");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Profile updated successfully." })).toBeVisible();

    await plain.getByRole("button", { name: "Upload" }).click();
    await expect(plain.getByText("You must select an image to upload.")).toBeVisible();

    await plain.getByLabel("Avatar").setInputFiles(await pngFile("plain.png"));
    await plain.getByRole("button", { name: "Upload" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Avatar updated successfully." })).toBeVisible();
    await expect(plain.getByRole("img", { name: "Your avatar" })).toHaveAttribute("src", /^\/uploads\/avatars\//);
  } finally {
    await context.close();
  }
});
