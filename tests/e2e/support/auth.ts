import { expect, type Page } from "@playwright/test";
import { linkFrom, waitForMail } from "./mail";

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

/** Registers a fresh tenant, confirms the address from the e-mail and signs in. */
export async function registerAndSignIn(page: Page, email: string, baseURL: string, password = DEMO_PASSWORD) {
  await page.goto("/auth?view=sign_up");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Nguyen");
  await page.getByRole("textbox", { name: "Phone Number" }).fill("0412345678");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Check your email for the confirmation link." }),
  ).toBeVisible();
  const mail = await waitForMail(page.request, email, /Confirm your e-mail/i);
  await page.goto(linkFrom(mail, baseURL));
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed. Please sign in.");
  await signIn(page, email, password);
}
