import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./support/auth";
import { expect, LISTING_OWNER, newClient, signedInClient, test } from "./support/fixtures";

/**
 * Stored script injection: payloads planted through the product's own forms (listing text, profile
 * fields, an enquiry, a contact message, a blog post) and then shown in Chromium wherever they
 * render. No payload may run: no dialog opens, `window.__xss` stays unset, and the browser reports
 * no Content-Security-Policy violation (which would mean markup got through and only the policy
 * stopped it).
 */
const ADMIN = { email: "admin@example.com", password: DEMO_PASSWORD };

const run = "window.__xss=1;alert(1)";
const PAYLOADS = [
  `<script>${run}</script>`,
  `<img src=x onerror="${run}">`,
  `"><svg onload="${run}">`,
  `'><body onload='${run}'>`,
  `</textarea></title></style><script>${run}</script>`,
  `<a href="javascript:${run}">click</a>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<details open ontoggle="${run}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${run}">`,
  `{{constructor.constructor('${run}')()}}`,
  `</script><script>${run}</script>`,
  `<object data="data:text/html,<script>${run}</script>"></object>`,
];
const CORPUS = PAYLOADS.join("\n");

/** Opens `path` and fails on any sign that a payload ran or markup got through. */
async function visitClean(page: Page, path: string): Promise<void> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await page.waitForLoadState("networkidle");
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss,
    violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  }));
  page.off("dialog", onDialog);
  expect(dialogs, `${path}: dialogs`).toEqual([]);
  expect(state.xss, `${path}: window.__xss`).toBeUndefined();
  expect(state.violations, `${path}: CSP violations`).toEqual([]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "cookie_consent", value: '{"analytics":false,"marketing":false}', url: baseURL ?? "" },
  ]);
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) => {
      // Markup that got through shows as a blocked inline script, handler or foreign source; a
      // bundled library probing for eval is the product's own code, not a planted payload.
      if (event.blockedURI === "eval") return;
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
});

test("listing text, an enquiry and profile fields never run as script", async ({
  page,
  baseURL,
  createListing,
  createUser,
  signInAs,
}) => {
  const listing = await createListing({
    title: `<img src=x onerror="${run}"> Room ${randomUUID().slice(0, 6)}`,
    description: CORPUS,
    address: `<svg onload="${run}">`,
    suburb: "Melbourne",
  });
  const tenant = await createUser({ firstName: "Ada", lastName: "Payload" });
  const client = await signedInClient(baseURL ?? "", tenant);
  try {
    const profile = await client.post("/settings/profile", {
      form: { intent: "profile", firstName: "Ada", lastName: "Payload", phone: "", bio: CORPUS },
    });
    expect(profile.status(), "profile saved").toBeLessThan(400);
    const enquiry = await client.post(`/listing/${listing.id}`, {
      form: { moveInDate: "2030-03-01", leaseMonths: "6", message: CORPUS.slice(0, 3900), phone: "" },
    });
    expect(enquiry.status(), "enquiry sent").toBe(200);
  } finally {
    await client.dispose();
  }

  await visitClean(page, `/listing/${listing.id}`);
  await expect(page.getByText("onerror", { exact: false }).first()).toBeVisible();
  await visitClean(page, `/search?title=${encodeURIComponent("Room")}`);
  await visitClean(page, `/search?keyword=${encodeURIComponent(PAYLOADS[1]!)}`);

  await signInAs(tenant);
  await visitClean(page, "/settings/profile");
  await visitClean(page, "/settings/enquiries");

  await page.context().clearCookies();
  await signInAs(LISTING_OWNER);
  await visitClean(page, "/settings/properties");
  await visitClean(page, "/settings/enquiries");
  const thread = page.locator('a[href^="/settings/enquiries/"]').first();
  await visitClean(page, (await thread.getAttribute("href")) ?? "/settings/enquiries");
  await visitClean(page, `/list-property?edit=${listing.id}`);

  await page.context().clearCookies();
  await signInAs(ADMIN);
  await visitClean(page, `/admin/users?q=${encodeURIComponent(tenant.email)}`);
  await visitClean(page, `/admin/properties?q=${encodeURIComponent("Room")}`);
});

test("a contact message and a blog post never run as script in the back-office or on the blog", async ({
  page,
  baseURL,
  signInAs,
}) => {
  const visitor = await newClient(baseURL ?? "");
  try {
    const contact = await visitor.post("/contact", {
      form: {
        firstName: "Eve",
        lastName: "Payload",
        email: `eve-${randomUUID()}@example.com`,
        phone: "0412 345 678",
        message: CORPUS,
      },
      maxRedirects: 0,
    });
    expect(contact.status(), "contact message sent").toBeLessThan(400);
  } finally {
    await visitor.dispose();
  }

  const slug = `stored-xss-${randomUUID().slice(0, 8)}`;
  const admin = await signedInClient(baseURL ?? "", ADMIN);
  try {
    const saved = await admin.post("/admin/posts/new", {
      form: {
        intent: "save",
        title: `Payload <img src=x onerror="${run}">`,
        slug,
        excerpt: `<script>${run}</script>`,
        content: `<p>Hello</p>${CORPUS}`,
        status: "published",
        // A news post: the blog index lists blog posts only, so tests reading it are not disturbed.
        type: "news",
      },
      maxRedirects: 0,
    });
    expect(saved.status(), "post saved").toBe(302);
  } finally {
    await admin.dispose();
  }

  await visitClean(page, `/blog/${slug}`);
  await signInAs(ADMIN);
  await visitClean(page, "/admin/settings");
  await visitClean(page, "/admin/posts");
});
