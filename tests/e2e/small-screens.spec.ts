import type { Locator, Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { captureScreens, VIEWPORTS } from "./support/screenshots";
import { hydrated } from "./support/hydration";

// The back-office tables, the audit log and the two-factor setup as they look at 1280 and 390 px.

const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };
// Sign-in is deliberately slow (password hashing); these tests sign in twice.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Full-page screenshots from the top, so the fixed header is drawn where it belongs. */
async function screens(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** The page itself never scrolls sideways: nothing is pushed past the right edge of the screen. */
async function expectNoSidewaysPage(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Nothing in the page's main part scrolls sideways either: no table or box inside it is wider than
 * the space it has (a box that scrolls on its own still hides what is past its edge).
 */
async function expectNothingScrollsSideways(page: Page) {
  const wide = await page.getByRole("main").evaluate((main) =>
    [main, ...Array.from(main.querySelectorAll("*"))]
      .filter((element) => element.scrollWidth > element.clientWidth && element.clientWidth > 0)
      .filter((element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX))
      .map((element) => `${element.tagName.toLowerCase()} ${element.scrollWidth} > ${element.clientWidth}`),
  );
  expect(wide, "boxes that scroll sideways").toEqual([]);
}

/** Fully on screen horizontally, without scrolling anything sideways. */
async function expectWithinScreenWidth(locator: Locator, page: Page) {
  const box = await locator.boundingBox();
  expect(box, "element is rendered").not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test("on a phone each user's name, contact, role, subscription and details are on screen; phones read one way", async ({
  page,
  createUser,
}) => {
  const user = await createUser({ firstName: "Nadia", lastName: `Phone${Date.now()}` });
  const name = `${user.firstName} ${user.lastName}`;

  await signIn(page, "admin@example.com", undefined, `/admin/users?q=${encodeURIComponent(user.email)}`);
  const table = page.getByRole("table", { name: "Users" });
  const row = table.getByRole("row").filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  // Stored as +61412345678: shown in the national form, like every Australian number in the table.
  await expect(row).toContainText("0412 345 678");
  await expect(row).not.toContainText("+61");

  await page.goto("/admin/users?q=landlord%40example.com");
  const demo = table.getByRole("row").filter({ hasText: "landlord@example.com" });
  await expect(demo).toContainText(/04\d\d \d\d\d \d\d\d/);
  await screens(page, "admin-users-table");

  await page.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
  await hydrated(page);
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectNoSidewaysPage(page);
  for (const control of [
    row.getByText(name, { exact: true }),
    row.getByText("0412 345 678"),
    row.getByLabel(`Role of ${name}`),
    row.getByLabel(`Subscription status of ${name}`),
    row.getByRole("button", { name: `Subscription details of ${name}` }),
  ]) {
    await expect(control).toBeVisible();
    await expectWithinScreenWidth(control, page);
  }
  // Each value says what it is, as the column headings do on a wide screen.
  await expect(row.getByText("Joined", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // It still works on the phone: the subscription changes and the audit log shows it.
  await row.getByLabel(`Subscription status of ${name}`).selectOption("active");
  await expect(toast(page, "Subscription status updated to active")).toBeVisible();
  const userId = await row.locator('input[name="userId"]').first().inputValue();

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`/admin/audit?target=${userId}`);
  const entry = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "Subscription" });
  await expect(entry).toHaveCount(1);
  // "27 Nov 2026, 10:41:07 am": the change's start time reads the same way as its "When" (the
  // two instants are taken a moment apart, so only their form is compared).
  const localTime = "\\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d\\d:\\d\\d [ap]m";
  expect((await entry.getByRole("cell").first().innerText()).trim()).toMatch(new RegExp(`^${localTime}$`));
  const start = entry.getByText(new RegExp(`^start: — → ${localTime}$`));
  await expect(start).toBeVisible();
  await expect(entry).not.toContainText(/\d{4}-\d\d-\d\dT/);
  await screens(page, "admin-audit-dates");
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectNoSidewaysPage(page);
  await expectWithinScreenWidth(start, page);
});

test("on a phone each post's title, status and actions are on screen", async ({ page }) => {
  await signIn(page, "staff@example.com", undefined, "/admin/posts");
  const rows = page.getByRole("table", { name: "Blog posts" }).getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  await screens(page, "admin-posts-table");

  await hydrated(page);
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectNoSidewaysPage(page);
  const first = rows.nth(1);
  const title = (await first.getByRole("cell").first().innerText()).trim();
  for (const control of [
    first.getByText(title, { exact: true }),
    first.getByText(/^(published|draft)$/),
    first.getByRole("link", { name: `Edit ${title}` }),
    first.getByRole("button", { name: `Delete ${title}` }),
  ]) {
    await expect(control).toBeVisible();
    await expectWithinScreenWidth(control, page);
  }
  await expect(first.getByText("Created", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the two-factor code field shows its whole placeholder at both widths", async ({ page, createUser, signInAs }) => {
  const user = await createUser();
  await signInAs(user);
  await page.goto("/settings/account");
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Begin Setup" }).click();
  const code = page.getByLabel("Verification Code");
  await expect(code).toHaveAttribute("placeholder", "Enter 6-digit code");

  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // The placeholder drawn in the input's own font and spacing fits inside its text box.
    const { needed, available } = await code.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input, "::placeholder");
      const probe = document.createElement("span");
      probe.textContent = input.placeholder;
      probe.style.font = style.font;
      probe.style.letterSpacing = style.letterSpacing;
      probe.style.position = "absolute";
      probe.style.whiteSpace = "pre";
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const box = getComputedStyle(input);
      return {
        needed: width,
        available: input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight),
      };
    });
    expect(needed, `placeholder at ${viewport.width} px`).toBeLessThanOrEqual(available);
  }
  await screens(page, "two-factor-code-field");
});

