import type { Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { expect, signedInClient, test } from "./support/fixtures";
import { captureScreens, VIEWPORTS } from "./support/screenshots";
import { hydrated } from "./support/hydration";

const TITLE = "Room with garden outlook on Johnston Street";
const SEARCH = `/search?title=${encodeURIComponent("garden outlook on Johnston")}`;

/** The card of TITLE in a named list of cards. */
const cardIn = (page: Page, list: string) =>
  page
    .getByRole("list", { name: list })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: TITLE }) });

/** The heart inside `scope`, once JavaScript has taken over its form (before that a click is a page post). */
async function heartIn(scope: Locator): Promise<Locator> {
  await hydrated(scope);
  return scope.getByRole("button", { name: /^(Add .* to|Remove .* from) favourites$/ });
}

/** Opens the search for TITLE and returns its listing id. */
async function openSearch(page: Page): Promise<string> {
  await page.goto(SEARCH);
  const href = await cardIn(page, "Listings").getByRole("link", { name: TITLE, exact: true }).getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error(`no card for ${TITLE}`);
  return id;
}

/** POST /favourites with the page's session (a fetcher-like request unless headers say otherwise). */
const postFavourite = (page: Page, form: Record<string, string>, headers?: Record<string, string>) =>
  page.request.post("/favorites", { form, headers, maxRedirects: 0 });

// Consent already given, so the cookie banner does not cover the cards in screenshots.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
});

