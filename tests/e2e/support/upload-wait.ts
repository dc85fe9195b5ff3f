import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` (the server gets them only once released), so a test can look
 * at the page while they are on their way. Returns `release`, which lets them through and stops holding.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let letThrough: () => void = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    letThrough();
    await page.unrouteAll({ behavior: "wait" });
  };
}

/** A form's submit button waits for an unfinished upload, and says why beside it (announced, and as its description). */
export async function expectWaitingForUpload(page: Page, submit: Locator, why: string) {
  await expect(submit).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: why })).toBeVisible();
  await expect(submit).toHaveAccessibleDescription(why);
}
