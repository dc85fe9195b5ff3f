import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

const PATH = "/settings/api-keys";
const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };

// Sign-in uses a deliberately slow password hash; the journeys load several pages.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

test("a tenant is sent to their profile with 'Access Denied'", async ({ page }) => {
  await signIn(page, "tenant@example.com");
  await page.goto(PATH);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByText("Only landlords, staff, and admins can access API keys")).toBeVisible();
});

test("a landlord without an active subscription sees the notice and cannot create keys", async ({ page }) => {
  await signIn(page, "landlord.pending@example.com");
  await page.goto(PATH);
  await expect(page.getByText("You need an active subscription to create API keys.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to billing" })).toHaveAttribute("href", "/settings/billing");
  await expect(page.getByRole("button", { name: "Create API Key" })).toBeDisabled();
  await expect(page.getByText("No API keys found")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-api-keys-inactive");
});

test("a landlord creates a key, uses it, sees it used, and deletes it", async ({ page, baseURL }) => {
  await signIn(page, "landlord@example.com");
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "API Keys", level: 1 })).toBeVisible();
  await expect(page.getByText("You haven't created any API keys yet")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-api-keys-empty");

  await page.getByRole("button", { name: "Create API Key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New API Key" });
  await expect(dialog.getByLabel("API Key Name")).toHaveAttribute("placeholder", "e.g., Development API Key");
  await dialog.getByLabel("API Key Name").fill("   ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Please enter a name for your API key")).toBeVisible();

  await dialog.getByLabel("API Key Name").fill("Syndication feed");
  await dialog.getByLabel("Expires").selectOption("90");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Copy your API key now. You won't be able to see it again!")).toBeVisible();
  const key = await dialog.getByLabel("Your new API key").inputValue();
  expect(key).toMatch(/^lr_live_[0-9A-Za-z]{36}$/);
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-api-keys-created");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Syndication feed" });
  // The "Last used" cell (on a phone its column name shows inside it).
  await expect(row.getByRole("cell").nth(2)).toContainText("Never");

  const used = await page.request.get(`${baseURL}/api/listings?limit=5`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(used.status()).toBe(200);
  expect(((await used.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(2)).not.toContainText("Never", { timeout: 500 });
  }).toPass({ timeout: 10_000 });

  await page.getByRole("tab", { name: "Documentation" }).click();
  await expect(
    page.getByText("Include your API key in the Authorization header of your requests as a Bearer token."),
  ).toBeVisible();
  const endpoints = page.getByRole("tabpanel", { name: "Endpoints" }).getByRole("row");
  // A landlord's listings (list, read, update, delete), a listing's stats, its photo review (read,
  // apply) and enquiries (list, read, reply), plus the header row.
  await expect(endpoints).toHaveCount(11);
  // The POSTs apply a photo order and reply: landlords do not create listings through the API.
  const posts = endpoints.filter({ hasText: "POST" });
  await expect(posts).toHaveCount(2);
  await expect(posts.filter({ hasText: "/api/listings/{id}/photo-review" })).toHaveCount(1);
  await expect(posts.filter({ hasText: "/api/enquiries/{id}/messages" })).toHaveCount(1);
  await page.getByRole("tab", { name: "Examples" }).click();
  await expect(page.getByRole("region", { name: "Example: GET /api/listings", exact: true })).toContainText(
    `${baseURL}/api/listings`,
  );
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-api-keys-docs");

  await page.getByRole("tab", { name: "API Keys" }).click();
  await row.getByRole("button", { name: "Delete API key Syndication feed" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete API Key" });
  await expect(confirm).toContainText("Are you sure you want to delete this API key? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("API key deleted successfully")).toBeVisible();
  await expect(page.getByText("You haven't created any API keys yet")).toBeVisible();

  const revoked = await page.request.get(`${baseURL}/api/listings`, { headers: { Authorization: `Bearer ${key}` } });
  expect(revoked.status()).toBe(401);
});

test("staff see admin's endpoints, and the interactive reference renders from this site", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signIn(page, "staff@example.com");
  await page.goto(PATH);
  await page.getByRole("tab", { name: "Documentation" }).click();
  const endpoints = page.getByRole("tabpanel", { name: "Endpoints" });
  await expect(endpoints.getByRole("row").filter({ hasText: "POST" }).first()).toBeVisible();

  await page.goto("/api/docs");
  await expect(page.getByText("Laneway Rooms API").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Update a listing").first()).toBeVisible();
  expect(errors.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  await captureScreens(page, "api-docs");
});

test("an admin rolls a key: a new key at once, the old one still working for the overlap", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto(PATH);
  await page.getByRole("button", { name: "Create API Key" }).click();
  const create = page.getByRole("dialog", { name: "Create New API Key" });
  await create.getByLabel("API Key Name").fill("Partner sync");
  await create.getByRole("button", { name: "Create" }).click();
  const oldKey = await create.getByLabel("Your new API key").inputValue();
  await create.getByRole("button", { name: "Done" }).click();

  await page.getByRole("button", { name: "Roll API key Partner sync" }).click();
  const roll = page.getByRole("dialog", { name: "Roll API Key" });
  await roll.getByLabel("Old key keeps working for").selectOption("1");
  await expectNoAxeViolations(page);
  await roll.getByRole("button", { name: "Roll key" }).click();
  await expect(roll.getByText("Copy your API key now. You won't be able to see it again!")).toBeVisible();
  const newKey = await roll.getByLabel("Your new API key").inputValue();
  expect(newKey).not.toBe(oldKey);
  await roll.getByRole("button", { name: "Done" }).click();

  for (const key of [oldKey, newKey]) {
    const answer = await page.request.get(`${baseURL}/api/blog`, { headers: { Authorization: `Bearer ${key}` } });
    expect(answer.status()).toBe(200);
  }
  await expect(page.getByRole("row").filter({ hasText: "Partner sync" })).toHaveCount(2);
});

test("a landlord at the key cap is told so; a key can still be rolled without an overlap", async ({
  page,
  baseURL,
}) => {
  // No other test reads this demo landlord's keys.
  await signIn(page, "priya.nair@example.com");
  for (let index = 1; index <= 10; index++) {
    const created = await page.request.post(`${PATH}.data`, {
      form: { intent: "create", name: `Integration ${index}` },
      headers: { origin: baseURL ?? "" },
    });
    expect(created.status()).toBe(200);
  }
  await page.goto(PATH);
  const notice = "You have 10 active API keys, the most you can hold.";
  await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API Key" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-api-keys-limit");

  await page.getByRole("button", { name: "Roll API key Integration 1", exact: true }).click();
  const roll = page.getByRole("dialog", { name: "Roll API Key" });
  await roll.getByRole("button", { name: "Roll key" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: notice })).toBeVisible();
  await roll.getByLabel("Old key keeps working for").selectOption("0");
  await roll.getByRole("button", { name: "Roll key" }).click();
  await expect(roll.getByText("Copy your API key now. You won't be able to see it again!")).toBeVisible();
});
