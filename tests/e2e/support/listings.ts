import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/** A real photo-like image: a gradient JPEG made on the spot; a different `hue` makes a different photo. */
export async function roomPhoto(hue = 0): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = ((x * 255) / width + hue) % 256;
      pixels[offset + 1] = (120 + hue) % 256;
      pixels[offset + 2] = (y * 255) / height;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** Finds the one listing titled `title` in /search, showing `rent`, and opens its page. */
export async function openFromSearch(page: Page, title: string, rent: string) {
  await page.goto(`/search?title=${encodeURIComponent(title)}`);
  const card = page.getByRole("list", { name: "Listings" }).getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card.getByText(rent, { exact: true })).toBeVisible();
  await card.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}
