import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { signIn } from "./support/auth";
import { expect, LISTING_OWNER, newClient, signedInClient, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";

test("a landlord's help request comes first in the admin inbox, is answered, and the answer arrives by e-mail and on Help", async ({
  page,
  browser,
  baseURL,
  createUser,
  createListing,
}) => {
  test.slow(); // one long journey: two senders, staff's inbox and answer, mail, axe and screenshots at each step
  const tag = randomUUID().slice(0, 8);
  const renterSubject = `Renter question ${tag}`;
  const landlordSubject = `Landlord question ${tag}`;
  const answer = `Drag the photos into the order you want, then save (${tag}).`;

  // An older request from a renter, sent through the Help form over HTTP.
  const renter = await createUser({ firstName: "Rae", lastName: "Renter" });
  const renterClient = await signedInClient(baseURL ?? "", renter);
  try {
    const sent = await renterClient.post("/settings/help", {
      form: { subject: renterSubject, message: "How do I save a search?" },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(302);
  } finally {
    await renterClient.dispose();
  }

  const room = await createListing();

  // The landlord (active plan) asks on the Help page, reached from the settings navigation.
  await signIn(page, LISTING_OWNER.email, LISTING_OWNER.password, "/settings/profile");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Help" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  await expect(page.getByText(/^Priority support: .* within 1 business day\.$/)).toBeVisible();
  // Empty input is refused with clear messages, in the browser as on the server.
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Please enter a subject.")).toBeVisible();
  await expect(page.getByText("Please describe what you need help with.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Subject").fill(landlordSubject);
  await page.getByLabel("Listing (optional)").selectOption({ label: room.title });
  await page.getByLabel("Message").fill("How do I change the order of my photos?");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Priority request sent").first()).toBeVisible();
  const mine = page.getByRole("article", { name: landlordSubject });
  await expect(mine.getByText("Priority", { exact: true })).toBeVisible();
  await expect(mine.getByText("Waiting for an answer")).toBeVisible();
  await expect(mine.getByText(`about “${room.title}”`)).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-help");

  // Staff see it first, above the older renter's request, marked Priority with its due time.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    // The admin home is the site overview, readable as a table.
    await signIn(staff, "staff@example.com", undefined, "/admin");
    await expect(staff.getByRole("heading", { level: 1, name: "Site overview" })).toBeVisible();
    await expect(staff.getByText("Monthly recurring revenue")).toBeVisible();
    await expect(
      staff.getByRole("table", { name: "New listings, enquiries and lets per day" }).getByRole("row"),
    ).toHaveCount(31);
    await expectNoAxeViolations(staff);
    await captureScreens(staff, "admin-overview");
    await staff.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Support" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Support requests" })).toBeVisible();
    const rows = staff.getByRole("table", { name: "Support requests" }).getByRole("row");
    const subjects = await rows.allTextContents();
    const landlordRow = subjects.findIndex((text) => text.includes(landlordSubject));
    const renterRow = subjects.findIndex((text) => text.includes(renterSubject));
    expect(landlordRow).toBe(1);
    expect(renterRow).toBeGreaterThan(landlordRow);
    await expect(rows.nth(1).getByText("Priority", { exact: true })).toBeVisible();
    await expectNoAxeViolations(staff);
    await captureScreens(staff, "admin-support");

    await staff.getByRole("link", { name: landlordSubject }).click();
    await expect(staff.getByRole("heading", { level: 1, name: landlordSubject })).toBeVisible();
    await expect(staff.getByText("First answer due")).toBeVisible();
    await expectNoAxeViolations(staff);
    await captureScreens(staff, "admin-support-request");
    await staff.getByLabel(/^Your answer/).fill(answer);
    await staff.getByRole("button", { name: "Send answer" }).click();
    await expect(staff.getByText("Answer sent").first()).toBeVisible();
    await expect(staff.getByText(answer)).toBeVisible();
  } finally {
    await staffContext.close();
  }

  // The answer arrives by e-mail and shows on the landlord's Help page.
  const mailClient = await newClient(baseURL ?? "");
  try {
    const mail = await waitForMail(
      mailClient,
      LISTING_OWNER.email,
      `Your support request has been answered: ${landlordSubject}`,
    );
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain("/settings/help");
  } finally {
    await mailClient.dispose();
  }
  await page.reload();
  const answered = page.getByRole("article", { name: landlordSubject });
  await expect(answered.getByText("Answered", { exact: true })).toBeVisible();
  await expect(answered.getByText(answer)).toBeVisible();
  await expectNoAxeViolations(page);
});
