import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";
import { hydrated } from "./support/hydration";

const CONSENT = { name: "cookie_consent", value: '{"analytics":false,"marketing":false}' };

// Sign-in is deliberately slow (password hashing); journeys sign in more than once.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ ...CONSENT, url: baseURL ?? "" }]);
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A fresh account, registered through /auth (it need not be confirmed to appear in the users table). */
async function register(page: Page, email: string, firstName: string) {
  await page.goto("/auth?view=sign_up");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Password123!");
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Last Name").fill("Probe");
  await page.getByRole("textbox", { name: "Phone Number" }).fill("0412345678");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
}

test.describe("admin gate", () => {
  test("a visitor is sent to sign in and comes back to the admin page", async ({ page }) => {
    await page.goto("/admin/posts");
    await expect(page).toHaveURL(/\/auth\?.*returnTo=%2Fadmin%2Fposts/);
  });

  test("a landlord is sent home with 'Access Denied'", async ({ page }) => {
    await signIn(page, "landlord@example.com");
    await page.goto("/admin/posts/new");
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Access Denied")).toContainText("You don't have permission to access this area");
  });
});

test.describe("User Management", () => {
  test("an admin changes a new user's role and subscription; their own are refused", async ({ page }) => {
    const name = unique("Rolf");
    const email = `${name.toLowerCase()}@example.com`;
    await register(page, email, name);

    await signIn(page, "admin@example.com", undefined, "/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    for (const label of [
      "Home",
      "Users",
      "Blog Posts",
      "Properties",
      "Enquiries",
      "Settings",
      "Payments",
      "Profile Settings",
    ]) {
      await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    for (const column of ["User", "Role", "Joined", "Subscription", "Details"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-users");

    await page.getByLabel("Search").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=/);
    const rows = page.getByRole("table", { name: "Users" }).getByRole("row");
    await expect(rows).toHaveCount(2); // the header and the one match
    await hydrated(page);

    await page.getByLabel(`Role of ${name} Probe`).selectOption("landlord");
    await expect(toast(page, "User role updated to landlord")).toBeVisible();
    await page.getByLabel(`Subscription status of ${name} Probe`).selectOption("active");
    await expect(toast(page, "Subscription status updated to active")).toBeVisible();

    await page.getByRole("button", { name: `Subscription details of ${name} Probe` }).click();
    const dialog = page.getByRole("dialog", { name: "Subscription Details" });
    await expect(dialog).toContainText("No active plan");
    await expect(dialog.getByText("N/A")).toHaveCount(2);
    await expect(dialog.locator("dd").nth(1)).not.toHaveText("-");
    await page.keyboard.press("Escape");

    // The change survives a reload, and the role filter finds the new landlord.
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}&role=landlord&status=active`);
    await expect(page.getByLabel(`Role of ${name} Probe`)).toHaveValue("landlord");

    await page.goto("/admin/users?q=admin%40example.com");
    await hydrated(page);
    const ownRole = page.getByRole("combobox", { name: /^Role of / });
    await ownRole.selectOption("tenant");
    await expect(toast(page, "You cannot change your own role")).toBeVisible();
    await expect(ownRole).toHaveValue("admin");
    await page.getByRole("combobox", { name: /^Subscription status of / }).selectOption("active");
    await expect(toast(page, "You cannot change your own subscription status")).toBeVisible();
  });

  test("staff see the users read-only", async ({ page }) => {
    await signIn(page, "staff@example.com", undefined, "/admin/users");
    await expect(page.getByText("Only administrators can change roles and subscription statuses.")).toBeVisible();
    const selects = page.getByRole("table", { name: "Users" }).getByRole("combobox");
    await expect(selects.first()).toBeDisabled();
    await expect(page.getByRole("link", { name: "Audit Log" })).toHaveCount(0);
  });
});

test.describe("Blog Post Management", () => {
  test("staff write a post in the rich-text editor, publish it, see it on the blog, and delete it", async ({
    page,
  }) => {
    const title = unique("Laneway news");
    const slug = title.toLowerCase().replace(/ /g, "-");
    await signIn(page, "staff@example.com", undefined, "/admin/posts");
    await expect(page.getByRole("heading", { level: 1, name: "Blog Post Management" })).toBeVisible();
    for (const column of ["Title", "Status", "Type", "Created", "Published", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-posts");

    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
    await hydrated(page);

    // Required fields are checked before anything is sent.
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByLabel("Excerpt").fill("A short summary.");
    const editor = page.locator(".ProseMirror");
    await editor.click();
    await page.keyboard.type("Rooms in the lanes. ");
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
    await expect(editor).toBeFocused();
    await page.keyboard.type("Bold news");
    await expect(editor.locator("strong")).toHaveText("Bold news");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("Bold news");
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-post-editor");

    await page.getByLabel("Status").selectOption("published");
    await page.getByLabel("Type").selectOption("news");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    await expect(toast(page, "Post created successfully.")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("published");
    await expect(row).toContainText("News");

    // Published at once: the post's page answers.
    const response = await page.request.get(`/blog/${slug}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("<strong>Bold news</strong>");

    // A second post cannot take the same slug.
    await page.goto("/admin/posts/new");
    await hydrated(page);
    await page.getByLabel("Title").fill(title);
    await page.locator(".ProseMirror").click();
    await page.keyboard.type("Copy");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("This slug is already used by another post. Please choose another.")).toBeVisible();
    await expect(toast(page, "Failed to create post. Please try again.")).toBeVisible();

    // Edit: back to draft, off the blog.
    await page.goto("/admin/posts");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await hydrated(page);
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(toast(page, "Post updated successfully.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("draft");
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Post deleted")).toContainText("The blog post has been successfully deleted.");
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  });

  test("the rich-text editor is only downloaded by the editor page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await signIn(page, "staff@example.com", undefined, "/admin/posts");
    await hydrated(page);
    expect(scripts.filter((url) => url.includes("rich-text-editor"))).toEqual([]);
    await page.goto("/admin/posts/new");
    await expect(page.locator(".ProseMirror")).toBeVisible();
    expect(scripts.filter((url) => url.includes("rich-text-editor"))).toHaveLength(1);
  });
});

