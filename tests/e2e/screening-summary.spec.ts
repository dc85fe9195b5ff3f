import { randomUUID } from "node:crypto";
import type { Locator } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { DEMO_PASSWORD, signIn } from "./support/auth";
import { storeConsent } from "./support/consent";
import { expect, LISTING_OWNER, signedInClient, test } from "./support/fixtures";
import { captureScreens } from "./support/screenshots";

/** A summary section's facts as the reader meets them: label, status, words. */
async function factsOf(section: Locator): Promise<string[]> {
  // Every summary has its eight facts: waited for, as a page reached by navigation may still be rendering.
  await expect(section.getByRole("listitem")).toHaveCount(8);
  return section.getByRole("listitem").evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll(":scope > div > span, :scope > p"))
        .map((cell) => cell.textContent?.trim())
        .join(" | "),
    ),
  );
}

test("a verified renter sees what the landlord sees before sending; the landlord sees the same and filters the inbox by it", async ({
  page,
  browser,
  baseURL,
  createUser,
  createListing,
}) => {
  test.slow(); // one journey: identity check, profile, enquiry, both sides of the thread, the inbox
  const site = baseURL ?? "";
  const tag = randomUUID().slice(0, 8);
  const renter = await createUser({ firstName: "Nina", lastName: "Okafor" });
  const listing = await createListing({ billsEstimate: "30", minLeaseMonths: "3", maxLeaseMonths: "12" });
  await storeConsent(page.context(), site);

  // The renter verifies their identity through the sandbox provider and completes their profile.
  await signIn(page, renter.email, renter.password, "/settings/account");
  await page.getByRole("button", { name: "Verify my identity" }).click();
  await page.getByLabel("Verified").check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/settings\/account/);
  await page.goto("/settings/renter-profile");
  await page.getByLabel("About me").fill(`Graduate nurse starting at the Alfred, quiet and tidy (${tag}).`);
  await page.getByLabel("Occupation").selectOption("working");
  await page.getByLabel("Institution or employer").fill("The Alfred");
  await page.getByLabel("Earliest move-in").fill("2027-02-01");
  await page.getByLabel("Stay length").selectOption("6");
  await page.getByLabel("Weekly budget ($)").fill("420");
  await page.getByLabel("Area 1").fill("Carlton");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved").first()).toBeVisible();

  // Before sending: the enquiry form shows what the landlord will see, and follows the form's choices.
  await page.goto(`/listing/${listing.id}`);
  const preview = page.getByRole("region", { name: "What the landlord sees" });
  await expect(preview).toContainText("No move-in date chosen");
  await page.getByLabel("Move-in date").fill("2027-02-01");
  await page.getByLabel("Lease length").selectOption("6");
  await page.getByLabel("Message").fill("Hello, could I see the room next week?");
  await page.getByLabel("Phone (optional)").fill("0412 345 678");
  await expect(preview).toContainText("6 months, within the 3–12 month lease");
  const previewed = await factsOf(preview);
  expect(previewed).toEqual([
    "ID | Met | ID verified",
    "E-mail address | Met | E-mail address verified",
    "Phone number | Not met | Phone number given, not verified",
    "Renter profile | Met | Renter profile complete",
    "References | Not met | No reference confirmed",
    "Stay length | Met | 6 months, within the 3–12 month lease",
    "Move-in date | Met | 1 February 2027; the room is available from 4 January 2027",
    "Weekly budget | Met | $420/week covers the all-in cost of $380/week",
  ]);
  await expectNoAxeViolations(page);
  await preview.scrollIntoViewIfNeeded(); // the enquiry box scrolls on its own on wide screens
  await captureScreens(page, "listing-enquiry-screening-preview");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await page.getByRole("link", { name: "Open the conversation" }).click();
  await expect(page).toHaveURL(/\/settings\/enquiries\/[0-9a-f-]{36}$/);
  const threadPath = new URL(page.url()).pathname;

  // The renter's side of the thread: the same summary, under the same heading.
  expect(await factsOf(page.getByRole("region", { name: "What the landlord sees" }))).toEqual(previewed);
  await expectNoAxeViolations(page);

  // The landlord's side: the identical summary as "Screening summary".
  const ownerContext = await browser.newContext({ baseURL: site });
  const owner = await signedInClient(site, LISTING_OWNER);
  try {
    await storeConsent(ownerContext, site);
    await ownerContext.addCookies((await owner.storageState()).cookies);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(threadPath);
    await expect(ownerPage.getByText("Enquiry from Nina O.")).toBeVisible();
    expect(await factsOf(ownerPage.getByRole("region", { name: "Screening summary" }))).toEqual(previewed);
    await expectNoAxeViolations(ownerPage);
    await captureScreens(ownerPage, "enquiry-thread-screening-summary");

    // The inbox filtered by the facts, with a plain GET form: a link anyone can share or reload.
    await ownerPage.goto("/settings/enquiries");
    const filters = ownerPage.getByRole("group", { name: "Show enquiries about your listings where" });
    await filters.getByLabel("ID verified").check();
    await filters.getByLabel("Stay length fits the lease").check();
    await ownerPage.getByRole("button", { name: "Filter enquiries" }).click();
    await expect(ownerPage).toHaveURL(/met=identity&met=stay/);
    await expect(ownerPage.getByRole("status").filter({ hasText: "every fact you chose" })).toBeVisible();
    await expect(ownerPage.locator(`a[href="${threadPath}"]`)).toBeVisible();
    await expectNoAxeViolations(ownerPage);
    await captureScreens(ownerPage, "enquiries-screening-filters");
    await ownerPage
      .getByRole("group", { name: "Show enquiries about your listings where" })
      .getByLabel("A reference confirmed")
      .check();
    await ownerPage.getByRole("button", { name: "Filter enquiries" }).click();
    await expect(ownerPage).toHaveURL(/met=references/);
    await expect(ownerPage.locator(`a[href="${threadPath}"]`)).toHaveCount(0);

    // Malformed filters are ignored; another person's conversation shows no summary at all.
    const malformed = await owner.get("/settings/enquiries?met=phone&met[]=x&met=%3Cscript%3E");
    expect(malformed.status()).toBe(200);
    expect(await malformed.text()).not.toContain("every fact you chose");
    const nul = await owner.get("/settings/enquiries.data?met=%00");
    expect(nul.status()).toBe(400);
    expect(await nul.text()).toContain("null character");
    const stranger = await signedInClient(site, await createUser());
    try {
      for (const path of [threadPath, `${threadPath}.data`]) {
        const refused = await stranger.get(path);
        expect(refused.status()).toBe(404);
        const body = await refused.text();
        expect(body).not.toContain("Renter profile complete");
        expect(body).not.toContain("Nina");
      }
    } finally {
      await stranger.dispose();
    }

    // Once the conversation is reported, staff reviewing it see what the landlord saw.
    await ownerPage.goto(threadPath);
    await ownerPage.getByRole("button", { name: "Report this conversation" }).click();
    await expect(ownerPage.getByRole("button", { name: "Report this conversation" })).toHaveCount(0);
    const staffContext = await browser.newContext({ baseURL: site });
    const staffClient = await signedInClient(site, { email: "staff@example.com", password: DEMO_PASSWORD });
    try {
      await storeConsent(staffContext, site);
      await staffContext.addCookies((await staffClient.storageState()).cookies);
      const staffPage = await staffContext.newPage();
      await staffPage.goto("/admin/enquiries");
      const entry = staffPage
        .getByRole("listitem")
        .filter({ has: staffPage.getByRole("heading", { name: listing.title }) });
      expect(await factsOf(entry.getByRole("region", { name: "Screening summary" }))).toEqual(previewed);
      await expectNoAxeViolations(staffPage);
    } finally {
      await staffClient.dispose();
      await staffContext.close();
    }
  } finally {
    await owner.dispose();
    await ownerContext.close();
  }
});