test("on a phone the API keys page, its keys and its documentation fit the screen", async ({ page, baseURL }) => {
  // No other test reads this demo landlord's keys.
  await signIn(page, "tom.nguyen@example.com");
  const name = `Phone sync ${Date.now()}`;
  const created = await page.request.post("/settings/api-keys.data", {
    form: { intent: "create", name },
    headers: { origin: baseURL ?? "" },
  });
  expect(created.status()).toBe(200);

  await page.goto("/settings/api-keys");
  await hydrated(page);
  await page.setViewportSize(VIEWPORTS.mobile);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysPage(page);
  await expectNothingScrollsSideways(page);
  for (const control of [
    row.getByText(name, { exact: true }),
    row.getByRole("button", { name: `Roll API key ${name}` }),
    row.getByRole("button", { name: `Delete API key ${name}` }),
  ]) {
    await expect(control).toBeVisible();
    await expectWithinScreenWidth(control, page);
  }
  await expect(row.getByText("Last used", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screens(page, "settings-api-keys-keys");
  await page.setViewportSize(VIEWPORTS.mobile);

  await page.getByRole("tab", { name: "Documentation" }).click();
  const endpoint = page
    .getByRole("tabpanel", { name: "Endpoints" })
    .getByRole("row")
    .filter({ hasText: "/api/enquiries/{id}/messages" });
  await expect(endpoint).toBeVisible();
  await expectNoSidewaysPage(page);
  await expectNothingScrollsSideways(page);
  await expectWithinScreenWidth(endpoint.getByText("Reply to a conversation"), page);
  await expectNoAxeViolations(page);
  await screens(page, "settings-api-keys-endpoints");
  await page.setViewportSize(VIEWPORTS.mobile);

  await page.getByRole("tab", { name: "Examples" }).click();
  const example = page.getByRole("region", { name: "Example: GET /api/listings", exact: true });
  await expect(example).toContainText(`${baseURL}/api/listings`);
  await expectNoSidewaysPage(page);
  await expectNothingScrollsSideways(page);
  await expectNoAxeViolations(page);
  await screens(page, "settings-api-keys-examples");
});
