import { readFile } from "node:fs/promises";
import { DEMO_PASSWORD, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, LISTING_OWNER, newClient, signedInClient, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";
import { captureScreens } from "./support/screenshots";
import { storeConsent } from "./support/consent";
import { pageAs } from "./support/second-browser";

test.beforeEach(async ({ context, baseURL }) => {
  await storeConsent(context, baseURL);
});

test("a person downloads their data, deletes their account with the password, cannot sign in again, and the landlord's conversation shows a Former member", async ({
  page,
  browser,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const site = baseURL ?? "";
  const listing = await createListing();
  const tenant = await createUser({ firstName: "Dana", lastName: "Quill" });
  await signInAs(tenant);
  await page.goto(`/listing/${listing.id}`);
  await page.getByLabel("Move-in date").fill("2030-03-01");
  await page.getByLabel("Lease length").selectOption("6");
  await page.getByLabel("Message").fill("Hello, could I see the room next week?");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Enquiry sent")).toBeVisible();

  await page.goto("/settings/account");
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "account-data");

  // The file: the person's own data, with the conversation as they see it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^laneway-rooms-data-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(await readFile(await download.path(), "utf8")) as {
    profile: { email: string; firstName: string };
    conversations: { listingTitle: string; with: string; messages: { from: string; body: string }[] }[];
  };
  expect(document.profile).toMatchObject({ email: tenant.email, firstName: "Dana" });
  expect(document.conversations).toEqual([
    expect.objectContaining({
      listingTitle: listing.title,
      with: "Mei L.",
      messages: [expect.objectContaining({ from: "You", body: "Hello, could I see the room next week?" })],
    }),
  ]);

  // A cross-site post carries no authority: refused, and the account is still there.
  const forged = await newClient(site);
  try {
    const cookies = (await page.context().storageState()).cookies;
    const reply = await forged.post("/settings/account", {
      form: { intent: "delete-account", password: tenant.password, confirmation: "DELETE" },
      headers: { origin: "https://evil.example", cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      maxRedirects: 0,
    });
    expect(reply.status()).toBe(403);
  } finally {
    await forged.dispose();
  }

  // A wrong password is refused on the page, and changes nothing.
  await page.getByLabel("Password to confirm deletion").fill("not my password");
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That password is not correct." })).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "account-delete-refused");

  await page.getByLabel("Password to confirm deletion").fill(tenant.password);
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(`${site}/`);
  await expect(page.getByText("Your account and your data have been deleted.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);

  // The account is gone: its password no longer signs in.
  await page.goto("/auth?view=sign_in");
  await page.getByLabel("Email address").fill(tenant.email);
  await page.getByLabel("Password", { exact: true }).fill(tenant.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  // The landlord keeps the conversation, from a Former member.
  const landlord = await pageAs(browser, site, LISTING_OWNER);
  await landlord.goto("/settings/enquiries");
  await landlord.getByRole("link", { name: new RegExp(listing.title) }).click();
  await expect(landlord.getByText("Hello, could I see the room next week?")).toBeVisible();
  await expect(landlord.getByText("Former member").first()).toBeVisible();
  // Nobody is left to block; reporting the conversation stays possible.
  await expect(landlord.getByRole("button", { name: /^Block / })).toHaveCount(0);
  await expect(landlord.getByRole("button", { name: "Report this conversation" })).toBeVisible();
  await expectNoAxeViolations(landlord);
  await captureScreens(landlord, "account-deleted-landlord-thread");
});

test("an admin deletes an account on its holder's request, confirming its e-mail address", async ({
  page,
  baseURL,
  createUser,
}) => {
  const person = await createUser({ firstName: "Rory", lastName: "Gone" });
  // Staff naming the account in a raw post are refused, and the account stays.
  const staff = await signedInClient(baseURL ?? "", { email: "staff@example.com", password: DEMO_PASSWORD });
  try {
    const refused = await staff.post("/admin/users", {
      form: { intent: "delete", userId: "x", confirmEmail: person.email },
      headers: { accept: "application/json" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  } finally {
    await staff.dispose();
  }
  await signIn(page, "admin@example.com", undefined, `/admin/users?q=${encodeURIComponent(person.email)}`);
  const rows = page.getByRole("table", { name: "Users" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(page.locator("[data-hydrated]").first()).toBeAttached();
  await page.getByRole("button", { name: "Delete the account of Rory Gone" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(`Type ${person.email} to confirm`).fill("someone.else@example.com");
  await dialog.getByRole("button", { name: "Delete account" }).click();
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast("Type the account's e-mail address exactly to confirm. Nothing was changed.")).toBeVisible();
  await expectNoAxeViolations(page);
  await captureScreens(page, "admin-delete-account");
  await dialog.getByLabel(`Type ${person.email} to confirm`).fill(person.email);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(toast(`The account ${person.email} and its data have been deleted.`)).toBeVisible();
  await page.reload();
  await expect(page.getByText("No users match these filters.")).toBeVisible();

  // The deleted person cannot sign in.
  const client = await newClient(baseURL ?? "");
  try {
    const reply = await client.post("/auth", {
      form: { intent: "sign_in", email: person.email, password: person.password },
      maxRedirects: 0,
    });
    expect(await reply.text()).toContain("Invalid email or password");
  } finally {
    await client.dispose();
  }
});

test("someone who joined through the identity provider deletes their account with a code e-mailed to them", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const login = `oidc-delete-${Date.now()}`;
  const email = `${login}@example.org`;
  await page.goto("/auth?returnTo=%2Fsettings%2Faccount");
  await page.getByRole("button", { name: /^Continue with / }).click();
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByLabel("Password to confirm deletion")).toHaveCount(0);

  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We've e-mailed you a 6-digit code." })).toBeVisible();
  const mail = await waitForMail(page.request, email, /delete your/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await expectNoAxeViolations(page);
  await captureScreens(page, "account-delete-by-code");

  // A wrong code is refused and the account stays.
  await page.getByLabel("Code from the e-mail").fill(code === "000000" ? "111111" : "000000");
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "That code is not correct. Nothing was changed." }),
  ).toBeVisible();

  await page.getByLabel("Code from the e-mail").fill(code);
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account and your data have been deleted.")).toBeVisible();
  await page.goto("/settings/account");
  await expect(page).toHaveURL(/\/auth\?/);
});
