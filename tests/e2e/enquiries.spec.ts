import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, signedInClient, test } from "./support/fixtures";
import { linkFrom, waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";
import { storeConsent } from "./support/consent";
import { pageAs } from "./support/second-browser";

// Consent already given, so the cookie banner does not cover the forms in screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await storeConsent(context, baseURL);
});

async function enquire(page: Page, message: string) {
  await page.getByLabel("Move-in date").fill("2030-03-01");
  await page.getByLabel("Lease length").selectOption("6");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Enquiry sent")).toBeVisible();
}

test("a tenant enquires, the landlord is e-mailed and replies, the tenant sees the reply and an e-mail", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const listing = await createListing();
  const tenant = await createUser({ firstName: "Tia", lastName: "Nguyen" });

  // Signed out: the form asks for sign-in and comes back to the listing.
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole("link", { name: "Sign in to enquire" })).toHaveAttribute(
    "href",
    `/auth?view=sign_in&returnTo=${encodeURIComponent(`/listing/${listing.id}`)}`,
  );
  await expect(page.locator("body")).not.toContainText(LISTING_OWNER.email);

  await signInAs(tenant);
  await page.goto(`/listing/${listing.id}`);
  // Hydrated: the form has switched from the browser's checks to its own messages.
  await expect(page.getByRole("form", { name: "Enquire" })).toHaveAttribute("novalidate", "");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Please choose your move-in date.")).toBeVisible();
  await expect(page.getByLabel("Move-in date")).toBeFocused();
  await expectNoAxeViolations(page);
  await captureScreens(page, "enquiry-form");
  await enquire(page, "Hi! I'm a nurse at the Royal Melbourne. Could I see the room on Saturday?");
  await captureScreens(page, "enquiry-sent");

  // The landlord gets an e-mail with a link to the thread, and replies there.
  const landlordMail = await waitForMail(page.request, LISTING_OWNER.email, `New enquiry about ${listing.title}`);
  const threadUrl = new URL(linkFrom(landlordMail, site));
  const landlord = await pageAs(browser, site, LISTING_OWNER);
  await landlord.goto("/settings/enquiries");
  await expect(landlord.getByRole("link", { name: new RegExp(listing.title) })).toContainText("New");
  await expectNoAxeViolations(landlord);
  await landlord.goto(threadUrl.pathname);
  await expect(landlord.getByText("Could I see the room on Saturday?")).toBeVisible();
  await expect(landlord.getByText("Enquiry from Tia N.")).toBeVisible();
  await expectNoAxeViolations(landlord);
  await landlord.getByLabel("Your reply").fill("Of course — Saturday at 10am works.");
  await landlord.getByRole("button", { name: "Send", exact: true }).click();
  await expect(landlord.getByRole("list", { name: "Messages" })).toContainText("Saturday at 10am works.");
  await captureScreens(landlord, "enquiry-thread-landlord");

  // The tenant gets an e-mail, an unread count, and sees the reply and the landlord's contact details.
  await waitForMail(page.request, tenant.email, `New message about ${listing.title}`);
  await page.goto("/settings/enquiries");
  await expect(page.getByRole("button", { name: "Account menu, 1 unread enquiry" })).toBeVisible();
  await captureScreens(page, "enquiries-list");
  await page.getByRole("link", { name: new RegExp(listing.title) }).click();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Saturday at 10am works.");
  await expect(page.getByRole("region", { name: "Landlord's contact details" })).toContainText(LISTING_OWNER.email);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await landlord.context().close();
});

test("marking the room let tells the other enquirers politely and lets the listing", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const listing = await createListing();
  const chosen = await createUser({ firstName: "Chosen" });
  const other = await createUser({ firstName: "Other" });
  const otherPage = await pageAs(browser, site, other);
  await otherPage.goto(`/listing/${listing.id}`);
  await enquire(otherPage, "Is the room still available?");
  await signInAs(chosen);
  await page.goto(`/listing/${listing.id}`);
  await enquire(page, "I'd like to take the room.");

  const landlord = await pageAs(browser, site, LISTING_OWNER);
  await landlord.goto("/settings/enquiries");
  // The landlord's inbox also holds other tests' enquirers called Chosen: pick this listing's.
  await landlord.getByRole("link", { name: new RegExp(`${listing.title}.*From Chosen`) }).click();
  await landlord.getByRole("button", { name: "Room let to this tenant" }).click();
  await expect(landlord.getByText("This room has been let. The conversation is closed.")).toBeVisible();

  await waitForMail(page.request, other.email, `New message about ${listing.title}`);
  await otherPage.goto("/settings/enquiries");
  await otherPage.getByRole("link", { name: new RegExp(listing.title) }).click();
  await expect(otherPage.getByText("this room has now been let to someone else")).toBeVisible();
  await expect(otherPage.getByLabel("Your reply")).toHaveCount(0);
  await otherPage.goto(`/listing/${listing.id}`);
  await expect(otherPage.getByRole("heading", { name: "Enquire" })).toHaveCount(0);
  await landlord.context().close();
  await otherPage.context().close();
});

