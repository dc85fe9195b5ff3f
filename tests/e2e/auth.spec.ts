import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expectNoAxeViolations } from "./support/axe";
import { DEMO_PASSWORD, signIn } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { linkFrom, waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/auth?view=sign_up");
  await expect(page.getByRole("heading", { level: 1, name: "Register your account" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("First Name").fill("Mia");
  await page.getByLabel("Last Name").fill("Chen");
  await page.getByRole("textbox", { name: "Phone Number" }).fill("0412345678");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Check your email for the confirmation link." }),
  ).toBeVisible();
}

async function confirmFromMail(page: Page, email: string, subject: RegExp, baseURL: string) {
  const mail = await waitForMail(page.request, email, subject);
  await page.goto(linkFrom(mail, baseURL));
}

test.describe("auth screen", () => {
  test("sign-in and register views have the spec's headings, link to each other and pass axe", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "auth-sign-in");
    await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
    await expect(page).toHaveURL(/view=sign_up/);
    await expect(page.getByRole("heading", { level: 1, name: "Register your account" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Phone Number" })).toHaveAttribute(
      "placeholder",
      "1 (702) 123-4567",
    );
    await expectNoAxeViolations(page);
    await captureScreens(page, "auth-sign-up");
    for (const view of ["forgotten_password", "magic_link", "verify_otp", "update_password"]) {
      await page.goto(`/auth?view=${view}`);
      await expectNoAxeViolations(page);
    }
  });

  test("an empty sign-in reports the client rule in a danger box", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("You must provide either an email or phone number and a password");
  });

  test("sign-up → confirmation e-mail → confirm → sign in with the password; the address is then verified", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("signup");
    await signUp(page, email, "a-good-password");
    // Not verified yet: sign-in is refused (and a fresh link is sent).
    await page.goto("/auth");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("confirm your e-mail address");

    await confirmFromMail(page, email, /Confirm your e-mail/i, baseURL ?? "");
    await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm e-mail address" }).click();
    await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed. Please sign in.");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);

    await signIn(page, email, "a-good-password");
  });

  test("a signed-in visitor is sent on to returnTo, and /auth sends them away", async ({ page }) => {
    await signIn(page, "landlord@example.com", DEMO_PASSWORD, "/settings/billing");
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await page.goto("/auth?returnTo=%2Fsearch");
    await expect(page).toHaveURL(/\/search$/);
  });

  test("magic link: the e-mailed link opens a confirmation page whose button signs in", async ({
    page,
    baseURL,
    createUser,
  }) => {
    const { email } = await createUser();
    await page.goto("/auth?view=magic_link");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email for the magic link." })).toBeVisible();
    await confirmFromMail(page, email, /sign-in link|magic link/i, baseURL ?? "");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("one-time code: the e-mailed code signs in", async ({ page, createUser }) => {
    const { email } = await createUser();
    await page.goto("/auth?view=verify_otp");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("status")).toContainText("6-digit sign-in code");
    const mail = await waitForMail(page.request, email, /code/i);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
    await page.getByLabel("Sign-in code").fill(code);
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("forgotten password → reset e-mail → new password → 'Your password has been updated.'", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("reset");
    await signUp(page, email, "first-password");
    await confirmFromMail(page, email, /Confirm your e-mail/i, baseURL ?? "");
    await page.getByRole("button", { name: "Confirm e-mail address" }).click();
    await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed. Please sign in.");

    await page.goto("/auth?view=forgotten_password");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset password instructions" }).click();
    await expect(page.getByRole("status")).toContainText("Check your email for the password reset link.");
    const mail = await waitForMail(page.request, email, /reset/i);
    await page.goto(linkFrom(mail, baseURL ?? ""));
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("second-password");
    await page.getByLabel("Confirm new password").fill("second-password");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Your password has been updated.");

    // The reset link is single-use.
    await page.goto(linkFrom(mail, baseURL ?? ""));
    await page.getByLabel("New password", { exact: true }).fill("third-password");
    await page.getByLabel("Confirm new password").fill("third-password");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByRole("alert")).toContainText("invalid or has expired");

    await signIn(page, email, "second-password");
  });

  test("sign-in with the OpenID Connect provider completes through /auth/callback", async ({ page }) => {
    await page.goto("/auth?returnTo=%2Fsettings%2Fprofile");
    await page.getByRole("button", { name: /^Continue with / }).click();
    // The provider's own (development) login and consent pages.
    await page.locator("input[name=login]").fill(`oidc-user-${Date.now()}`);
    await page.locator("input[name=password]").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("with two-factor on, the OpenID Connect sign-in stops at the code prompt until a backup code", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // An account with a password and two-factor on, whose address the provider also vouches for.
    const login = `oidc-2fa-${Date.now()}`;
    const email = `${login}@example.org`;
    await signUp(page, email, "a-good-password");
    await confirmFromMail(page, email, /Confirm your e-mail/i, baseURL ?? "");
    await page.getByRole("button", { name: "Confirm e-mail address" }).click();
    await signIn(page, email, "a-good-password");
    const begun = await page.request.post("/settings/account.data", {
      form: { intent: "begin-two-factor", password: "a-good-password" },
    });
    const secret = new URL(/otpauth:\/\/totp\/[^"\s]+/.exec(await begun.text())?.[0] ?? "").searchParams.get("secret");
    const verified = await page.request.post("/settings/account.data", {
      form: { intent: "verify-two-factor", code: await generate({ secret: secret ?? "" }) },
    });
    const [backupCode] = (await verified.text()).match(/\b[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\b/g) ?? [];
    expect(backupCode).toBeDefined();
    await page.context().clearCookies();

    await page.goto("/auth?returnTo=%2Fsettings%2Fprofile");
    await page.getByRole("button", { name: /^Continue with / }).click();
    await page.locator("input[name=login]").fill(login);
    await page.locator("input[name=password]").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/auth\?view=two_factor&returnTo=%2Fsettings%2Fprofile$/);
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name.includes("session_token"))).toBe(false);
    expect((await page.request.get("/settings/profile", { maxRedirects: 0 })).status()).toBe(302);

    await page.getByRole("button", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(backupCode ?? "");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("someone who joined through the identity provider sets a password by e-mail, then signs in with it", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const login = `oidc-only-${Date.now()}`;
    const email = `${login}@example.org`;
    await page.goto("/auth?returnTo=%2Fsettings%2Faccount");
    await page.getByRole("button", { name: /^Continue with / }).click();
    await page.locator("input[name=login]").fill(login);
    await page.locator("input[name=password]").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);

    await expect(page.getByRole("heading", { name: "Set a Password" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Change Password" })).toHaveCount(0);
    await expect(page.getByText("Set a password first: turning two-factor on asks for it.")).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-account-set-password");
    await page.getByRole("button", { name: "E-mail me a link to set a password" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Check your email for a link to set your password." }),
    ).toBeVisible();

    const mail = await waitForMail(page.request, email, /password/i);
    await page.goto(linkFrom(mail, baseURL ?? ""));
    await page.getByLabel("New password", { exact: true }).fill("my-new-password");
    await page.getByLabel("Confirm new password").fill("my-new-password");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been updated.");

    await signIn(page, email, "my-new-password");
    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  });

  test("/auth/callback says 'Completing sign in...' and moves on to a same-site returnTo only", async ({ page }) => {
    const html = await (await page.request.get("/auth/callback?returnTo=%2Fsearch")).text();
    expect(html).toContain("Completing sign in...");
    await page.goto("/auth/callback?returnTo=%2Fsearch");
    await expect(page).toHaveURL(/\/search$/);
    await page.goto("/auth/callback?returnTo=https%3A%2F%2Fevil.example");
    await expect(page).toHaveURL(/\/$/);
  });

  test("Sign Out ends the session, says so and goes home", async ({ page }) => {
    await signIn(page, "landlord.pending@example.com");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
    await page.goto("/settings/profile");
    await expect(page).toHaveURL(/\/auth\?view=sign_in&returnTo=%2Fsettings%2Fprofile$/);
  });
});

test.describe("account menu by role", () => {
  const cases = [
    { email: "tenant@example.com", apiKeys: false, admin: false },
    { email: "landlord@example.com", apiKeys: true, admin: false },
    { email: "landlord.pending@example.com", apiKeys: true, admin: false },
    { email: "staff@example.com", apiKeys: true, admin: true },
    { email: "admin@example.com", apiKeys: true, admin: true },
  ];
  for (const { email, apiKeys, admin } of cases) {
    test(`${email}: API Keys ${apiKeys ? "shown" : "hidden"}, Administration ${admin ? "shown" : "hidden"}`, async ({
      page,
    }) => {
      await signIn(page, email);
      await page.getByRole("button", { name: "Account menu" }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByText("Account Settings")).toBeVisible();
      for (const item of ["Profile", "Account", "Billing", "Favorites", "Enquiries"]) {
        await expect(menu.getByRole("menuitem", { name: item, exact: true })).toBeVisible();
      }
      await expect(menu.getByRole("menuitem", { name: "API Keys" })).toHaveCount(apiKeys ? 1 : 0);
      await expect(menu.getByText("Administration")).toHaveCount(admin ? 1 : 0);
      await expect(menu.getByRole("menuitem", { name: "Site Settings" })).toHaveCount(admin ? 1 : 0);
      if (email === "admin@example.com") await captureScreens(page, "account-menu-admin");
      await page.keyboard.press("Escape");
      await page.goto("/settings/billing");
      await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(admin ? 1 : 0);
    });
  }

  test("a tenant who opens the admin area is sent home with 'Access Denied'", async ({ page }) => {
    await signIn(page, "tenant@example.com");
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Access Denied")).toBeVisible();
  });
});
