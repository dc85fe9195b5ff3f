import { expect, type Page } from "@playwright/test";

/**
 * Picks a day (yyyy-MM-dd) in the date picker labelled `label`: opens it, moves a month at a time
 * towards the day with the calendar's own buttons, and presses the day.
 */
export async function pickDate(page: Page, label: string, isoDay: string): Promise<void> {
  const calendar = page.getByRole("dialog");
  const shownMonth = calendar.locator("td[data-day]:not([data-outside])").first();
  // Retried: a press before the picker's code has loaded does nothing.
  await expect(async () => {
    await page.getByRole("button", { name: label, exact: true }).click();
    await expect(shownMonth).toBeVisible({ timeout: 2000 });
  }).toPass();
  const target = isoDay.slice(0, 7);
  for (let moves = 0; moves < 120; moves++) {
    const shown = ((await shownMonth.getAttribute("data-day")) ?? "").slice(0, 7);
    if (shown === target) break;
    const before = await shownMonth.getAttribute("data-day");
    await calendar.getByRole("button", { name: shown < target ? /next month/i : /previous month/i }).click();
    await expect(shownMonth).not.toHaveAttribute("data-day", before ?? "");
  }
  await calendar.locator(`td[data-day="${isoDay}"]:not([data-outside]) button`).click();
  await expect(calendar).toBeHidden();
}
