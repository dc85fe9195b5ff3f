import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { storeConsent } from "./support/consent";
import { expect, LISTING_OWNER, test } from "./support/fixtures";
import { linkFrom, waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

test("a renter becomes findable, an active landlord finds them with filters and invites them, and the renter accepts from the e-mail", async ({
  page,
  browser,
  baseURL,
  createUser,
  createListing,
}) => {
  test.slow(); // one long journey: two people, a search, an e-mail and a conversation
  const site = baseURL ?? "";
  const tag = randomUUID().slice(0, 8);
  const about = `Physiotherapy student, early riser, keeps things tidy (${tag}).`;
  const renter = await createUser({ firstName: "Noor", lastName: "Haddad" });
  const listing = await createListing({ title: `Sunny room near the park ${tag}` });
  await storeConsent(page.context(), site);

  // The renter makes their profile findable.
  await signIn(page, renter.email, renter.password, "/settings/renter-profile");
  await page.getByLabel("About me").fill(about);
  await page.getByLabel("Occupation").selectOption("studying");
  await page.getByLabel("Institution or employer").fill("La Trobe University");
  await page.getByLabel("Earliest move-in").fill("2027-01-10");
  await page.getByLabel("Latest move-in").fill("2027-02-15");
  await page.getByLabel("Stay length").selectOption("9");
  // A budget no other renter of the suite states, so the filters single them out.
  await page.getByLabel("Weekly budget ($)").fill("9870");
  await page.getByLabel("Area 1").fill("Carlton");
  await page.getByLabel("Languages (separated by commas)").fill("English, Arabic");
  await page.getByLabel("Findable by landlords").check();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn invitations off" })).toBeVisible();

  // An active landlord finds them with filters.
  const landlordContext = await browser.newContext();
  await storeConsent(landlordContext, site);
  const landlord = await landlordContext.newPage();
  try {
    await signIn(landlord, LISTING_OWNER.email, LISTING_OWNER.password, "/settings/profile");
    await landlord.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Find Renters" }).click();
    await expect(landlord.getByRole("heading", { level: 1, name: "Find renters" })).toBeVisible();
    await landlord.getByLabel("Weekly rent ($)").fill("9860");
    await landlord.getByLabel("Move-in date").fill("2027-01-20");
    await landlord.getByLabel("Stay of at least").selectOption("6");
    await landlord.getByLabel("Area").selectOption({ label: "Carlton" });
    await landlord.getByRole("button", { name: "Search renters" }).click();
    await expect(landlord).toHaveURL(/budget=9860/);
    const card = landlord.getByRole("listitem").filter({ hasText: about });
    await expect(card.getByRole("heading", { name: "Noor H." })).toBeVisible();
    await expect(card).toContainText("$9,870 a week");
    await expect(card).toContainText("9 months");
    await expect(card).not.toContainText(renter.email);
    // A filter the renter does not meet leaves them out.
    await landlord.getByLabel("ID verified only").check();
    await landlord.getByRole("button", { name: "Search renters" }).click();
    await expect(landlord.getByText(about)).toHaveCount(0);
    await landlord.getByLabel("ID verified only").uncheck();
    await landlord.getByRole("button", { name: "Search renters" }).click();
    await expectNoAxeViolations(landlord);
    await captureScreens(landlord, "settings-renters");

    // The invitation, to one of the landlord's own rooms.
    await card.getByText("Invite Noor H. to view a room").click();
    await card.getByLabel("Room").selectOption(listing.id);
    await card.getByLabel("Message").fill("Hi Noor, my room is near La Trobe's city campus. Would you like to see it?");
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(landlord.getByText("Invitation sent").first()).toBeVisible();
    await expect(landlord.getByText(/Messages open once Noor H\. accepts it/)).toBeVisible();
    await expect(landlord.getByLabel("Your reply")).toHaveCount(0);

    // The renter is e-mailed, and answers on the site.
    const mail = await waitForMail(page.request, renter.email, /An invitation to view/);
    const link = linkFrom(mail, site);
    expect(link).toMatch(/\/settings\/enquiries\/[0-9a-f-]{36}$/);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Mei L. invites you to view this room" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "invitation-thread");
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(page.getByText("Invitation accepted").first()).toBeVisible();
    await expect(page.getByText("The renter accepted the invitation.")).toBeVisible();

    // The conversation carries on as an enquiry, in the renter's inbox too.
    await page.getByLabel("Your reply").fill("Yes please! Could I come on Saturday morning?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Message sent").first()).toBeVisible();
    await page.goto("/settings/enquiries");
    const row = page.getByRole("listitem").filter({ hasText: listing.title });
    await expect(row.getByText("Invited", { exact: true })).toBeVisible();

    await landlord.goto(new URL(link).pathname);
    await expect(landlord.getByText("Yes please! Could I come on Saturday morning?")).toBeVisible();
    await expect(landlord.getByText(renter.email)).toHaveCount(0);
    await landlord.getByLabel("Your reply").fill("Saturday at 10 works. See you then.");
    await landlord.getByRole("button", { name: "Send" }).click();
    await expect(landlord.getByText("Message sent").first()).toBeVisible();
  } finally {
    await landlordContext.close();
  }
});
