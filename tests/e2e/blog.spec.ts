import { expect, test, type Page } from "@playwright/test";
import { demoPosts } from "~/scripts/seed/demo-posts";
import { expectNoAxeViolations } from "./support/axe";
import { captureScreens } from "./support/screenshots";
import { hydrated } from "./support/hydration";

const DEMO = demoPosts(new Date());
const DRAFT = DEMO.find((post) => post.status === "draft");
const PUBLISHED_BLOG = DEMO.filter((post) => post.status === "published" && post.type === "blog").sort(
  (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0),
);
const POST_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

test.beforeEach(async ({ context, baseURL }) => {
  // Consent stored: the cookie banner stays out of the way of the footer form.
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
});

/** Collects uncaught page errors and console errors. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("blog index", () => {
  test("hero, 2 featured and 4 latest posts from the demo data, newsletter form", async ({ page }) => {
    const errors = recordErrors(page);
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Blog \| /);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const featured = page.getByRole("list", { name: "Featured Posts" }).getByRole("article");
    const latest = page.getByRole("list", { name: "Latest Posts" }).getByRole("article");
    await expect(page.getByRole("heading", { name: "Featured Posts", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest Posts", level: 2 })).toBeVisible();
    await expect(featured).toHaveCount(2);
    await expect(latest).toHaveCount(4);

    const expected = PUBLISHED_BLOG.map((post) => post.title);
    expect(await featured.getByRole("heading").allTextContents()).toEqual(expected.slice(0, 2));
    expect(await latest.getByRole("heading").allTextContents()).toEqual(expected.slice(2, 6));

    const first = featured.first();
    await expect(first.getByText("Blog", { exact: true })).toBeVisible();
    await expect(first.locator("time")).toHaveText(POST_DATE);
    await expect(first.getByRole("link")).toHaveAttribute("href", `/blog/${PUBLISHED_BLOG[0]?.slug}`);
    const image = first.locator("img");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "630");
    // Posts without an image get the gradient placeholder instead.
    await expect(latest.filter({ hasNot: page.locator("img") })).not.toHaveCount(0);

    const newsletter = page.getByRole("region", { name: "Subscribe to our newsletter" });
    const email = newsletter.getByRole("textbox", { name: "E-mail address" });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();

    // The header sits on the dark hero: its text is white at the top of the page.
    const headerLink = page.getByRole("banner").getByRole("link", { name: "Search" }).first();
    await expect(headerLink).toHaveCSS("color", "rgb(255, 255, 255)");

    await expectNoAxeViolations(page);
    await captureScreens(page, "blog-index");
    expect(errors).toEqual([]);
  });

  test("opening a card shows the post (placeholders while it loads)", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator("form[data-hydrated]").first()).toBeAttached();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/blog/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    const target = PUBLISHED_BLOG[2];
    await page.getByRole("link", { name: target?.title }).click();
    await expect(page.getByRole("status", { name: "Loading blog post" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target?.title ?? "");
    await expect(page).toHaveURL(`/blog/${target?.slug}`);
    await expect(page.getByRole("status", { name: "Loading blog post" })).toHaveCount(0);
  });
});

test.describe("blog post", () => {
  test("shows title, date, type, featured image and the content; back link to /blog", async ({ page }) => {
    const errors = recordErrors(page);
    const post = PUBLISHED_BLOG[0];
    if (!post) throw new Error("no demo blog post");
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${post.title} \\| `));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${post.featuredImage}$`),
    );

    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(article.locator("header time")).toHaveText(POST_DATE);
    await expect(article.locator("header").getByText("Blog", { exact: true })).toBeVisible();
    await expect(
      article.getByRole("heading", { name: "Start with where you'll spend your weekdays", level: 2 }),
    ).toBeVisible();
    await expect(article.locator("blockquote")).toBeVisible();
    await expect(article.getByRole("link", { name: "Public Transport Victoria" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );

    const hero = article.locator("img").first();
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "1200");
    await expect(hero).toHaveAttribute("height", "630");

    await expect(page.getByRole("link", { name: "Back to blog" }).first()).toHaveAttribute("href", "/blog");
    const headerLink = page.getByRole("banner").getByRole("link", { name: "Search" }).first();
    await expect(headerLink).toHaveCSS("color", "rgb(255, 255, 255)");

    await expectNoAxeViolations(page);
    await captureScreens(page, "blog-post");
    expect(errors).toEqual([]);
  });

  test("a press release is shown with its 2024 date and type", async ({ page }) => {
    await page.goto("/blog/laneway-rooms-launches-professional-plan");
    await expect(page.locator("article header time")).toHaveText("March 12, 2024");
    await expect(page.locator("article header").getByText("Press", { exact: true })).toBeVisible();
  });

  test("a post without a featured image has no image", async ({ page }) => {
    const post = PUBLISHED_BLOG.find((row) => !row.featuredImage);
    await page.goto(`/blog/${post?.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post?.title ?? "");
    await expect(page.locator("article img")).toHaveCount(0);
    await captureScreens(page, "blog-post-no-image");
  });

  for (const [label, slug] of [
    ["a draft", DRAFT?.slug ?? "missing-draft"],
    ["an unknown slug", "no-such-post-here"],
  ] as const) {
    test(`${label} answers 404 'Blog Post Not Found' inside the site shell`, async ({ page }) => {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Post Not Found");
      await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });
  }
});

test.describe("newsletter", () => {
  test("blog form: the browser blocks an invalid e-mail; a valid one shows the toast and clears the field", async ({
    page,
  }) => {
    await page.goto("/blog");
    const newsletter = page.getByRole("region", { name: "Subscribe to our newsletter" });
    await expect(newsletter.locator("form[data-hydrated]")).toBeAttached();
    const email = newsletter.getByRole("textbox", { name: "E-mail address" });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });

    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await email.fill("not-an-email");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(posts).toEqual([]);

    await email.fill(`Blog.Reader+${Date.now()}@Example.com`);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thanks for subscribing!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("You'll receive our latest updates in your inbox.");
    await expect(email).toHaveValue("");
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL("/blog");
  });

  test("the same address twice gets the same answer", async ({ page }) => {
    await page.goto("/blog");
    const newsletter = page.getByRole("region", { name: "Subscribe to our newsletter" });
    await expect(newsletter.locator("form[data-hydrated]")).toBeAttached();
    const email = newsletter.getByRole("textbox", { name: "E-mail address" });
    const address = `twice-${Date.now()}@example.com`;
    for (const value of [address, address.toUpperCase()]) {
      await email.fill(value);
      await newsletter.getByRole("button", { name: "Subscribe" }).click();
      await expect(email).toHaveValue("");
    }
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Thanks for subscribing!" })).toHaveCount(2);
  });

  test("the server rejects an invalid e-mail posted directly", async ({ request }) => {
    const response = await request.post("/newsletter.data", {
      form: { email: "nope", source: "footer" },
      headers: { Accept: "*/*" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  test("footer form: the same toast", async ({ page }) => {
    await page.goto("/search");
    const footer = await hydrated(page.getByRole("contentinfo"));
    const email = footer.getByRole("textbox", { name: "E-mail address" });
    await expect(email).toHaveAttribute("id", "footer-newsletter-email");
    await email.fill(`footer-${Date.now()}@example.com`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thanks for subscribing!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("You'll receive our latest updates in your inbox.");
    await expect(email).toHaveValue("");
    await expect(page).toHaveURL("/search");
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form still subscribes and the page shows the confirmation", async ({ page }) => {
    await page.goto("/blog");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "E-mail address" }).fill(`nojs-${Date.now()}@example.com`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\?subscribed=1&newsletter=footer#footer-newsletter$/);
    await expect(footer.getByRole("status")).toContainText("Thanks for subscribing!");
    await expect(footer.getByRole("status")).toContainText("You'll receive our latest updates in your inbox.");
    // Only the form that was used confirms.
    await expect(page.getByRole("region", { name: "Subscribe to our newsletter" }).getByRole("status")).toHaveCount(0);
  });

  test("the blog form too", async ({ page }) => {
    await page.goto("/blog?utm_source=test");
    const newsletter = page.getByRole("region", { name: "Subscribe to our newsletter" });
    await newsletter.getByRole("textbox", { name: "E-mail address" }).fill(`nojs-blog-${Date.now()}@example.com`);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\?utm_source=test&subscribed=1&newsletter=blog#blog-newsletter$/);
    await expect(newsletter.getByRole("status")).toContainText("Thanks for subscribing!");
  });
});

