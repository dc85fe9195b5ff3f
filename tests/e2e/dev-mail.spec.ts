import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

test.describe("Mail outbox (/dev/mail)", () => {
  test("renders the outbox and passes axe", async ({ page }) => {
    const response = await page.goto("/dev/mail");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Mail outbox" })).toBeVisible();
    // The server is shared with other tests, which may already have sent mail.
    await expect(
      page.getByRole("heading", { name: "No messages yet" }).or(page.getByRole("table", { name: /^Messages/ })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "dev-mail");
  });

  test("shows a message's HTML in an empty sandbox and its text with links", async ({ page, context }) => {
    // Ask for a sign-in code so the outbox has a message of this test's own.
    await page.goto("/auth?view=verify_otp");
    await page.getByLabel("Email address").fill("tom.nguyen@example.com");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("status")).toContainText("6-digit sign-in code");

    await page.goto("/dev/mail");
    await page
      .getByRole("table", { name: /^Messages/ })
      .getByRole("link", { name: /sign-in code/ })
      .first()
      .click();

    const message = page.locator("#message");
    await expect(message.getByRole("heading", { level: 2 })).toBeVisible();
    const frame = message.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(frame.contentFrame().locator("html[lang=en]")).toBeAttached();
    await expect(message.locator("pre")).not.toBeEmpty();
    for (const link of await message.locator("pre a").all()) {
      expect(await link.getAttribute("href")).toMatch(/^https?:\/\//);
    }
    // axe cannot run inside a frame that forbids scripts: the e-mail HTML is checked on its own page.
    await expectNoAxeViolations(page, { exclude: ["#message iframe"] });

    const mail = await context.newPage();
    await mail.setContent((await frame.getAttribute("srcdoc")) ?? "");
    await expectNoAxeViolations(mail);
  });

  test("an unknown message id answers 404 and says so", async ({ page }) => {
    const response = await page.goto("/dev/mail?id=3f1c1a52-8a53-4c57-9d1e-2f3c4b5a6d7e");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("That message is not in the outbox.")).toBeVisible();
  });
});
