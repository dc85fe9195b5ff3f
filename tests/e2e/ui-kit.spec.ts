import { format, parse } from "date-fns";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";

/** Opens the UI kit and waits until React has hydrated it, so the widgets answer the keyboard. */
async function openKit(page: Page, path = "/dev/ui"): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator("main div[data-hydrated=true]")).toBeAttached();
}

/** The yyyy-MM-dd of the calendar day that has keyboard focus. */
async function focusedIsoDay(calendar: Locator): Promise<string> {
  const day = calendar.locator("td[data-day]:has(button:focus)");
  await expect(day).toHaveCount(1);
  return (await day.getAttribute("data-day")) ?? "";
}

const displayDate = (iso: string) => format(parse(iso, "yyyy-MM-dd", new Date()), "d MMM yyyy");

test.describe("UI kit (/dev/ui)", () => {
  test("renders every section without console errors and passes axe", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await openKit(page);

    await expect(page.getByRole("heading", { level: 1, name: "UI kit" })).toBeVisible();
    for (const name of ["Buttons", "Badges", "Form controls", "Dialogs", "Menus and tooltips", "Tabs", "Table"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    expect(errors).toEqual([]);

    // The table's scroll box becomes a tab stop only while it overflows (on a phone).
    const tableScroller = page.locator("div:has(> table)");
    await expect(tableScroller).not.toHaveAttribute("tabindex");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tableScroller).toHaveAttribute("tabindex", "0");
    await expectNoAxeViolations(page);
    await captureScreens(page, "ui-kit");
  });

  test("dialog opens with Enter, keeps focus inside, closes with Escape and returns focus", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Open dialog" });
    await trigger.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Subscription Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Note" })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("alert dialog starts on Cancel and returns focus when cancelled", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Delete post" });
    await trigger.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("alertdialog", { name: "Delete this post?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("dropdown menu opens from the keyboard, moves with arrow keys and skips disabled items", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Listing actions" });
    await trigger.focus();
    await page.keyboard.press("Enter");

    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemcheckbox", { name: "Featured" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
    await expect(page.getByTestId("last-action")).toHaveText("Last action: duplicate");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("tabs move and activate with the arrow keys, Home and End", async ({ page }) => {
    await openKit(page);
    const tablist = page.getByRole("tablist", { name: "Listing sections" });
    const details = tablist.getByRole("tab", { name: "Details" });
    const location = tablist.getByRole("tab", { name: "Location" });
    const photos = tablist.getByRole("tab", { name: "Photos" });

    await details.focus();
    await page.keyboard.press("ArrowRight");
    await expect(location).toBeFocused();
    await expect(location).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveText("Five minutes' walk to Parliament station.");

    await page.keyboard.press("End");
    await expect(photos).toBeFocused();
    await expect(photos).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(details).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(photos).toBeFocused();
    await page.keyboard.press("Home");
    await expect(details).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveText("Two bedrooms, shared bathroom, bills included.");
  });

  test("select opens from the keyboard and picks an option with the arrow keys", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("combobox", { name: "Sort by" });
    await expect(trigger).toHaveText("Newest first");
    await trigger.focus();
    await page.keyboard.press("Enter");

    const listbox = page.getByRole("listbox");
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole("option", { name: "Newest first" })).toBeFocused();
    // Radix moves focus a tick after each key press, so wait for it as a person would.
    await page.keyboard.press("ArrowDown");
    await expect(listbox.getByRole("option", { name: "Oldest first" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(listbox.getByRole("option", { name: "Rent: low to high" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(listbox).toBeHidden();
    await expect(trigger).toHaveText("Rent: low to high");
    await expect(trigger).toBeFocused();
    await expect(page.getByTestId("sort-value")).toHaveText("Sort value: rent-asc");
  });

  test("tooltip waits 700 ms on hover and shows at once on keyboard focus", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Add to favourites" });
    const tooltip = page.getByRole("tooltip", { name: "Add to favourites" });
    await trigger.scrollIntoViewIfNeeded();

    // Time the delay inside the page, so a slow test machine cannot make it look shorter than it is.
    const delay = page.evaluate(
      (label) =>
        new Promise<number>((resolve) => {
          const button = document.querySelector(`[aria-label="${label}"]`);
          button?.addEventListener(
            "pointerenter",
            () => {
              const start = performance.now();
              const observer = new MutationObserver(() => {
                if (!document.querySelector("[role=tooltip]")) return;
                observer.disconnect();
                resolve(performance.now() - start);
              });
              observer.observe(document.body, { childList: true, subtree: true });
            },
            { once: true },
          );
        }),
      "Add to favourites",
    );
    await trigger.hover();
    await expect(tooltip).toBeVisible();
    expect(await delay).toBeGreaterThanOrEqual(650);

    // Several moves: Radix keeps the tooltip open while the pointer could still be heading for it.
    await page.mouse.move(5, 400, { steps: 5 });
    await expect(tooltip).toBeHidden();
    await trigger.focus();
    await expect(tooltip).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tooltip).toBeHidden();
  });

  test("date picker is chosen with the keyboard and shows the day in en-AU format", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Available from", exact: true });
    await expect(trigger).toHaveText("Pick a date");
    await trigger.focus();
    await page.keyboard.press("Enter");

    const calendar = page.getByRole("dialog");
    await expect(calendar.getByRole("grid")).toBeVisible();
    const start = await focusedIsoDay(calendar);
    await expectNoAxeViolations(page);

    // A week on, then a day back: six days after the day that had focus on opening.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowLeft");
    const chosen = await focusedIsoDay(calendar);
    expect(chosen > start).toBe(true);
    await page.keyboard.press("Enter");

    await expect(calendar).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveText(displayDate(chosen));
    await expect(trigger).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(page.getByTestId("available-from-value")).toHaveText(`Chosen: ${displayDate(chosen)}`);

    // Reopening focuses the chosen day; Page Down moves a month, Escape closes without changing it.
    await page.keyboard.press("Enter");
    expect(await focusedIsoDay(calendar)).toBe(chosen);
    const caption = await calendar.getByRole("status").textContent();
    await page.keyboard.press("PageDown");
    await expect(calendar.getByRole("status")).not.toHaveText(caption ?? "");
    await page.keyboard.press("Escape");
    await expect(calendar).toBeHidden();
    await expect(trigger).toHaveText(displayDate(chosen));
  });

  test("date picker with a name submits its ISO date in a plain form", async ({ page }) => {
    await openKit(page);
    const trigger = page.getByRole("button", { name: "Move-in date (plain form)" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog");
    await page.keyboard.press("ArrowRight");
    const chosen = await focusedIsoDay(calendar);
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveText(displayDate(chosen));
    await expect(page.locator('input[type=hidden][name="moveIn"]')).toHaveValue(chosen);
    // The calendar hands focus back to its button as it closes; Tab from there.
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]moveIn=${chosen}`));
    await expect(page.getByTestId("move-in-submitted")).toHaveText(`Submitted: ${chosen}`);
    await expect(trigger).toHaveText(displayDate(chosen));
  });

  test("pagination renders real links with the current page marked", async ({ page }) => {
    await openKit(page, "/dev/ui?page=10");
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.getByRole("link", { name: "Page 10", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/dev/ui?page=9#pagination");
    await expect(nav.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/dev/ui?page=11#pagination");
    await expect(nav.getByRole("link", { name: /^Page / })).toHaveText(["1", "9", "10", "11", "20"]);

    await nav.getByRole("link", { name: "Page 20", exact: true }).click();
    await expect(page).toHaveURL(/\?page=20#pagination$/);
    await expect(page.getByTestId("current-page")).toHaveText("Page 20 of 20");
    await expect(nav.getByRole("link", { name: "Page 20", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
    await expect(nav.getByRole("link", { name: "Next" })).not.toHaveAttribute("href");
  });
});

test.describe("UI kit without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pagination links still navigate", async ({ page }) => {
    await page.goto("/dev/ui?page=3");
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.getByRole("link", { name: "Page 3", exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=4#pagination$/);
    await expect(page.getByTestId("current-page")).toHaveText("Page 4 of 20");
  });
});
