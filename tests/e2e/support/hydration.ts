import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until JavaScript has taken over the controls in `scope` (they carry `data-hydrated` from
 * then on). Before that a click is the control's no-script behaviour (a page post or a link), so a
 * test of the scripted behaviour waits here instead of retrying clicks.
 */
export async function hydrated<Scope extends Page | Locator>(scope: Scope): Promise<Scope> {
  await expect(scope.locator("[data-hydrated]").first()).toBeAttached();
  return scope;
}