test("a reported conversation reaches the admin area, where staff suspend the sender", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const listing = await createListing();
  const sender = await createUser({ firstName: "Sly" });
  await signInAs(sender);
  await page.goto(`/listing/${listing.id}`);
  await enquire(page, `Pay the holding deposit at pay-${listing.id.slice(0, 8)}.example.com today`);

  const landlord = await pageAs(browser, site, LISTING_OWNER);
  await landlord.goto("/settings/enquiries");
  await landlord.getByRole("link", { name: new RegExp(listing.title) }).click();
  await landlord.getByRole("button", { name: "Report this conversation" }).click();
  await expect(landlord.getByRole("button", { name: "Report this conversation" })).toHaveCount(0);

  const staff = await pageAs(browser, site, { email: "staff@example.com", password: DEMO_PASSWORD });
  await staff.goto("/admin/enquiries");
  const entry = staff.getByRole("listitem").filter({ has: staff.getByRole("heading", { name: listing.title }) });
  await expect(entry).toContainText("reported");
  await expect(entry).toContainText("First message contains a link");
  await expectNoAxeViolations(staff);
  await captureScreens(staff, "admin-enquiries");
  await entry.getByLabel(`Tenant: ${sender.email} — reason`).fill("Deposit scam");
  await entry.getByRole("button", { name: "Suspend sender" }).first().click();
  await expect(entry).toContainText("Suspended");

  // The suspended sender can no longer write.
  await page.goto("/settings/enquiries");
  await page.getByRole("link", { name: new RegExp(listing.title) }).click();
  await page.getByLabel("Your reply").fill("Hello?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Your account can't send messages at the moment.");
  await landlord.context().close();
  await staff.context().close();
});

test("without JavaScript a tenant enquires and the landlord replies with plain form posts", async ({
  browser,
  baseURL,
  createUser,
  createListing,
}) => {
  const site = baseURL ?? "";
  const listing = await createListing();
  const tenant = await createUser({ firstName: "Noah" });
  const context = await browser.newContext({ baseURL: site, javaScriptEnabled: false });
  const client = await signedInClient(site, tenant);
  await context.addCookies((await client.storageState()).cookies);
  await client.dispose();
  const page = await context.newPage();
  await page.goto(`/listing/${listing.id}`);
  await page.getByLabel("Move-in date").fill("2030-04-01");
  await page.getByLabel("Lease length").selectOption("12");
  await page.getByLabel("Message").fill("Writing without scripts.");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Enquiry sent")).toBeVisible();
  await page.getByRole("link", { name: "Open the conversation" }).click();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Writing without scripts.");
  await page.getByLabel("Your reply").fill("And a follow-up, also without scripts.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("And a follow-up, also without scripts.");
  await context.close();
});

test("on a laptop the rent card with the enquiry form stays below the floating header while the form is reached", async ({
  page,
  createUser,
  signInAs,
  createListing,
}) => {
  // A room described at some length, as most are: the page is long enough for the card to stay pinned.
  const details = Array.from({ length: 12 }, (_, line) => `Line ${line + 1} about the room, the house and the street.`);
  const listing = await createListing({ description: ["Furnished room · Bills included", ...details].join("\n") });
  await signInAs(await createUser());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/listing/${listing.id}`);
  const card = page.getByRole("complementary", { name: "Rent" });
  const send = card.getByRole("button", { name: "Send enquiry" });
  await expect(send).toBeAttached();

  // Scrolled past the photos, the card is pinned under the header; the reader then scrolls over the
  // card down to its Send button.
  await card.evaluate((element) => window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - 50));
  const header = page.locator("header[data-scrolled]");
  await expect(header).toHaveAttribute("data-scrolled", "true");
  const cardBox = await card.boundingBox();
  if (!cardBox) throw new Error("the rent card is not laid out");
  await page.mouse.move(cardBox.x + cardBox.width / 2, Math.max(cardBox.y, 0) + 200);
  await expect(async () => {
    await page.mouse.wheel(0, 150);
    await expect(send).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass();

  await (await header.elementHandle())?.waitForElementState("stable");
  const headerBottom = (await header.boundingBox())?.height ?? 0;
  for (const part of [card.getByText("Weekly rent"), card.getByRole("button", { name: /favourites$/ })]) {
    const box = await part.boundingBox();
    expect(box?.y, "below the header").toBeGreaterThanOrEqual(headerBottom);
    // Nothing drawn over it: the element at its centre is the part itself.
    const uncovered = await part.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top !== null && element.contains(top);
    });
    expect(uncovered, "not covered").toBe(true);
  }
  await expectNoAxeViolations(page);
  await captureScreens(page, "listing-enquiry-card");
});