// Each test that favourites signs up its own tenant: favourites belong to the user who saves them.
test.describe("signed in as a tenant", () => {
  test("favourites from search, sees it in Favorites, unfavourites from the listing page", async ({
    page,
    createUser,
    signInAs,
  }) => {
    test.slow(); // one long journey: sign-in, six page loads, axe and screenshots
    await signInAs(await createUser());
    await openSearch(page);
    const heart = await heartIn(cardIn(page, "Listings"));
    await expect(heart).toHaveAccessibleName(`Add ${TITLE} to favourites`);
    await expect(heart).toHaveAttribute("aria-pressed", "false");

    await heart.click();
    const toast = page.getByText("Added to favourites");
    await expect(toast).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAccessibleName(`Remove ${TITLE} from favourites`);
    await expect(heart.locator("svg")).toHaveClass(/fill-red-600/);
    // Shown for 2 s (the default toast stays 4 s).
    await expect(toast).toBeHidden({ timeout: 3500 });
    await captureScreens(page, "search-favourited");

    // The state comes from the server on a fresh load.
    await page.reload();
    await expect(await heartIn(cardIn(page, "Listings"))).toHaveAttribute("aria-pressed", "true");

    await page.goto("/settings/favorites");
    await expect(page.getByRole("heading", { level: 1, name: "Favorite Listings" })).toBeVisible();
    const saved = cardIn(page, "Favourite listings");
    await expect(saved).toHaveCount(1);
    await expect(await heartIn(saved)).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
    await captureScreens(page, "settings-favorites");

    await saved.getByRole("link", { name: TITLE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    const rentHeart = await heartIn(page.getByRole("complementary", { name: "Rent" }));
    await expect(rentHeart).toHaveAttribute("aria-pressed", "true");
    await rentHeart.click();
    await expect(page.getByText("Removed from favourites")).toBeVisible();
    await expect(rentHeart).toHaveAttribute("aria-pressed", "false");

    await page.reload();
    await expect(await heartIn(page.getByRole("complementary", { name: "Rent" }))).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.goto("/settings/favorites");
    await expect(page.getByRole("heading", { level: 1, name: "Favorite Listings" })).toBeVisible();
    await expect(cardIn(page, "Favourite listings")).toHaveCount(0);
  });
});

test("a favourite hidden by moderation shows as No longer available, without its content, and can be removed", async ({
  page,
  baseURL,
  createUser,
  signInAs,
  createListing,
}) => {
  const listing = await createListing({ description: "Sunny room · Desk\nA room that will be hidden." });
  await signInAs(await createUser());
  await page.goto("/");
  expect((await postFavourite(page, { listingId: listing.id, intent: "add" })).status()).toBe(200);
  // A second favourite, whose listing the public still sees.
  expect((await postFavourite(page, { listingId: await openSearch(page), intent: "add" })).status()).toBe(200);

  const staff = await signedInClient(baseURL ?? "", { email: "staff@example.com", password: DEMO_PASSWORD });
  try {
    const hidden = await staff.post("/admin/properties", {
      form: { intent: "moderate", listingId: listing.id, status: "hidden", reason: "Photos do not match the room" },
    });
    expect(hidden.status()).toBe(200);
  } finally {
    await staff.dispose();
  }

  await page.goto("/settings/favorites");
  const cards = page.getByRole("list", { name: "Favourite listings" }).getByRole("article");
  await expect(cards).toHaveCount(2);
  const gone = cards.filter({ has: page.getByRole("heading", { name: "No longer available" }) });
  await expect(gone).toHaveCount(1);
  await expect(gone.getByRole("link")).toHaveCount(0);
  await expect(page.getByText(listing.title)).toHaveCount(0);
  await expect(page.getByText("A room that will be hidden.")).toHaveCount(0);
  // The listing the public still sees keeps its card.
  await expect(cardIn(page, "Favourite listings")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-favorites-unavailable");

  const remove = await heartIn(gone);
  await expect(remove).toHaveAccessibleName("Remove this unavailable listing from favourites");
  await remove.click();
  await expect(page.getByText("Removed from favourites")).toBeVisible();
  await expect(gone).toHaveCount(0);
  await expect(cardIn(page, "Favourite listings")).toHaveCount(1);

  // Favouriting it again is refused as for a listing that does not exist.
  const again = await postFavourite(page, { listingId: listing.id, intent: "add" });
  expect(again.status()).toBe(404);
  expect(await again.json()).toEqual({ error: "Listing not found" });
});

test("unfavouriting on the Favorites page removes the card", async ({ page, createUser, signInAs }) => {
  await signInAs(await createUser());
  await openSearch(page);
  const heart = await heartIn(cardIn(page, "Listings"));
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.goto("/settings/favorites");
  const saved = cardIn(page, "Favourite listings");
  await (await heartIn(saved)).click();
  await expect(page.getByText("Removed from favourites")).toBeVisible();
  await expect(saved).toHaveCount(0);
});

test("the Favorites page, opened from the account menu, shows an empty state pointing to search", async ({
  page,
  createUser,
  signInAs,
}) => {
  await signInAs(await createUser());
  await page.goto("/");
  // A client navigation: the list arrives streamed (three placeholder cards until then).
  await expect(async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Favorites" })).toBeVisible({ timeout: 1000 });
  }).toPass(); // retried: the menu opens only once the page is hydrated
  await page.getByRole("menuitem", { name: "Favorites" }).click();
  await expect(page).toHaveURL(/\/settings\/favorites$/);

  await expect(page.getByText("You haven't saved any listings yet")).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading favourite listings" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Browse listings" })).toHaveAttribute("href", "/search");
  await expectNoAxeViolations(page);
  await captureScreens(page, "settings-favorites-empty");
});

test("a plain form post (no JavaScript) updates and returns to the page it came from", async ({
  page,
  baseURL,
  createUser,
  signInAs,
}) => {
  await signIn(page, "staff@example.com");
  const listingId = await openSearch(page);
  // Staff manage listings from the admin area, not through the listing form: no edit button.
  await expect(cardIn(page, "Listings").getByRole("link", { name: `Edit ${TITLE}` })).toHaveCount(0);
  // The favourites that follow are a fresh tenant's, not the demo staff account's.
  await signInAs(await createUser());
  await page.reload();
  const documentPost = (intent: string) =>
    postFavourite(page, { listingId, intent }, { Accept: "text/html", Referer: `${baseURL}${SEARCH}` });

  const added = await documentPost("add");
  expect(added.status()).toBe(303);
  expect(added.headers().location).toBe(SEARCH);
  await page.reload();
  await expect(await heartIn(cardIn(page, "Listings"))).toHaveAttribute("aria-pressed", "true");

  expect((await documentPost("remove")).status()).toBe(303);
  await page.reload();
  await expect(await heartIn(cardIn(page, "Listings"))).toHaveAttribute("aria-pressed", "false");
});

