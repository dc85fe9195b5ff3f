import type { BrowserContext } from "@playwright/test";

/**
 * Stores a cookie choice before the page loads, so the consent banner (fixed at the bottom right,
 * and swapped for its interactive version at the first interaction) cannot end up over what a test
 * clicks between Playwright's hit test and the click.
 */
export async function storeConsent(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
}
