import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

// Consent already given, so the cookie banner does not cover the forms in screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
});

/** Runs a background task through /dev/alerts (loopback only), optionally as if `days` had passed. */
async function runTask(page: Page, task: "alerts" | "freshness", { days = 0, listingId = "" } = {}) {
  await page.goto("/dev/alerts");
  await page.getByLabel("Days from now").fill(String(days));
  await page.getByLabel("Only this listing (freshness; optional)").fill(listingId);
  await page
    .getByRole("button", { name: task === "alerts" ? "Run saved-search alerts" : "Run listing freshness" })
    .click();
  await expect(page.getByRole("status")).toContainText(task === "alerts" ? "e-mail(s) queued" : "paused");
}

/** The first link in the e-mail's text that starts with `prefix`. */
function linkStartingWith(text: string, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s>"]+`).exec(text);
  if (!match) throw new Error(`no ${prefix} link`);
  return match[0];
}

test("a tenant saves a search, is e-mailed about a new matching room, and unsubscribes without signing in", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const word = `quokka${randomUUID().slice(0, 6)}`;
  const searchPath = `/search?title=${word}`;

  // Signed out: offered sign-in, which returns to the search.
  await page.goto(searchPath);
  await expect(page.getByRole("link", { name: "Sign in to save this search" })).toHaveAttribute(
    "href",
    `/auth?view=sign_in&returnTo=${encodeURIComponent(searchPath)}`,
  );

  const tenant = await createUser({ firstName: "Sam", lastName: "Alerts" });
  await signInAs(tenant);
  await page.goto(searchPath);
  await page.getByText("Save this search").click();
  await expectNoAxeViolations(page);
  await captureScreens(page, "search-save");
  await page.getByLabel("Name", { exact: true }).fill(`Rooms called ${word}`);
  await page.getByLabel("E-mail alerts").selectOption("instant");
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved")).toBeVisible();
  await expect(page).toHaveURL(`${site}${searchPath}`);

  await page.goto("/settings/saved-searches");
  await expect(page.getByRole("heading", { name: "Saved Searches" })).toBeVisible();
  await expect(page.getByText(`Rooms called ${word}`)).toBeVisible();
  // What it looks for, in words rather than parameter names.
  await expect(page.getByText(`“${word}” in the title`, { exact: true })).toBeVisible();
  await expect(page.getByText("Alerts: Instant")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "saved-searches");

  // A matching room is listed; the worker runs; the alert arrives with one-click unsubscribe headers.
  const listing = await createListing({ title: `Sunny ${word} room` });
  await runTask(page, "alerts");
  const mail = await waitForMail(page.request, tenant.email, `A new room for "Rooms called ${word}"`);
  expect(mail.text).toContain(`${site}/listing/${listing.id}`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = linkStartingWith(mail.text, `${site}/unsubscribe/`);
  expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
  // Never the same listing twice.
  await runTask(page, "alerts");
  await expect(page.getByRole("status")).toContainText("0 e-mail(s) queued");

  // Signed out, in another browser: the link asks first, then unsubscribes.
  const signedOut = await browser.newContext({ baseURL: site });
  await signedOut.addCookies([{ name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: site }]);
  const other = await signedOut.newPage();
  await other.goto(unsubscribe);
  await expect(other.getByRole("heading", { name: "Unsubscribe from alerts" })).toBeVisible();
  await expectNoAxeViolations(other);
  await captureScreens(other, "unsubscribe");
  await other.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(other.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await signedOut.close();

  // RFC 8058 one-click POST from a mail provider (no cookies, no Origin) works too; a forged token is refused.
  const client = await playwrightRequest.newContext({ baseURL: site });
  try {
    const oneClick = await client.post(unsubscribe, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    const forged = await client.post(`${unsubscribe.slice(0, -4)}AAAA`, { form: { "List-Unsubscribe": "One-Click" } });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("This unsubscribe link is not valid");
  } finally {
    await client.dispose();
  }

  await page.goto("/settings/saved-searches");
  await expect(page.getByText("Alerts: Off")).toBeVisible();
});

test("a saved search is described in a renter's words: price, stay and room type", async ({
  page,
  createUser,
  signInAs,
}) => {
  await signInAs(await createUser({ firstName: "Ellie", lastName: "Words" }));
  const name = `Ensuites under 400 ${randomUUID().slice(0, 6)}`;
  await page.goto("/search?maxPrice=400&stay=6&roomType=ensuite");
  await page.getByText("Save this search").click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved")).toBeVisible();

  await page.goto("/settings/saved-searches");
  const saved = page.getByRole("listitem").filter({ hasText: name });
  await expect(saved.getByText("Up to $400 a week · 6-month stay · Ensuite", { exact: true })).toBeVisible();
  await expect(saved).not.toContainText("Max $");
  await expect(saved).not.toContainText("Stay (months)");
  await captureScreens(page, "saved-searches-described");
});

test("a landlord is asked after 14 days, the listing is paused after 30 and resumed from the e-mail", async ({
  page,
  browser,
  baseURL,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const word = `wombat${randomUUID().slice(0, 6)}`;
  const listing = await createListing({ title: `Quiet ${word} room` });

  await page.goto(`/search?title=${word}`);
  await expect(page.getByText("Updated today")).toBeVisible();

  await runTask(page, "freshness", { days: 14, listingId: listing.id });
  await expect(page.getByRole("status")).toContainText("1 listing(s) asked about");
  const asked = await waitForMail(page.request, LISTING_OWNER.email, "Is this room still available?");
  expect(asked.text).toContain(`${site}/listing-freshness/${listing.id}.confirm.`);
  expect(asked.text).toContain(`${site}/listing-freshness/${listing.id}.let.`);

  await runTask(page, "freshness", { days: 30, listingId: listing.id });
  await expect(page.getByRole("status")).toContainText("1 paused");
  const paused = await waitForMail(page.request, LISTING_OWNER.email, "Your listing has been paused");
  await page.goto(`/search?title=${word}`);
  await expect(page.getByText("No rooms match your search")).toBeVisible();

  await signInAs(LISTING_OWNER);
  await page.goto(`/settings/properties?q=${word}`);
  await expect(page.getByText("not shown in search")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume listing" })).toBeVisible();
  await captureScreens(page, "properties-paused");

  // The e-mail's resume link works without signing in.
  const signedOut = await browser.newContext({ baseURL: site });
  await signedOut.addCookies([{ name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: site }]);
  const other = await signedOut.newPage();
  await other.goto(linkStartingWith(paused.text, `${site}/listing-freshness/${listing.id}.confirm.`));
  await expect(other.getByRole("heading", { name: "Is this room still available?" })).toBeVisible();
  await expectNoAxeViolations(other);
  await captureScreens(other, "listing-freshness");
  await other.getByRole("button", { name: "Yes, it's still available" }).click();
  await expect(other.getByRole("heading", { name: "Thanks, your listing stays listed" })).toBeVisible();
  await signedOut.close();

  await page.goto(`/search?title=${word}`);
  await expect(page.getByRole("link", { name: `Quiet ${word} room`, exact: true })).toBeVisible();
});
