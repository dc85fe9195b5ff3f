import type { Browser, Page } from "@playwright/test";
import { storeConsent } from "./consent";
import { signedInClient, type TestUser } from "./fixtures";

/** A second browser, signed in as `user` with cookies already chosen, for the other side of a journey. */
export async function pageAs(
  browser: Browser,
  baseURL: string,
  user: Pick<TestUser, "email" | "password">,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await storeConsent(context, baseURL);
  const client = await signedInClient(baseURL, user);
  try {
    await context.addCookies((await client.storageState()).cookies);
  } finally {
    await client.dispose();
  }
  return context.newPage();
}
