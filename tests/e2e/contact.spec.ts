import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

// The e2e server has no HubSpot configured: messages go through the local default (stored and
// marked delivered). The HubSpot protocol is covered by tests/integration/contact.test.ts.
// Each successful submission counts towards the per-address limit (5 per 10 minutes), so this file
// sends at most two valid messages.

async function skipCookieBanner(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
}

async function fillValid(page: Page, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    "First name": "Ada",
    "Last name": "Lovelace",
    Email: "ada@example.com",
    Phone: "0412 345 678",
    Message: "Is the Degraves Street room still available from March?",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Records the POSTs the page sends to /contact (fetches and form posts alike). */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact"))
      posts.push(request.url());
  });
  return posts;
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipCookieBanner(context, baseURL);
});

test.describe("contact page", () => {
  test("shows the address, phone, e-mails, hours and the form", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Contact Us | Laneway Rooms");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Get in Touch" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Send Us a Message" })).toBeVisible();

    await expect(page.locator("address")).toContainText("Level 3, 800 Collins Street");
    await expect(page.locator("address")).toContainText("Docklands VIC 3008");
    await expect(page.getByRole("link", { name: "03 9000 1234" })).toHaveAttribute("href", "tel:+61390001234");
    await expect(page.getByRole("link", { name: "hello@lanewayrooms.com.au" })).toHaveAttribute(
      "href",
      "mailto:hello@lanewayrooms.com.au",
    );
    await expect(page.getByRole("link", { name: "landlords@lanewayrooms.com.au" })).toHaveAttribute(
      "href",
      "mailto:landlords@lanewayrooms.com.au",
    );
    await expect(page.getByText("Monday to Friday 9am to 5pm")).toBeVisible();
    await expect(page.getByText("Saturday 10am to 2pm")).toBeVisible();

    const form = page.getByRole("form", { name: "Send Us a Message" });
    for (const label of ["First name", "Last name", "Email", "Phone", "Message"]) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Phone", { exact: true })).toHaveAttribute("type", "tel");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();

    await expectNoAxeViolations(page);
    await captureScreens(page, "contact");
    expect(errors).toEqual([]);
  });

  test("sends a valid message: 'Success!' toast and the fields cleared", async ({ page }) => {
    await page.goto("/contact");
    // Hydrated: the form has switched to its own validation.
    await expect(page.getByRole("form", { name: "Send Us a Message" })).toHaveAttribute("novalidate", "");
    await fillValid(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Success!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Your message has been sent successfully.");
    for (const label of ["First name", "Last name", "Email", "Phone", "Message"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
  });

  test("missing fields and a bad e-mail show messages by the fields and send nothing", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("form", { name: "Send Us a Message" })).toHaveAttribute("novalidate", "");
    const posts = recordPosts(page);

    await page.getByRole("button", { name: "Send Message" }).click();
    for (const [label, message] of [
      ["First name", "Please enter your first name."],
      ["Last name", "Please enter your last name."],
      ["Email", "Please enter your e-mail address."],
      ["Phone", "Please enter your phone number."],
      ["Message", "Please enter your message."],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel("First name", { exact: true })).toBeFocused();

    await fillValid(page, { Email: "ada.example.com" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const email = page.getByLabel("Email", { exact: true });
    await expect(email).toHaveAccessibleDescription("Please enter a valid e-mail address, like name@example.com.");
    await expect(email).toBeFocused();
    // Fixed fields lose their message; what was typed stays.
    await expect(page.getByLabel("First name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Is the Degraves Street room still available from March?",
    );
    await expectNoAxeViolations(page);
    expect(posts).toEqual([]);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });

  test("the server refuses line breaks in single-line fields and bad values, keeping what was sent", async ({
    request,
  }) => {
    const response = await request.post("/contact", {
      form: {
        firstName: "Ada\r\nBcc: victim@example.com",
        lastName: "Lovelace",
        email: "ada@example.com",
        phone: "call me",
        message: "Hello",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your first name must be on one line.");
    expect(html).toContain("Please enter a valid phone number");
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain("Your message has been sent successfully.");
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the server, which shows errors, then the result", async ({ page }) => {
    await page.goto("/contact");
    // Passes the browser's own checks, fails the server's.
    await fillValid(page, { Phone: "call me maybe" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    const phone = page.getByLabel("Phone", { exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number/);
    await expect(phone).toHaveValue("call me maybe");
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Ada");

    await phone.fill("(03) 9000 1234");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    const notice = page.getByRole("status").filter({ hasText: "Success!" });
    await expect(notice).toContainText("Your message has been sent successfully.");
    for (const label of ["First name", "Last name", "Email", "Phone", "Message"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
    // (axe needs scripts in the page, so the accessibility check runs in the tests with JavaScript.)
  });
});
