import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

/** Opens the UI kit and waits until React has hydrated it, so the widgets answer the keyboard. */
async function openKit(page: Page, path = "/dev/ui"): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator("main div[data-hydrated=true]")).toBeAttached();
}

function phoneField(page: Page) {
  const section = page.locator("section#phone-input");
  return {
    section,
    country: section.getByRole("button", { name: /^Country: / }).first(),
    number: section.getByRole("textbox", { name: "Phone number" }),
    countryValue: section.locator('input[type=hidden][name="phone_country"]'),
    e164: section.getByTestId("phone-value"),
  };
}

const digitCount = (value: string) => value.replace(/\D/g, "").length;

test.describe("Phone input (/dev/ui)", () => {
  // Consent already given, so the cookie banner does not cover the field in screenshots.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([
      { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
    ]);
  });

  test("defaults to Australia and formats an Australian mobile as it is typed", async ({ page }) => {
    await openKit(page);
    const { country, number, countryValue, e164 } = phoneField(page);

    await expect(country).toHaveAccessibleName("Country: Australia, +61");
    await expect(country).toContainText("+61");
    await expect(countryValue).toHaveValue("AU");
    await expect(number).toHaveAttribute("type", "tel");
    await expect(number).toHaveAttribute("autocomplete", "tel-national");
    await expect(number).toHaveAttribute("inputmode", "tel");
    await expect(number).toHaveAttribute("placeholder", "1 (702) 123-4567");
    await expect(number).toHaveAccessibleDescription(/Defaults to Australia/);

    await number.pressSequentially("0412345678");
    await expect(number).toHaveValue("0412 345 678");
    await expect(e164).toHaveText("E.164: +61412345678");
  });

  test("switches country from the keyboard and formats for it", async ({ page }) => {
    test.slow(); // Two sets of full-page screenshots.
    await openKit(page);
    const { country, number, countryValue } = phoneField(page);

    await country.focus();
    await page.keyboard.press("Enter");
    const search = page.getByRole("combobox", { name: "Search country" });
    await expect(search).toBeFocused();
    const listbox = page.getByRole("listbox", { name: "Countries" });
    await expect(listbox.getByRole("option").first()).toHaveAccessibleName(/Australia/);
    await expect(listbox.getByRole("option", { selected: true })).toHaveAccessibleName(/Australia/);
    await captureScreens(page, "phone-input-picker-list");
    await expect(search).toBeFocused();

    // Arrow keys move the active option; the search box keeps focus.
    await page.keyboard.press("ArrowDown");
    await expect(listbox.getByRole("option", { selected: true })).not.toHaveAccessibleName(/Australia/);
    await expect(search).toBeFocused();

    await page.keyboard.type("united states");
    await expect(listbox.getByRole("option").first()).toHaveAccessibleName(/United States/);
    await expectNoAxeViolations(page);
    await captureScreens(page, "phone-input-picker");
    await page.keyboard.press("Enter");

    await expect(listbox).toBeHidden();
    await expect(country).toHaveAccessibleName("Country: United States, +1");
    await expect(countryValue).toHaveValue("US");
    await expect(number).toBeFocused();
    await page.keyboard.type("7021234567");
    await expect(number).toHaveValue("(702) 123-4567");

    // Backspace after "(702)" removes the 2, not just the bracket.
    await number.fill("");
    await number.pressSequentially("702");
    await expect(number).toHaveValue("(702)");
    await page.keyboard.press("Backspace");
    await expect(number).toHaveValue("70");
  });

  test("searches by dialling code, closes with Escape and returns focus", async ({ page }) => {
    await openKit(page);
    const { country } = phoneField(page);

    await country.focus();
    await page.keyboard.press("ArrowDown");
    const search = page.getByRole("combobox", { name: "Search country" });
    await expect(search).toBeFocused();
    await page.keyboard.type("+64");
    await expect(page.getByRole("option").first()).toHaveAccessibleName(/New Zealand/);
    await page.keyboard.type("9999");
    await expect(page.getByRole("status").filter({ hasText: "No country matches" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(search).toBeHidden();
    await expect(country).toBeFocused();
    await expect(country).toHaveAccessibleName("Country: Australia, +61");

    // A pointer works too.
    await country.click();
    await page.getByRole("combobox", { name: "Search country" }).fill("zealand");
    await page.getByRole("option", { name: /New Zealand/ }).click();
    await expect(country).toHaveAccessibleName("Country: New Zealand, +64");
  });

  test("accepts no more than 15 digits, calling code included", async ({ page }) => {
    await openKit(page);
    const { number } = phoneField(page);

    await number.pressSequentially("12345678901234567890");
    // +61 leaves room for 13 national digits.
    expect(digitCount(await number.inputValue())).toBe(13);
    await number.press("End");
    await number.pressSequentially("9");
    expect(digitCount(await number.inputValue())).toBe(13);

    await number.fill("");
    await number.pressSequentially("+12345678901234567890");
    expect(digitCount(await number.inputValue())).toBe(15);
  });

  test("submits what was typed and the country; the server normalises them", async ({ page }) => {
    await openKit(page);
    const { section, number } = phoneField(page);
    await number.pressSequentially("0412345678");
    await section.getByRole("button", { name: "Check number" }).click();
    await expect(section.getByTestId("phone-submitted")).toHaveText("Submitted: +61412345678");
    expect(new URL(page.url()).searchParams.get("phone_country")).toBe("AU");
  });

  test("works before JavaScript, with the default country", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dev/ui");
    const { section, number } = phoneField(page);
    await number.fill("0412 345 678");
    await section.getByRole("button", { name: "Check number" }).click();
    await expect(section.getByTestId("phone-submitted")).toHaveText("Submitted: +61412345678");
    await context.close();
  });

  test("passes axe and looks right at desktop and mobile widths", async ({ page }) => {
    test.slow();
    await openKit(page);
    const { section, number } = phoneField(page);
    await number.pressSequentially("0412345678");
    await expect(section.getByRole("button", { name: "Country: United States, +1" })).toBeVisible();
    await expect(section.getByRole("textbox", { name: "Stored US number" })).toHaveValue("(702) 555-0123");
    await expect(section.getByRole("textbox", { name: "Phone (invalid)" })).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByRole("textbox", { name: "Phone (disabled)" })).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await captureScreens(page, "phone-input");
  });
});