test.describe("Properties Management", () => {
  test("moderating a listing takes it off the public site with a reason its owner sees; admins delete", async ({
    page,
    baseURL,
    playwright,
  }) => {
    const title = unique("Moderation probe room");
    await signIn(page, "admin@example.com", undefined, "/admin/properties");
    const created = await page.request.post("/list-property", {
      form: {
        title,
        address: "12 Degraves Street",
        suburb: "Melbourne",
        state: "VIC",
        postcode: "3000",
        country: "Australia",
        description: "Furnished room\nQuiet.",
        weeklyRent: "400",
        availableFrom: "2027-02-01",
        photos: "[]",
      },
      headers: { origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);

    await page.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Properties Management" })).toBeVisible();
    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    const listingHref = await card.getByRole("heading", { name: title }).getByRole("link").getAttribute("href");
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-properties");
    await hydrated(page);

    await card.getByLabel(`Status of ${title}`).selectOption("hidden");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Please give a reason: the landlord sees it.")).toBeVisible();
    await card.getByLabel(`Reason for ${title}`).fill("Photos do not match the room");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Listing status set to Hidden.")).toBeVisible();
    await expect(card).toContainText("Not shown to the public: Photos do not match the room");

    // The public no longer finds it; its owner sees why.
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(listingHref ?? "")).status()).toBe(404);
    expect(await (await visitor.get(`/search?title=${encodeURIComponent(title)}`)).text()).not.toContain(
      listingHref ?? "",
    );
    await visitor.dispose();
    await page.goto(`/settings/properties?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("article", { name: title })).toContainText(
      "Not shown to the public: Photos do not match the room",
    );

    await page.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
    await hydrated(page);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Listing deleted.")).toBeVisible();

    const id = listingHref?.split("/").pop() ?? "";
    await page.goto(`/admin/audit?target=${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    const entries = page.getByRole("table", { name: "Audit log" }).getByRole("row");
    await expect(entries.filter({ hasText: "Listing moderated" })).toContainText("Photos do not match the room");
    await expect(entries.filter({ hasText: "Listing deleted" })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-audit");
  });

  test("staff moderate but cannot delete", async ({ page }) => {
    await signIn(page, "staff@example.com", undefined, "/admin/properties");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByLabel(/^Status of /).first()).toBeVisible();
  });
});

test.describe("Site Settings", () => {
  test("an admin edits the contact details shown on /contact; the inbox and subscribers are managed here", async ({
    page,
  }) => {
    const note = unique("Closed on public holidays");
    const subscriber = `${unique("settings").toLowerCase()}@example.com`;
    await page.goto("/search");
    const footer = await hydrated(page.getByRole("contentinfo"));
    await footer.getByRole("textbox", { name: "E-mail address" }).fill(subscriber);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thanks for subscribing!")).toBeVisible();

    await signIn(page, "admin@example.com", undefined, "/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Contact messages" })).toBeVisible();
    await expectNoAxeViolations(page);
    await captureScreens(page, "admin-settings");
    await hydrated(page);

    const original = await page.getByLabel("Hours note").inputValue();
    await page.getByLabel("Hours note").fill(note);
    await page.getByLabel("E-mail for renters").fill("not-an-email");
    await page.getByRole("button", { name: "Save contact details" }).click();
    await expect(page.getByText("The e-mail for renters must be a valid e-mail address.")).toBeVisible();
    await page.getByLabel("E-mail for renters").fill("hello@lanewayrooms.com.au");
    await page.getByRole("button", { name: "Save contact details" }).click();
    await expect(toast(page, "Contact details saved.")).toBeVisible();
    await page.goto("/contact");
    await expect(page.getByText(note)).toBeVisible();
    await page.goto("/admin/settings");
    await hydrated(page);
    await page.getByLabel("Hours note").fill(original);
    await page.getByRole("button", { name: "Save contact details" }).click();
    await expect(toast(page, "Contact details saved.")).toBeVisible();

    await page.getByLabel("Search subscribers").fill(subscriber);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("table", { name: "Newsletter subscribers" })).toContainText(subscriber);
    const csv = await page.request.get("/admin/settings/subscribers.csv");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(subscriber);
    await hydrated(page);
    await page.getByRole("button", { name: `Unsubscribe ${subscriber}` }).click();
    await expect(toast(page, `${subscriber} was unsubscribed.`)).toBeVisible();
    await page.goto(`/admin/settings?q=${encodeURIComponent(subscriber)}`);
    await expect(page.getByRole("table", { name: "Newsletter subscribers" })).not.toContainText(subscriber);
  });
});
