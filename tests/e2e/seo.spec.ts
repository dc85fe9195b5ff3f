import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const metaContent = (page: Page, attribute: "name" | "property", value: string) =>
  page.locator(`head meta[${attribute}="${value}"]`).getAttribute("content");

test.describe("SEO", () => {
  test("the home page has a title, description, canonical URL and Open Graph tags", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Laneway Rooms/);
    expect((await metaContent(page, "name", "description"))?.length ?? 0).toBeGreaterThan(40);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);

    expect(await metaContent(page, "property", "og:title")).toBeTruthy();
    expect(await metaContent(page, "property", "og:description")).toBeTruthy();
    expect(await metaContent(page, "property", "og:url")).toBe(`${baseURL}/`);
    expect(await metaContent(page, "property", "og:type")).toBe("website");
    expect(await metaContent(page, "property", "og:site_name")).toBe("Laneway Rooms");
    expect(await metaContent(page, "property", "og:locale")).toBe("en_AU");
    expect(await metaContent(page, "name", "twitter:card")).toMatch(/^summary/);

    const image = (await metaContent(page, "property", "og:image")) ?? "";
    expect(image.startsWith(`${baseURL}/`)).toBe(true);
    const imageResponse = await request.get(image);
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()["content-type"]).toMatch(/^image\//);
  });

  test("/sitemap.xml is valid XML with absolute URLs for pages, listings and posts", async ({
    page,
    request,
    baseURL,
    createListing,
  }) => {
    const dated = await createListing({ availableFrom: "2027-02-01" });
    const dateless = await createListing({ availableFrom: "" });
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toContain("max-age=3600");
    expect(response.headers()["set-cookie"]).toBeUndefined();
    const xml = await response.text();

    const parsed = await page.evaluate(
      ({ text, ns }) => {
        const document = new DOMParser().parseFromString(text, "application/xml");
        if (document.getElementsByTagName("parsererror").length > 0) return null;
        const root = document.documentElement;
        return {
          root: root.localName,
          namespace: root.namespaceURI,
          locs: Array.from(document.getElementsByTagNameNS(ns, "loc"), (node) => node.textContent ?? ""),
          lastmods: Array.from(document.getElementsByTagNameNS(ns, "lastmod"), (node) => node.textContent ?? ""),
        };
      },
      { text: xml, ns: SITEMAP_NS },
    );
    expect(parsed, "sitemap parses as XML").not.toBeNull();
    if (!parsed) return;
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe(SITEMAP_NS);
    for (const loc of parsed.locs) expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    for (const path of ["/", "/search", "/about", "/blog", "/privacy", "/terms", "/cookies", "/property-management"]) {
      expect(parsed.locs).toContain(`${baseURL}${path}`);
    }
    const listingUrls = parsed.locs.filter((loc) => loc.startsWith(`${baseURL}/listing/`));
    const postUrls = parsed.locs.filter((loc) => loc.startsWith(`${baseURL}/blog/`));
    // Listings with an availability date are listed; one without is not (other tests add listings, so
    // the total is not fixed). At least the 60 demo listings with a date and 8 published posts.
    expect(listingUrls.length).toBeGreaterThanOrEqual(60);
    expect(listingUrls).toContain(`${baseURL}/listing/${dated.id}`);
    expect(listingUrls).not.toContain(`${baseURL}/listing/${dateless.id}`);
    expect(postUrls.length).toBeGreaterThanOrEqual(8);
    expect(parsed.lastmods.length).toBe(listingUrls.length + postUrls.length);
    for (const lastmod of parsed.lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const listing = await request.get(listingUrls[0] ?? "");
    expect(listing.status()).toBe(200);
  });

  test("/robots.txt allows public pages, keeps crawlers out of private areas and names the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/settings", "/api/", "/auth", "/dev/", "/list-property"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
