import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { expect, test, type TestUser } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

// Each test signs up its own account: they change its password and two-factor settings.
const NEW_PASSWORD = "NewPass456!";
const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
  return context.newPage();
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: description }).last();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
}

/**
 * Waits until the toasts have gone: sonner's rich colours (app/root.tsx) fall just short of 4.5:1
 * contrast, which axe would report against this page.
 */
async function withoutToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/** Full-page screenshots from the top, so the fixed header is drawn where it belongs. */
async function screens(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  await page.getByLabel("Current Password", { exact: true }).fill(current);
  await page.getByLabel("New Password", { exact: true }).fill(next);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(confirm);
  await page.getByRole("button", { name: "Change Password" }).click();
}

/** Password sign-in on /auth up to the two-factor step. */
async function signInToCodeStep(page: Page, { email, password }: TestUser) {
  await page.goto("/auth?view=sign_in");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Verification code")).toBeVisible();
}

async function submitCode(page: Page, code: string) {
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

const STEP_SECONDS = 30;
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * STEP_SECONDS });

test.describe("account settings", () => {
  test("a signed-out visitor is sent to sign in and back", async ({ page }) => {
    await page.goto("/settings/account");
    await expect(page).toHaveURL(/\/auth\?view=sign_in&returnTo=%2Fsettings%2Faccount$/);
  });

  test("change password: the spec's rules and messages; other sessions are signed out, this one stays", async ({
    page,
    browser,
    baseURL,
    createUser,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    const user = await createUser();
    const elsewhere = await newPage(browser, baseURL);
    await signIn(elsewhere, user.email, user.password);
    await signInAs(user);
    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, "settings-account");

    const button = page.getByRole("button", { name: "Change Password" });
    await expect(button).toBeDisabled();
    await page.getByLabel("Current Password", { exact: true }).fill(user.password);
    await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await expect(button).toBeDisabled();
    await page.getByLabel("Confirm New Password", { exact: true }).fill(NEW_PASSWORD);
    await expect(button).toBeEnabled();
    await expect(page.getByLabel("Current Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    await expect(page.getByLabel("New Password", { exact: true })).toHaveAttribute("autocomplete", "new-password");
    await expect(page.getByLabel("Confirm New Password", { exact: true })).toHaveAttribute("type", "password");

    await changePassword(page, user.password, NEW_PASSWORD, "NewPass456?");
    await expectToast(page, "Error", "Passwords do not match");
    await changePassword(page, user.password, "abc");
    await expectToast(page, "Error", "Password must be at least 6 characters long");
    await changePassword(page, "not-my-password", NEW_PASSWORD);
    await expectToast(page, "Error", "Current password is incorrect");
    await expect(page.getByLabel("Current Password", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // The server applies the rules itself (a plain form post, as without JavaScript).
    const direct = await page.request.post("/settings/account", {
      form: { intent: "change-password", currentPassword: user.password, newPassword: "abc", confirmPassword: "abc" },
    });
    expect(direct.status()).toBe(400);
    expect(await direct.text()).toContain("Password must be at least 6 characters long");

    await changePassword(page, user.password, NEW_PASSWORD);
    await expectToast(page, "Success", "Password has been updated successfully");
    for (const label of ["Current Password", "New Password", "Confirm New Password"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
    await waitForMail(page.request, user.email, "Your password was changed");

    // The other browser's session is gone; this one still works.
    await elsewhere.goto("/settings/account");
    await expect(elsewhere).toHaveURL(/\/auth\?view=sign_in/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

    // The new password signs in; changing it again works too.
    await signIn(elsewhere, user.email, NEW_PASSWORD);
    await changePassword(page, NEW_PASSWORD, user.password);
    await expectToast(page, "Success", "Password has been updated successfully");
    await elsewhere.context().close();
  });

  test("two-factor: set up with a QR code, sign in with a code, no replay, lockout, then turn off", async ({
    page,
    browser,
    baseURL,
    createUser,
    signInAs,
  }) => {
    test.setTimeout(180_000);
    const user = await createUser();
    await signInAs(user);
    await page.goto("/settings/account");
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();

    const begin = page.getByRole("button", { name: "Begin Setup" });
    await expect(begin).toBeDisabled();
    await page.getByLabel("Your password").fill(user.password);
    await begin.click();

    await expect(page.getByText("Scan this QR code with your authenticator app")).toBeVisible();
    const qr = page.getByRole("img", { name: /QR code/ });
    await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
    const uri = await page
      .getByRole("link", { name: "Open in an authenticator app on this device" })
      .getAttribute("href");
    expect(uri?.startsWith(`otpauth://totp/Laneway%20Rooms:${encodeURIComponent(user.email)}?`)).toBe(true);
    const secret = new URL(uri ?? "").searchParams.get("secret") ?? "";
    expect(new URL(uri ?? "").searchParams.get("issuer")).toBe("Laneway Rooms");
    await expect(page.getByText(secret.match(/.{1,4}/g)?.join(" ") ?? "-")).toBeVisible();

    const code = page.getByLabel("Verification Code");
    await expect(code).toHaveAttribute("placeholder", "Enter 6-digit code");
    await expect(code).toHaveAttribute("maxlength", "6");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    const enable = page.getByRole("button", { name: "Verify and Enable" });
    await code.fill("12345");
    await expect(enable).toBeDisabled();
    await expectNoAxeViolations(page);
    await screens(page, "settings-account-two-factor-setup");

    const enableCode = await codeAt(secret);
    const wrong = String((Number(enableCode) + 500_000) % 1_000_000).padStart(6, "0");
    await code.fill(wrong);
    await expect(enable).toBeEnabled();
    await enable.click();
    await expectToast(page, "Error", "Invalid code");

    await code.fill(enableCode);
    await enable.click();
    await expectToast(page, "Success", "Two-factor authentication has been enabled.");
    await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
    await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
    await withoutToasts(page);
    await expectNoAxeViolations(page);
    await screens(page, "settings-account-backup-codes");
    await waitForMail(page.request, user.email, "Two-factor authentication is on");
    await page.reload();
    await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
    await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

    // Sign out and back in: the password alone is not enough any more.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInToCodeStep(page, user);
    // The next time step's code: accepted (the server allows one step of drift) and unlike the one used to enable.
    const signInCode = await codeAt(secret, 1);
    await submitCode(page, signInCode);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    await test.step("the same code cannot be used twice", async () => {
      const replay = await newPage(browser, baseURL);
      await signInToCodeStep(replay, user);
      await submitCode(replay, signInCode);
      await expect(replay.getByRole("alert")).toHaveText(
        "This code has already been used. Wait for the next code and try again.",
      );
      await replay.goto("/settings/account");
      await expect(replay).toHaveURL(/\/auth\?view=sign_in/);
      await replay.context().close();
    });

    await test.step("five wrong codes lock two-factor sign-in, even for a right code", async () => {
      const guesser = await newPage(browser, baseURL);
      await signInToCodeStep(guesser, user);
      const valid = new Set(await Promise.all([-1, 0, 1, 2].map((step) => codeAt(secret, step))));
      const wrongCodes = ["111111", "222222", "333333", "444444", "555555", "666666", "777777", "888888"]
        .filter((candidate) => !valid.has(candidate))
        .slice(0, 5);
      for (const wrongCode of wrongCodes) {
        await submitCode(guesser, wrongCode);
        await expect(guesser.getByRole("alert")).toHaveText(/Invalid code|temporarily locked/);
      }
      await submitCode(guesser, await codeAt(secret));
      await expect(guesser.getByRole("alert")).toHaveText(
        "Too many failed verification attempts. Your account is temporarily locked. Please try again later.",
      );
      await guesser.goto("/settings/account");
      await expect(guesser).toHaveURL(/\/auth\?view=sign_in/);
      await guesser.context().close();
    });

    // This browser is still signed in: new backup codes, then two-factor off.
    await page.goto("/settings/account");
    await page.getByRole("button", { name: "Generate New Backup Codes" }).click();
    const regenerate = page.getByRole("alertdialog", { name: "Generate new backup codes?" });
    await expect(regenerate.getByLabel("Your password")).toBeFocused();
    await regenerate.getByLabel("Your password").fill(user.password);
    await regenerate.getByRole("button", { name: "Generate Codes" }).click();
    await expectToast(page, "Success", "New backup codes have been created.");
    await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);

    await page.getByRole("button", { name: "Turn Off Two-Factor Authentication" }).click();
    const turnOff = page.getByRole("alertdialog", { name: "Turn off two-factor authentication?" });
    await expect(turnOff.getByLabel("Your password")).toBeFocused();
    await withoutToasts(page);
    await expectNoAxeViolations(page);
    await screens(page, "settings-account-turn-off-dialog");
    await turnOff.getByLabel("Your password").fill("not-my-password");
    await turnOff.getByRole("button", { name: "Turn Off" }).click();
    await expect(turnOff.getByRole("alert")).toHaveText("Password is incorrect");
    await turnOff.getByLabel("Your password").fill(user.password);
    await turnOff.getByRole("button", { name: "Turn Off" }).click();
    await expectToast(page, "Success", "Two-factor authentication has been turned off.");
    await expect(page.getByText("Two-factor authentication is off.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

    const after = await newPage(browser, baseURL);
    await signIn(after, user.email, user.password);
    await after.context().close();
  });
});