test.describe("blog HTML sanitizing (/dev/sanitize)", () => {
  test("hostile HTML rendered through the post content component does nothing", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const response = await page.goto("/dev/sanitize");
    expect(response?.status()).toBe(200);
    const samples = page.getByRole("list", { name: "Samples" }).locator("> li");
    expect(await samples.count()).toBeGreaterThanOrEqual(25);
    // Give lazy images, autofocus and animations a moment, and interact with what is there.
    await page.mouse.move(200, 300);
    for (const link of await page.locator("[data-sample] a").all()) await link.hover();
    await page.waitForTimeout(500);

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    const found = await page.evaluate(() => {
      const content = document.querySelectorAll("[data-sample] > div");
      const bad: string[] = [];
      for (const root of content) {
        for (const element of root.querySelectorAll("*")) {
          const tag = element.tagName.toLowerCase();
          if (
            ["script", "iframe", "object", "embed", "svg", "math", "style", "form", "base", "meta", "link"].includes(
              tag,
            )
          )
            bad.push(`<${tag}>`);
          for (const attribute of element.attributes) {
            const name = attribute.name.toLowerCase();
            if (name.startsWith("on") || ["style", "srcdoc", "formaction", "srcset", "id", "name"].includes(name))
              bad.push(`${tag}[${name}]`);
            if (["href", "src"].includes(name) && /^\s*(javascript|data|vbscript):/i.test(attribute.value))
              bad.push(`${tag}[${name}=${attribute.value}]`);
          }
        }
      }
      return bad;
    });
    expect(found).toEqual([]);
    // Allowed markup still renders.
    await expect(page.locator('[data-sample="unclosed tags"] a[href="https://example.com/ok"]')).toBeVisible();
  });
});
