import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { captureScreens } from "./support/screenshots";

test.describe("billing settings", () => {
  test("a tenant sees the Landlord Subscription card; checkout says it is not available yet", async ({ page }) => {
    await signIn(page, "tenant@example.com", undefined, "/settings/billing");
    await expect(page.getByText("Landlord Subscription")).toBeVisible();
    await expect(
      page.getByText("Upgrade to a landlord account to list properties and access advanced features."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
    await expect(page.getByRole("status").filter({ hasText: "not available yet" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link")).toHaveText([
      "Home",
      "Profile",
      "Account",
      "Billing",
      "Favorites",
      "Enquiries",
    ]);
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-billing");
  });

  test("a landlord with an active subscription is told so", async ({ page }) => {
    await signIn(page, "landlord@example.com", undefined, "/settings/billing");
    await expect(page.getByText("Your landlord subscription is active.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Landlord" })).toHaveCount(0);
  });

  test("a signed-in visitor's Subscribe on the plan card says checkout is not available yet", async ({ page }) => {
    await signIn(page, "tenant@example.com");
    await page.goto("/#plans");
    await page.locator("#plans").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Coming soon")).toBeVisible();
    await expect(page).toHaveURL(/\/#plans$/);
  });
});