test("signed in, a malformed or unknown listing is refused", async ({ page }) => {
  await signIn(page, "admin@example.com");
  expect((await postFavourite(page, { listingId: "not-a-uuid", intent: "add" })).status()).toBe(400);
  const unknown = await postFavourite(page, { listingId: "00000000-0000-4000-8000-000000000000", intent: "add" });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "Listing not found" });
});

test("POST /favourites without a session answers 401 and changes nothing", async ({ page }) => {
  const listingId = await openSearch(page);
  const response = await postFavourite(page, { listingId, intent: "add" });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: "Please sign in" });

  // Still signed out: the heart is not a toggle and only asks the visitor to sign in.
  await page.reload();
  const heart = cardIn(page, "Listings").getByRole("button", { name: `Add ${TITLE} to favourites` });
  await expect(heart).not.toHaveAttribute("aria-pressed");
  await hydrated(cardIn(page, "Listings"));
  await heart.click();
  await expect(page.getByText("You need to be signed in to favourite listings")).toBeVisible();
});

test("signed out on a phone, the heart's toast links to sign-in and back to the room, clear of 'Sign in to enquire'", async ({
  page,
  createListing,
  createUser,
}) => {
  const listing = await createListing();
  const tenant = await createUser();
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`/listing/${listing.id}`);
  // The enquiry button at the foot of the screen, the heart above it: where a bottom toast would land.
  const enquire = page.getByRole("link", { name: "Sign in to enquire" });
  await enquire.evaluate((element) => element.scrollIntoView({ block: "end" }));
  const heart = page.getByRole("button", { name: `Add ${listing.title} to favourites` });
  await expect(heart).toBeInViewport();

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Please sign in" });
  await hydrated(page.getByRole("complementary", { name: "Rent" }));
  await heart.click();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("You need to be signed in to favourite listings");
  const signInLink = toast.getByRole("link", { name: "Sign in" });
  await expect(signInLink).toHaveAttribute(
    "href",
    `/auth?view=sign_in&returnTo=${encodeURIComponent(`/listing/${listing.id}`)}`,
  );
  // Measured once the toast has slid into place.
  await (await toast.elementHandle())?.waitForElementState("stable");
  const [toastBox, enquireBox] = [await toast.boundingBox(), await enquire.boundingBox()];
  if (!toastBox || !enquireBox) throw new Error("toast or enquiry button not laid out");
  const overlaps =
    toastBox.x < enquireBox.x + enquireBox.width &&
    enquireBox.x < toastBox.x + toastBox.width &&
    toastBox.y < enquireBox.y + enquireBox.height &&
    enquireBox.y < toastBox.y + toastBox.height;
  expect(overlaps, `toast ${JSON.stringify(toastBox)} covers the button ${JSON.stringify(enquireBox)}`).toBe(false);
  await expectNoAxeViolations(page);
  await captureScreens(page, "listing-favourite-sign-in");

  // Asked again (the toast may have timed out meanwhile, or still be showing: then there are two),
  // then the link of a toast that is not on its way out.
  await heart.click();
  await page
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .filter({ hasText: "Please sign in" })
    .getByRole("link", { name: "Sign in" })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await page.getByLabel("Email address").fill(tenant.email);
  await page.getByLabel("Password", { exact: true }).fill(tenant.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listing.id}$`));
  // Signed in now: the heart is a toggle.
  await expect(page.getByRole("button", { name: `Add ${listing.title} to favourites` })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});
