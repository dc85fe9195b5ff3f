import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { payCheckout } from "./support/billing";
import { storeConsent } from "./support/consent";
import { captureScreens, VIEWPORTS } from "./support/screenshots";

/** The billing page shows an active plan granted without payment: since when, by whom, no card, no invoices. */
async function expectGrantedPlan(page: Page, grantedBy: string) {
  const plan = page.getByRole("main");
  const detail = (term: string) => plan.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(plan.getByText("Professional Plan", { exact: true })).toBeVisible();
  await expect(plan.getByText("Active", { exact: true })).toBeVisible();
  await expect(detail("Active since")).toHaveText(/^\d{1,2} \w+ \d{4}$/);
  await expect(detail("Granted by")).toHaveText(grantedBy);
  await expect(detail("Payment method")).toHaveText("None needed");
  await expect(page.getByText("No invoices: this plan is not billed.")).toBeVisible();
}

/** Advances the subscription of `email` on the sandbox clock page. */
async function advanceClock(page: Page, email: string, step: string) {
  await page.goto("/dev/billing");
  await page.getByRole("button", { name: `${step} for ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`${step}: done.`);
}

test.describe("subscriptions", () => {
  test("a tenant subscribes through the sandbox, becomes an active landlord and can open /list-property", async ({
    page,
    createUser,
    signInAs,
  }) => {
    const user = await createUser();
    const { email } = user;
    await signInAs(user);
    await page.goto("/settings/billing");
    await expect(page.getByText("Landlord Subscription")).toBeVisible();
    await expect(
      page.getByText("Upgrade to a landlord account to list properties and access advanced features."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link")).toHaveText([
      "Home",
      "Profile",
      "Renter Profile",
      "Account",
      "Billing",
      "Favorites",
      "Saved Searches",
      "Enquiries",
      "Help",
    ]);
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-billing");

    await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
    await expect(page.getByRole("heading", { name: "Subscribe to Professional Plan" })).toBeVisible();
    // The header's text fades from dark (settings) to white (a page opening on a dark band).
    await expect(page.getByRole("link", { name: "Laneway Rooms home" })).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(page.getByRole("banner").getByRole("link", { name: "About" })).toHaveCSS(
      "color",
      "rgb(255, 255, 255)",
    );
    await expectNoAxeViolations(page);
    await captureScreens(page, "sandbox-checkout");

    // A declined card is refused and nothing changes.
    await payCheckout(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await payCheckout(page);

    await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Subscription successful!")).toBeVisible();
    await expect(page.getByRole("link", { name: "List your first room" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "subscription-success");
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });

    await waitForMail(page.request, email, "Your Professional Plan has started");
    await page.goto("/settings/billing");
    await expect(page.getByText("Free trial")).toBeVisible();
    await expect(page.getByText("Visa ending in 4242")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Landlord" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-billing-subscribed");

    await page.goto("/list-property");
    await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "List Your Property" })).toBeVisible();

    // Subscribing again leads to managing the plan, never to a second checkout.
    await page.goto("/#plans");
    await page.locator("#plans").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/billing\/sandbox\/portal/);
  });

  test("cancelling keeps landlord rights until the period ends; then they end", async ({
    page,
    createUser,
    signInAs,
  }) => {
    const user = await createUser();
    const { email } = user;
    await signInAs(user);
    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
    await payCheckout(page);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { name: "Manage subscription" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "sandbox-portal");
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByText("Cancels at period end")).toBeVisible();
    await page.goto("/list-property");
    await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toHaveCount(0);

    // The trial (the current period) ends: the subscription ends with it.
    await advanceClock(page, email, "Trial ends");
    await waitForMail(page.request, email, "Your Professional Plan has ended");
    await page.goto("/settings/billing");
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await page.goto("/list-property");
    await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toBeVisible();
    const explanation = page.getByTestId("subscription-explanation");
    await expect(explanation).toContainText("Your plan has ended");
    // The fix is on the billing page, not a second free trial.
    await expect(page.getByRole("button", { name: "Start your 14-day free trial" })).toHaveCount(0);
    await explanation.getByRole("link", { name: "Subscribe again" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole("button", { name: "Upgrade to Landlord" })).toBeVisible();

    // The trial is once per customer: the billing page, the plan card and the checkout say so.
    await expect(
      page.getByText("Your free trial has been used: a new subscription is charged from the day it starts."),
    ).toBeVisible();
    await captureScreens(page, "settings-billing-trial-used");
    await page.goto("/#plans");
    const plan = page.locator("#plans");
    await expect(plan.getByText("Your free trial has been used · Cancel anytime")).toBeVisible();
    await expect(plan.getByText(/day free trial/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await plan.screenshot({ path: "test-results/screenshots/plan-card-trial-used-desktop.png" });
    await page.setViewportSize(VIEWPORTS.mobile);
    await plan.screenshot({ path: "test-results/screenshots/plan-card-trial-used-mobile.png" });
    await page.setViewportSize(VIEWPORTS.desktop);
    await plan.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Your free trial has been used, so the first month is charged today.")).toBeVisible();
    await expect(page.getByText(/days free/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await captureScreens(page, "sandbox-checkout-trial-used");
    await payCheckout(page);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.goto("/settings/billing");
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByText("Next renewal")).toBeVisible();
  });

  test("a failed renewal warns; exhausted retries suspend the plan and /list-property shows the 403 message", async ({
    page,
    createUser,
    signInAs,
  }) => {
    const user = await createUser();
    const { email } = user;
    await signInAs(user);
    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
    await payCheckout(page);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    await advanceClock(page, email, "Trial ends");
    await advanceClock(page, email, "Renewal fails");
    await waitForMail(page.request, email, "Your payment didn't go through");
    await page.goto("/settings/billing");
    await expect(page.getByText("Payment failed")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Your last payment didn't go through" })).toBeVisible();
    await page.goto("/list-property");
    await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toHaveCount(0);
    // Every signed-in page says so under the header, with the way to fix the card.
    await page.goto("/settings/profile");
    const banner = page.getByRole("alert").filter({ hasText: "Payment failed:" });
    await expect(banner).toContainText("We're retrying your payment.");
    await expectNoAxeViolations(page);
    await captureScreens(page, "past-due-banner");
    await page.goto("/about");
    await captureScreens(page, "past-due-banner-about");
    await banner.getByRole("link", { name: "Update payment method" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole("alert").filter({ hasText: "Payment failed:" })).toHaveCount(0);

    await advanceClock(page, email, "Retries exhausted");
    await waitForMail(page.request, email, "Your Professional Plan is suspended");
    await page.goto("/settings/billing");
    await expect(page.getByText("Suspended", { exact: true })).toBeVisible();
    await captureScreens(page, "settings-billing-suspended");
    await page.goto("/list-property");
    await expect(page.getByRole("heading", { name: "Access Denied (403)" })).toBeVisible();
    await expect(
      page.getByText("You need to be a landlord with an active subscription or an administrator to access this page."),
    ).toBeVisible();
    // Why, and how to fix it, beside each refusal; the past-due banner is gone.
    const explanation = page.getByTestId("subscription-explanation");
    await expect(explanation).toContainText("Your plan is suspended");
    await expect(explanation).toContainText("couldn't take your payment");
    await expect(page.getByRole("button", { name: "Start your 14-day free trial" })).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "Payment failed:" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await captureScreens(page, "list-property-suspended");

    await page.goto("/settings/properties");
    await expect(page.getByText("You need an active landlord subscription to access this feature.")).toBeVisible();
    await expect(explanation).toContainText("Your plan is suspended");
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-properties-suspended");

    await page.goto("/settings/api-keys");
    await expect(page.getByText("You need an active subscription to create API keys.")).toBeVisible();
    await expect(explanation).toContainText("Your plan is suspended");
    await expectNoAxeViolations(page);
    await explanation.getByRole("link", { name: "Update payment method" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole("alert").filter({ hasText: "Your plan is suspended because" })).toBeVisible();
  });

  test("signed out, Subscribe says to sign in and goes to /auth", async ({ page }) => {
    await page.goto("/#plans");
    await page.locator("#plans").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/auth\?view=sign_in$/);
    await expect(page.getByText("Authentication required")).toBeVisible();
    await expect(page.getByText("Please sign in to subscribe")).toBeVisible();
  });

  // The plan section's code loads when the page is idle, so a quick click is answered by the
  // server alone, as it is without JavaScript.
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("signed out, Subscribe posts and the server sends the visitor to sign in", async ({ page }) => {
      await page.goto("/#plans");
      await page.locator("#plans").getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/auth\?view=sign_in$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    });
  });

  test("leaving the checkout shows the cancel page and changes nothing", async ({ page, createUser, signInAs }) => {
    await signInAs(await createUser());
    await page.goto("/#plans");
    await page.locator("#plans").getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/subscription\/cancel$/);
    await expect(page.getByRole("heading", { name: "Subscription Cancelled" })).toBeVisible();
    await expect(page.getByText("Subscription cancelled", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "subscription-cancel");
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    await page.goto("/settings/billing");
    await expect(page.getByRole("button", { name: "Upgrade to Landlord" })).toBeVisible();
  });

  test("a plan set up with the account shows the plan card with what is known: since when, by whom, no card", async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL);
    await signIn(page, "landlord@example.com", undefined, "/settings/billing");
    await expectGrantedPlan(page, "Laneway Rooms, when this account was set up");
    await expect(page.getByText("Your landlord subscription is active.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upgrade to Landlord" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-billing-granted-with-account");
  });

  test("a plan an administrator grants shows who granted it and since when", async ({
    page,
    context,
    baseURL,
    browser,
    createUser,
    signInAs,
  }) => {
    await storeConsent(context, baseURL);
    const user = await createUser({ firstName: "Grace", lastName: "Granted" });
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, "admin@example.com", undefined, `/admin/users?q=${encodeURIComponent(user.email)}`);
    await expect(admin.locator("[data-hydrated]").first()).toBeAttached();
    await admin.getByLabel("Subscription status of Grace Granted").selectOption("active");
    await expect(admin.getByText("Subscription status updated to active")).toBeVisible();
    await adminContext.close();

    await signInAs(user);
    await page.goto("/settings/billing");
    await expectGrantedPlan(page, "Alex Admin, an administrator");
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-billing-granted-by-admin");
  });

  test("admins see the payment events; a landlord is refused", async ({ page, browser, createUser, signInAs }) => {
    const user = await createUser();
    const { email } = user;
    await signInAs(user);
    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
    await payCheckout(page);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.goto("/dev/billing");
    await expect(page.getByRole("heading", { name: "Billing clock" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "dev-billing");
    await page.goto("/admin/payments");
    await expect(page.getByRole("heading", { name: "Payment events" })).toHaveCount(0);
    await expect(page.getByText("You don't have permission to access this area")).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, "admin@example.com");
    await admin.goto(`/admin/payments?customer=${encodeURIComponent(email)}`);
    await expect(admin.getByRole("heading", { name: "Payment events" })).toBeVisible();
    for (const type of ["checkout.session.completed", "customer.subscription.created", "invoice.paid"]) {
      await expect(admin.getByRole("cell", { name: type, exact: true })).toBeVisible();
    }
    await expect(admin.getByText("Processed")).toHaveCount(3);
    await expectNoAxeViolations(admin);
    await captureScreens(admin, "admin-payments");
    await adminContext.close();
  });
});
