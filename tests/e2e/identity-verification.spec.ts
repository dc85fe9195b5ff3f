import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { payCheckout } from "./support/billing";
import { expect, LISTING_OWNER, signedInClient, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";
import { storeConsent } from "./support/consent";
import { pageAs } from "./support/second-browser";

// Consent already given, so the cookie banner does not cover the forms in screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await storeConsent(context, baseURL);
});

/** From the account page through the sandbox provider's page, with the chosen test outcome. */
async function verifyThroughSandbox(page: Page, button: string, outcome: string) {
  await page.goto("/settings/account");
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/identity\/sandbox\/vs_sbx_/);
  await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await page.getByLabel(outcome).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/settings\/account#identity$/);
}

const identityState = (page: Page) => page.getByTestId("identity-state");

test("a renter verifies through the sandbox, and the landlord sees “ID verified” on the enquiry", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  test.slow(); // one long journey: two people, eight page loads, axe and screenshots
  const listing = await createListing();
  const renter = await createUser({ firstName: "Rita", lastName: "Okafor" });
  await signInAs(renter);

  await page.goto("/settings/account");
  await expect(identityState(page)).toHaveText("Not verified");
  await expectNoAxeViolations(page);
  await captureScreens(page, "identity-not-verified");

  await page.getByRole("button", { name: "Verify my identity" }).click();
  await expect(page).toHaveURL(/\/identity\/sandbox\/vs_sbx_/);
  await expect(page.getByText("Test mode · sandbox")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "identity-sandbox");
  const sandboxUrl = page.url();
  await page.getByLabel("Country that issued the document").selectOption("NZ");
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/settings\/account#identity$/);
  await expect(identityState(page)).toHaveText(/^Verified on \d{1,2} \w+ \d{4} until \d{1,2} \w+ \d{4}$/);
  await expect(page.getByText("Document issued in New Zealand.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Verify/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await captureScreens(page, "identity-verified");

  // The finished session's page is gone; so is anyone else's.
  const again = await page.goto(sandboxUrl);
  expect(again?.status()).toBe(404);

  await page.goto(`/listing/${listing.id}`);
  await page.getByLabel("Move-in date").fill("2030-03-01");
  await page.getByLabel("Lease length").selectOption("6");
  await page.getByLabel("Message").fill("Hello, I would like to see the room.");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Enquiry sent")).toBeVisible();

  const landlord = await pageAs(browser, baseURL ?? "", LISTING_OWNER);
  try {
    await landlord.goto("/settings/enquiries");
    const row = landlord.getByRole("link").filter({ hasText: listing.title });
    await expect(row).toContainText("From Rita O.");
    await expect(row.getByText("ID verified")).toBeVisible();
    await expectNoAxeViolations(landlord);
    await captureScreens(landlord, "identity-enquiries-inbox");
    await row.click();
    await expect(landlord.getByRole("heading", { name: listing.title })).toBeVisible();
    // The badge beside the renter's name comes first; the screening summary below names the same fact.
    await expect(landlord.getByText("ID verified").first()).toBeVisible();
    await expect(landlord.getByRole("list", { name: "Screening summary" })).toContainText("ID verified");
    await expectNoAxeViolations(landlord);
    await captureScreens(landlord, "identity-enquiry-thread");
  } finally {
    await landlord.context().close();
  }
});

test("the failure outcomes show their reason and a retry; another person's session is not found", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
}) => {
  const renter = await createUser({ firstName: "Dev", lastName: "Patel" });
  await signInAs(renter);

  await verifyThroughSandbox(page, "Verify my identity", "Document unreadable");
  await expect(identityState(page)).toHaveText("Failed");
  await expect(page.getByText("Your document could not be read.")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "identity-failed");

  await verifyThroughSandbox(page, "Try again", "Selfie mismatch");
  await expect(identityState(page)).toHaveText("Failed");
  await expect(page.getByText("Your selfie did not match the photo on your document.")).toBeVisible();

  // A session left open, tried by someone else: not found, and it stays the owner's to finish.
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/identity\/sandbox\/vs_sbx_/);
  const sandboxUrl = page.url();
  const other = await pageAs(browser, baseURL ?? "", LISTING_OWNER);
  try {
    const response = await other.goto(sandboxUrl);
    expect(response?.status()).toBe(404);
    const post = await other.request.post(sandboxUrl, {
      form: { outcome: "verified", documentCountry: "AU" },
      headers: { origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(404);
  } finally {
    await other.context().close();
  }
  await page.goto("/settings/account");
  await expect(identityState(page)).toHaveText("Pending");
});

test("a landlord verifies, and their listing shows “Landlord ID verified”", async ({
  page,
  baseURL,
  createUser,
  signInAs,
}) => {
  test.slow(); // a subscription, a listing and a check before the listing page is looked at
  const landlord = await createUser({ firstName: "Lena", lastName: "Marsh" });
  await signInAs(landlord);
  await page.goto("/settings/billing");
  await page.getByRole("button", { name: "Upgrade to Landlord" }).click();
  await payCheckout(page);
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);

  const title = `Verified landlord's room ${randomUUID().slice(0, 8)}`;
  const client = await signedInClient(baseURL ?? "", landlord);
  try {
    const saved = await client.post("/list-property", {
      form: {
        title,
        description: "A furnished room for a test.",
        weeklyRent: "350",
        availableFrom: "2027-01-04",
        country: "Australia",
        photos: "[]",
      },
      maxRedirects: 0,
    });
    expect(saved.headers().location, "listing saved").toBe("/settings/properties");
    const properties = await client.get(`/settings/properties?q=${encodeURIComponent(title)}`);
    const id = /\/list-property\?edit=([0-9a-f-]{36})/.exec(await properties.text())?.[1];
    if (!id) throw new Error("the new listing is not on the landlord's properties page");

    await page.goto(`/listing/${id}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Landlord ID verified")).toHaveCount(0);

    await verifyThroughSandbox(page, "Verify my identity", "Verified");
    await expect(identityState(page)).toHaveText(/^Verified on /);

    await page.goto(`/listing/${id}`);
    await expect(page.getByText("Landlord ID verified")).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "identity-landlord-listing");
  } finally {
    await client.dispose();
  }
});
