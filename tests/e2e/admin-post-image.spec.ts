import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expectWaitingForUpload, holdRequests } from "./support/upload-wait";
import { captureScreens } from "./support/screenshots";

const cover = () =>
  sharp({ create: { width: 1200, height: 700, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();

test("staff upload a post's featured image, save the post and see the image on the blog", async ({ page }) => {
  const title = `Cover story ${Date.now()}`;
  await signIn(page, "staff@example.com", undefined, "/admin/posts/new");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await expect(page.locator("[data-hydrated]").first()).toBeAttached();

  // A file that is not an image is refused and the field stays empty.
  await page
    .getByLabel("Featured image file")
    .setInputFiles({ name: "cover.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
  await expect(page.getByText("That file is not an image we can read.")).toBeVisible();
  await expect(page.getByLabel("Featured Image URL")).toHaveValue("");

  await page
    .getByLabel("Featured image file")
    .setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await cover() });
  await expect(page.getByLabel("Featured Image URL")).toHaveValue(
    /^\/uploads\/listings\/[0-9a-f-]{36}\/1200\.[0-9a-f]{10}\.jpg$/,
  );
  const url = await page.getByLabel("Featured Image URL").inputValue();

  await page.getByLabel("Title").fill(title);
  await page.locator(".ProseMirror").click();
  await page.keyboard.type("A post with an uploaded cover.");
  await expectNoAxeViolations(page);
  await captureScreens(page, "admin-post-editor-image");
  // A news post: the blog index lists blog posts only, so tests reading it are not disturbed.
  await page.getByLabel("Type").selectOption("news");
  await page.getByLabel("Status").selectOption("published");
  const slug = await page.getByLabel("Slug").inputValue();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(`img[src="${url}"]`).first()).toBeVisible();
});

test("the post waits for its featured image to finish uploading", async ({ page }) => {
  await signIn(page, "staff@example.com", undefined, "/admin/posts/new");
  await expect(page.locator("[data-hydrated]").first()).toBeAttached();
  const release = await holdRequests(page, "**/admin/posts/image");
  await page.getByLabel("Title").fill(`Waiting cover ${Date.now()}`);
  await page
    .getByLabel("Featured image file")
    .setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await cover() });
  const create = page.getByRole("button", { name: "Create Post" });
  const why = "The featured image is still uploading. Create Post is ready when it finishes.";
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  await expectWaitingForUpload(page, create, why);
  await captureScreens(page, "admin-post-editor-image-uploading");

  await release();
  await expect(page.getByLabel("Featured Image URL")).toHaveValue(/^\/uploads\/listings\//);
  await expect(create).toBeEnabled();
  await expect(page.getByText(why)).toHaveCount(0);
});
