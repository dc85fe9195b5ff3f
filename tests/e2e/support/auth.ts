import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Password123!";

/** Signs in through the /auth form and waits until the account menu shows. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, returnTo?: string) {
  const query = new URLSearchParams({ view: "sign_in", ...(returnTo ? { returnTo } : {}) });
  await page.goto(`/auth?${query.toString()}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}
