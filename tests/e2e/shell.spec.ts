import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("home page and shell", () => {
  test("renders the hero, the header links and the footer, hydrated under the CSP", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Perfect Room" })).toBeVisible();
    await expect(page.getByText("Flexible Mid-Term Leases in Premium CBD Locations")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Search" })).toHaveAttribute("href", "/search");

    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const [name, href] of [
      ["Search", "/search"],
      ["List my property", "/list-property"],
      ["Property Management", "/property-management"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("link", { name: /home$/ }).first()).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toHaveAttribute("href", "/auth?view=sign_in");
    await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/auth?view=sign_up");

    const footer = page.getByRole("contentinfo");
    for (const href of ["/about", "/careers", "/press", "/blog", "/privacy", "/terms", "/cookies"]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole("textbox", { name: "E-mail address" })).toBeVisible();
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();

    // Hydration ran (the nonce let the scripts through): the mobile menu button responds.
    await page.setViewportSize({ width: 390, height: 844 });
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    const mobileMenu = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(mobileMenu).toBeVisible();
    for (const name of ["Search", "List my property", "Property Management", "About", "Contact", "Sign In"]) {
      await expect(mobileMenu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(errors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    expect(errors).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
    await captureScreens(page, "home");
  });

  test("the second hero button scrolls to the featured listings", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View Featured Rooms" }).click();
    await expect(page.getByRole("heading", { name: "Featured Listings" })).toBeInViewport();
  });

  test("header shrinks into a rounded translucent bar after 20 px of scroll and back", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const bar = header.locator("> div").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveAttribute("data-text", "light");
    await expect(bar).toHaveCSS("color", "rgb(255, 255, 255)");
    const fullHeight = (await bar.boundingBox())?.height ?? 0;

    await page.evaluate(() => window.scrollTo(0, 20));
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 21));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveAttribute("data-text", "dark");
    await expect(bar).not.toHaveCSS("border-top-left-radius", "0px");
    await expect.poll(async () => (await bar.boundingBox())?.height ?? 0).toBeLessThan(fullHeight);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(bar).toHaveCSS("border-top-left-radius", "0px");
  });

  test("header text is dark on legal, settings and admin paths from the start", async ({ page }) => {
    // The account and admin areas need a session (without one they send the visitor to /auth).
    await signIn(page, "admin@example.com");
    for (const path of ["/terms", "/privacy", "/cookies", "/settings/profile", "/admin/users"]) {
      await page.goto(path);
      await expect(page.getByRole("banner"), path).toHaveAttribute("data-text", "dark");
    }
    await page.goto("/about");
    await expect(page.getByRole("banner")).toHaveAttribute("data-text", "light");
  });

  test("Sign In is hidden on small screens; Register stays; both are full page loads to /auth", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign In" })).toBeHidden();
    await expect(header.getByRole("link", { name: "Register" })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    const documentRequest = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url().endsWith("/auth?view=sign_up"),
    );
    await header.getByRole("link", { name: "Register" }).click();
    expect((await documentRequest).resourceType()).toBe("document");
    await expect(page).toHaveURL(/\/auth\?view=sign_up$/);
  });
});

test.describe("error pages", () => {
  test("an unknown route answers 404 with a real page inside the shell", async ({ page }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
    await captureScreens(page, "not-found");
  });

  test("a server failure shows 'Unexpected Application Error!' with HTTP 500 and no stack trace", async ({ page }) => {
    const response = await page.goto("/dev/error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByText("500 Internal Server Error")).toBeVisible();
    const html = await response?.text();
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
    await expectNoAxeViolations(page);
    await captureScreens(page, "server-error");
  });

  test("a method the page does not accept shows the error page with its status", async ({ request }) => {
    const response = await request.post("/", { form: { anything: "1" } });
    expect(response.status()).toBe(405);
    expect(await response.text()).toContain("Unexpected Application Error!");
  });
});
