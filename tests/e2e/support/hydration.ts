import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until JavaScript has taken over the controls in `scope` (they carry `data-hydrated` from
 * then on). Before that a click is the control's no-script behaviour (a page post or a link), so a
 * test of the scripted behaviour waits here instead of retrying clicks. Parts whose code loads at
 * the visitor's first intent (`lazyOnIntent`) get one first: a Shift key press, which does nothing else.
 */
export async function hydrated<Scope extends Page | Locator>(scope: Scope): Promise<Scope> {
  const page = "keyboard" in scope ? (scope as Page) : (scope as Locator).page();
  await page.keyboard.press("Shift");
  await expect(scope.locator("[data-hydrated]").first()).toBeAttached();
  return scope;
}
