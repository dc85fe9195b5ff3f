import { describe, expect, it } from "vitest";
import {
  buildRobotsTxt,
  buildSitemapXml,
  SITEMAP_URL_LIMIT,
  sitemapEntries,
  STATIC_PAGES,
  xmlEscape,
} from "~/modules/seo/sitemap";

describe("xmlEscape", () => {
  it("escapes the five XML special characters", () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("sitemapEntries", () => {
  it("lists the static pages, then listings and posts with their last change", () => {
    const updated = new Date("2026-11-02T03:04:05.678Z");
    const entries = sitemapEntries({
      listings: [{ id: "0b6c8a52-8f7e-4a37-9d55-1f7c3a7d2e10", updatedAt: updated }],
      posts: [{ slug: "moving-to-melbourne", updatedAt: updated }],
    });
    expect(entries.map((entry) => entry.path)).toEqual([
      ...STATIC_PAGES,
      "/listing/0b6c8a52-8f7e-4a37-9d55-1f7c3a7d2e10",
      "/blog/moving-to-melbourne",
    ]);
    expect(entries.at(-1)?.lastModified).toBe(updated);
  });

  it("stops at the sitemap URL limit", () => {
    const listings = Array.from({ length: SITEMAP_URL_LIMIT }, (_, index) => ({
      id: String(index),
      updatedAt: new Date(0),
    }));
    expect(sitemapEntries({ listings, posts: [] })).toHaveLength(SITEMAP_URL_LIMIT);
  });
});

describe("buildSitemapXml", () => {
  it("writes a urlset with absolute, escaped URLs and W3C lastmod dates", () => {
    const xml = buildSitemapXml(
      [{ path: "/" }, { path: "/search?title=a&b", lastModified: new Date("2026-11-02T03:04:05.678Z") }],
      "https://rooms.example/",
    );
    expect(xml).toBe(
      [
        `<?xml version="1.0" encoding="UTF-8"?>`,
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
        `  <url>`,
        `    <loc>https://rooms.example/</loc>`,
        `  </url>`,
        `  <url>`,
        `    <loc>https://rooms.example/search?title=a&amp;b</loc>`,
        `    <lastmod>2026-11-02T03:04:05Z</lastmod>`,
        `  </url>`,
        `</urlset>`,
        ``,
      ].join("\n"),
    );
  });

  it("leaves out an invalid date", () => {
    expect(buildSitemapXml([{ path: "/a", lastModified: new Date("nope") }], "http://x")).not.toContain("lastmod");
  });
});

describe("buildRobotsTxt", () => {
  it("allows public pages, disallows private areas and names the sitemap", () => {
    expect(buildRobotsTxt("https://rooms.example/")).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /settings",
        "Disallow: /api/",
        "Disallow: /auth",
        "Disallow: /dev/",
        "Disallow: /list-property",
        "",
        "Sitemap: https://rooms.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });
});
