import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { storeConsent } from "./support/consent";
import { expect, LISTING_OWNER, signedInClient, test } from "./support/fixtures";
import { linkFrom, waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

test("a renter fills their profile, a referee confirms from the e-mail, and only a landlord they enquired with opens their proof document", async ({
  page,
  browser,
  baseURL,
  createUser,
  createListing,
}) => {
  test.slow(); // one long journey: the profile, a referee's e-mail and page, an upload, two landlords
  const site = baseURL ?? "";
  const tag = randomUUID().slice(0, 8);
  const refereeEmail = `referee-${tag}@example.com`;
  const renter = await createUser({ firstName: "Rosa", lastName: "Marin" });
  await storeConsent(page.context(), site);

  // The profile, reached from the settings navigation.
  await signIn(page, renter.email, renter.password, "/settings/profile");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Renter Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Renter profile" })).toBeVisible();
  await expect(page.getByLabel("Findable by landlords")).not.toBeChecked();
  // Bad input is refused with a clear message, in the browser as on the server.
  await page.getByLabel("Weekly budget ($)").fill("12.50");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Please enter whole dollars a week, from $50 to $10,000.")).toBeVisible();
  await expect(page.getByLabel("Weekly budget ($)")).toBeFocused();

  await page.getByLabel("About me").fill(`Nurse on rotation at the Royal Melbourne, quiet and tidy (${tag}).`);
  await page.getByLabel("Occupation").selectOption("working");
  await page.getByLabel("Institution or employer").fill("Royal Melbourne Hospital");
  await page.getByLabel("Earliest move-in").fill("2027-02-01");
  await page.getByLabel("Latest move-in").fill("2027-03-01");
  await page.getByLabel("Stay length").selectOption("6");
  await page.getByLabel("Weekly budget ($)").fill("420");
  await page.getByLabel("Area 1").fill("Carlton");
  await page.getByLabel("Area 2").fill("3000");
  await page.getByLabel("Languages (separated by commas)").fill("English, Spanish");
  await page.getByLabel("Pets").selectOption("no");
  await page.getByLabel("Findable by landlords").check();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved").first()).toBeVisible();
  await expect(page.getByLabel("Area 1")).toHaveValue("Carlton");
  await expect(page.getByLabel("Smoking")).toHaveValue("undisclosed");
  await expect(page.getByLabel("Findable by landlords")).toBeChecked();

  // A referee, e-mailed a one-click link.
  const addReference = page.getByRole("form", { name: "Add a reference" });
  await addReference.getByLabel("Name").fill("Alex Referee");
  await addReference.getByLabel("Relationship").fill("Previous landlord");
  await addReference.getByLabel("E-mail").fill(refereeEmail);
  await addReference.getByRole("button", { name: "Send confirmation e-mail" }).click();
  await expect(page.getByText("Reference added").first()).toBeVisible();
  await expect(page.getByText("Waiting for confirmation")).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail(page.request, refereeEmail, "Rosa Marin named you as a reference");
  const link = linkFrom(mail, site);
  expect(link).toContain("/reference/");

  // The referee has no account: the link asks, the button confirms, once.
  const refereeContext = await browser.newContext();
  await storeConsent(refereeContext, site);
  const referee = await refereeContext.newPage();
  try {
    await referee.goto(link);
    await expect(referee.getByRole("heading", { level: 1, name: "Confirm a reference" })).toBeVisible();
    await expect(referee.getByText(/Rosa Marin named you, Alex Referee, as a reference/)).toBeVisible();
    await expectNoAxeViolations(referee);
    await captureScreens(referee, "reference-confirm");
    await referee.getByRole("button", { name: "Confirm the reference" }).click();
    await expect(referee.getByRole("heading", { level: 1, name: "Reference confirmed" })).toBeVisible();
    await expectNoAxeViolations(referee);
    // The same link again is refused, clearly.
    await referee.goto(link);
    await expect(referee.getByRole("alert")).toHaveText(
      "This reference was already confirmed with this link. Nothing more to do.",
    );
  } finally {
    await refereeContext.close();
  }

  await page.reload();
  await expect(page.getByText("Reference confirmed", { exact: true })).toBeVisible();

  // A proof document, never public.
  const upload = page.getByRole("form", { name: "Proof of income or enrolment" });
  await upload.getByLabel("What it shows").selectOption("income");
  await upload
    .getByLabel("File")
    .setInputFiles({ name: "notes.txt", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("This file is not a PDF or an image we can read.")).toBeVisible();
  await page
    .getByRole("form", { name: "Proof of income or enrolment" })
    .getByLabel("File")
    .setInputFiles({ name: "payslip.pdf", mimeType: "application/pdf", buffer: PDF });
  await page
    .getByRole("form", { name: "Proof of income or enrolment" })
    .getByRole("button", { name: "Upload document" })
    .click();
  await expect(page.getByText("Document uploaded").first()).toBeVisible();
  const documentPath = await page.getByRole("link", { name: "Open document" }).getAttribute("href");
  expect(documentPath).toMatch(/^\/settings\/renter-documents\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-renter-profile");

  // The renter enquires about LISTING_OWNER's room; that landlord may open the document, another may not.
  const listing = await createListing();
  const renterClient = await signedInClient(site, renter);
  const owner = await signedInClient(site, LISTING_OWNER);
  const otherLandlord = await signedInClient(site, { email: "landlord@example.com", password: LISTING_OWNER.password });
  try {
    expect((await owner.get(documentPath ?? "")).status()).toBe(404);
    const enquired = await renterClient.post(`/listing/${listing.id}`, {
      form: { moveInDate: "2027-02-01", leaseMonths: "6", message: "Hello, could I view the room?", phone: "" },
      maxRedirects: 0,
    });
    expect(enquired.status()).toBeLessThan(400);

    // The landlord finds the document on the enquiry, from the e-mail's link to the thread.
    const landlordMail = await waitForMail(page.request, LISTING_OWNER.email, `New enquiry about ${listing.title}`);
    const ownerContext = await browser.newContext({ baseURL: site });
    try {
      await storeConsent(ownerContext, site);
      await ownerContext.addCookies((await owner.storageState()).cookies);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(new URL(linkFrom(landlordMail, site)).pathname);
      await expect(ownerPage.getByText("Enquiry from Rosa M.")).toBeVisible();
      await expect(ownerPage.getByText("Proof of income", { exact: true })).toBeVisible();
      await expect(ownerPage.getByRole("link", { name: "Open document" })).toHaveAttribute("href", documentPath ?? "");
      await expectNoAxeViolations(ownerPage);
      await captureScreens(ownerPage, "enquiry-thread-renter-document");
    } finally {
      await ownerContext.close();
    }
    const opened = await owner.get(documentPath ?? "");
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    expect((await opened.body()).equals(PDF)).toBe(true);
    const refused = await otherLandlord.get(documentPath ?? "");
    expect(refused.status()).toBe(404);
    expect((await refused.body()).includes("%PDF")).toBe(false);
  } finally {
    await Promise.all([renterClient.dispose(), owner.dispose(), otherLandlord.dispose()]);
  }
});
