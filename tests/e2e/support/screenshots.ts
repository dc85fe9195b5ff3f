import path from "node:path";
import type { Page } from "@playwright/test";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Saves full-page screenshots of the current URL at desktop and mobile widths under
 * test-results/screenshots/, for people to look at; restores the viewport afterwards. Only with
 * E2E_SCREENSHOTS set (`npm run test:screens`): two full-page PNGs a call are minutes of a suite run
 * that nobody looks at.
 */
export async function captureScreens(page: Page, name: string): Promise<string[]> {
  if (!process.env.E2E_SCREENSHOTS) return [];
  const original = page.viewportSize();
  const files: string[] = [];
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    const file = path.join("test-results", "screenshots", `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  return files;
}
