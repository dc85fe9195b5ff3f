import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

async function open(page: Page, path: string, h1: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: h1, exact: true })).toBeVisible();
}

const heading = (page: Page, name: string, level = 2) => page.getByRole("heading", { level, name, exact: true });

test.describe("company pages", () => {
  test.describe.configure({ timeout: 90_000 });

  test("about: story, vision, founder and three cards", async ({ page }) => {
    await open(page, "/about", "About Laneway Rooms");
    await expect(page).toHaveTitle("About | Laneway Rooms");
    await expect(page.getByText("Founded in 2020")).toBeVisible();
    await expect(heading(page, "Our Story")).toBeVisible();
    await expect(page.getByText(/Laneway Rooms started in 2020/)).toBeVisible();
    await expect(heading(page, "Our Founder")).toBeVisible();
    await expect(heading(page, "Sophie Tran", 3)).toBeVisible();
    for (const card of ["Our Vision", "What Sets Us Apart", "Looking Forward"]) {
      await expect(heading(page, card, 3)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await captureScreens(page, "about");
  });

  test("property management: hero, services, benefits, statistics, contact", async ({ page }) => {
    await open(page, "/property-management", "Property Management");
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");

    const arrow = page.getByRole("link", { name: "Scroll to our services" });
    await expect(arrow).toHaveAttribute("href", "#services");
    const services = page.locator("#services");
    await expect(services).not.toBeInViewport();
    await arrow.click();
    await expect(page).toHaveURL(/#services$/);
    await expect(services).toBeInViewport();

    await expect(heading(page, "Our Services")).toBeVisible();
    for (const service of [
      "Room Rental Management",
      "Tenant Screening",
      "Maintenance Coordination",
      "Rent Collection",
    ]) {
      await expect(services.getByRole("heading", { level: 3, name: service })).toBeVisible();
    }

    await expect(heading(page, "Premium Living")).toBeVisible();
    for (const benefit of [
      "Flexible Mid-Term Leases",
      "Free WiFi",
      "Monthly Cleaning",
      "CBD Locations",
      "24/7 Customer Service",
      "Fully Furnished Rooms",
      "Professional Management",
      "Community Events",
    ]) {
      await expect(heading(page, benefit, 3)).toBeVisible();
    }
    await expect(page.getByText("Leases of 3 to 12 months.", { exact: true })).toBeVisible();

    for (const [value, label] of [
      ["300+", "Properties Managed"],
      ["2000+", "Tenants"],
      ["10+", "Years Experience"],
      ["5", "Cities"],
    ] as const) {
      const stat = page.locator("dl div").filter({ has: page.locator("dt", { hasText: label }) });
      await expect(stat.locator("dd")).toHaveText(value);
    }

    const contact = page.getByRole("link", { name: "Contact Us", exact: true });
    await expect(contact).toHaveAttribute("href", "/contact");
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);

    await page.goto("/property-management");
    await expectNoAxeViolations(page);
    await captureScreens(page, "property-management");
  });

  test("careers: hero, culture, benefits and calls to action", async ({ page }) => {
    await open(page, "/careers", "Join Our Team");
    await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/contact");
    await expect(heading(page, "Our Culture")).toBeVisible();
    for (const value of ["Passion", "Collaboration", "Innovation", "Growth"]) {
      await expect(heading(page, value, 3)).toBeVisible();
    }
    await expect(heading(page, "Why Work With Us")).toBeVisible();
    for (const benefit of [
      "Flexible Work",
      "Team Events",
      "Work-Life Balance",
      "Travel",
      "Competitive Pay",
      "Career Growth",
    ]) {
      await expect(heading(page, benefit, 3)).toBeVisible();
    }
    const touch = page.getByRole("link", { name: "Get in Touch" });
    await expect(touch).toHaveAttribute("href", "/contact");
    await expectNoAxeViolations(page);
    await captureScreens(page, "careers");

    await page.getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("press: 2024 releases, coverage, disabled downloads and media contact", async ({ page }) => {
    await open(page, "/press", "Press");
    await expect(heading(page, "Press Releases")).toBeVisible();
    const releases = page.getByRole("region", { name: "Press Releases" }).getByRole("article");
    expect(await releases.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByText("March 12, 2024")).toBeVisible();
    const dates = await releases.evaluateAll((items) => items.map((item) => item.querySelector("p")?.textContent));
    for (const date of dates) expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, 2024$/);

    await expect(heading(page, "Media Coverage")).toBeVisible();
    const coverage = page.getByRole("region", { name: "Media Coverage" }).getByRole("listitem");
    expect(await coverage.count()).toBeGreaterThanOrEqual(3);

    await expect(heading(page, "Brand Assets")).toBeVisible();
    await expect(page.getByText("Available on request — contact our media team")).toBeVisible();
    for (const [name, size] of [
      ["Logo Package", "2.4 MB"],
      ["Brand Guidelines", "3.8 MB"],
      ["Media Kit", "5.2 MB"],
    ] as const) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });
      await expect(card.getByText(size, { exact: true })).toBeVisible();
      const button = card.getByRole("button", { name: /^Download/ });
      await expect(button).toHaveText("Download");
      await expect(button).toBeDisabled();
    }

    await expect(heading(page, "Media Contact")).toBeVisible();
    await expect(page.getByRole("link", { name: "press@lanewayrooms.com.au" })).toHaveAttribute(
      "href",
      "mailto:press@lanewayrooms.com.au",
    );
    await expect(page.getByRole("link", { name: "03 9000 1234" })).toHaveAttribute("href", /^tel:/);
    await expectNoAxeViolations(page);
    await captureScreens(page, "press");
  });

  test("company pages open on a dark hero behind the white header text", async ({ page }) => {
    for (const path of ["/about", "/property-management", "/careers", "/press"]) {
      await page.goto(path);
      // bg-secondary (#1e293b) behind the fixed header.
      await expect(page.locator("main > section").first(), path).toHaveCSS("background-color", "rgb(30, 41, 59)");
    }
  });
});
