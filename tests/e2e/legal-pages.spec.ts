import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

const PAGES = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    email: "privacy@lanewayrooms.com.au",
    mustMention: [
      "Australian Privacy Principles (APPs)",
      "Privacy Act 1988 (Cth)",
      "Office of the Australian Information Commissioner (OAIC)",
    ],
  },
  {
    path: "/terms",
    title: "Terms of Service",
    email: "legal@lanewayrooms.com.au",
    mustMention: [
      "Residential Tenancies Act 1997 (Vic)",
      "Consumer Affairs Victoria",
      "Residential Tenancies Bond Authority (RTBA)",
      "$49.99 per month",
      "14-day free trial",
      "Australian Consumer Law",
      "governed by the laws of Victoria",
    ],
  },
  {
    path: "/cookies",
    title: "Cookie Policy",
    email: "privacy@lanewayrooms.com.au",
    mustMention: ["Cookie Preferences", "clear the cookies"],
  },
] as const;

async function tocLinks(page: Page) {
  return page.getByRole("navigation", { name: "Contents" }).getByRole("link");
}

test.describe("legal pages", () => {
  test.describe.configure({ timeout: 90_000 });

  for (const legal of PAGES) {
    test(`${legal.path}: title, last updated, numbered sections and working contents`, async ({ page }) => {
      const response = await page.goto(legal.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: legal.title, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${legal.title} | Laneway Rooms`);
      await expect(page.getByText("Last updated: March 2024", { exact: true })).toBeVisible();

      // The heading sits below the fixed 80 px header.
      const box = await page.getByRole("heading", { level: 1 }).boundingBox();
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(80);

      const links = await tocLinks(page);
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(4);
      const sectionHeadings = page.locator("section[id] > h2");
      await expect(sectionHeadings).toHaveCount(count);
      for (let index = 0; index < count; index += 1) {
        const link = links.nth(index);
        const text = (await link.textContent()) ?? "";
        expect(text).toMatch(new RegExp(`^${index + 1}\\. `));
        const href = (await link.getAttribute("href")) ?? "";
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        const section = page.locator(href);
        await expect(section).toHaveCount(1);
        await expect(section.locator("h2")).toHaveText(text);
      }

      for (const phrase of legal.mustMention) {
        await expect(page.getByText(phrase).first()).toBeVisible();
      }
      const mail = page.getByRole("link", { name: legal.email }).first();
      await expect(mail).toHaveAttribute("href", `mailto:${legal.email}`);

      // The last contents link scrolls its section into view and sets the fragment.
      const last = links.nth(count - 1);
      const lastHref = (await last.getAttribute("href")) ?? "";
      await expect(page.locator(lastHref)).not.toBeInViewport();
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${lastHref}$`));
      await expect(page.locator(`${lastHref} h2`)).toBeInViewport();

      await page.goto(legal.path);
      await expectNoAxeViolations(page);
      await captureScreens(page, `legal${legal.path.replace("/", "-")}`);
    });
  }

  test("the cookie policy lists every cookie the site sets, with category and duration", async ({ page }) => {
    await page.goto("/cookies");
    const table = page.getByRole("table", { name: "Cookies we use" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Purpose", "Category", "Duration"]);
    for (const [name, category, duration] of [
      ["cookie_consent", "Essential", "365 days"],
      ["essential_consent", "Essential", "365 days"],
      ["analytics_consent", "Analytics", "365 days"],
      ["marketing_consent", "Marketing", "365 days"],
      ["last_path", "Essential", "365 days"],
      ["visited", "Essential", "365 days"],
      ["Session cookie (set when you sign in)", "Essential", "Session"],
    ] as const) {
      const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell").nth(2)).toHaveText(category);
      await expect(row.getByRole("cell").nth(3)).toHaveText(duration);
    }
    await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute("href", "/privacy");
  });

  test("the legal pages open on a light background", async ({ page }) => {
    for (const legal of PAGES) {
      await page.goto(legal.path);
      await expect(page.locator("main > div").first(), legal.path).toHaveCSS("background-color", "rgb(255, 255, 255)");
    }
  });
});
