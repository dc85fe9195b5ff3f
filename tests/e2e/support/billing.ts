import { expect, type Page } from "@playwright/test";

/** Pays the sandbox checkout the page is on with a test card (by default one that succeeds). */
export async function payCheckout(page: Page, cardNumber = "4242 4242 4242 4242") {
  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\//);
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Sam Nguyen");
  await page.getByRole("button", { name: "Pay" }).click();
}
