/** Sitemap and robots.txt documents (pure; the queries are in sitemap.server.ts). */

/** Public pages that always exist, in the order they appear in the sitemap. */
export const STATIC_PAGES = [
  "/",
  "/search",
  "/about",
  "/contact",
  "/careers",
  "/press",
  "/blog",
  "/property-management",
  "/privacy",
  "/terms",
  "/cookies",
] as const;

/** Areas crawlers are asked to stay out of. */
export const ROBOTS_DISALLOW = ["/admin", "/settings", "/api/", "/auth", "/dev/", "/list-property"] as const;

/** One sitemap file holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapEntry {
  /** Site path, e.g. `/listing/…`. */
  path: string;
  lastModified?: Date;
}

export interface SitemapContent {
  listings: { id: string; updatedAt: Date }[];
  posts: { slug: string; updatedAt: Date }[];
}

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function origin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}

/** W3C datetime in UTC, to the second. */
function lastmod(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The sitemap's entries: static pages, then every listing page, then every blog post. */
export function sitemapEntries(content: SitemapContent): SitemapEntry[] {
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...content.listings.map((listing) => ({
      path: `/listing/${encodeURIComponent(listing.id)}`,
      lastModified: listing.updatedAt,
    })),
    ...content.posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: post.updatedAt })),
  ].slice(0, SITEMAP_URL_LIMIT);
}

/** A sitemaps.org `urlset` with absolute URLs from PUBLIC_URL. */
export function buildSitemapXml(entries: SitemapEntry[], publicUrl: string): string {
  const base = origin(publicUrl);
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${xmlEscape(`${base}${entry.path}`)}</loc>`];
    if (entry.lastModified && !Number.isNaN(entry.lastModified.getTime())) {
      lines.push(`    <lastmod>${lastmod(entry.lastModified)}</lastmod>`);
    }
    return `  <url>\n${lines.join("\n")}\n  </url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

/** robots.txt: everything public is allowed; private areas are not; the sitemap's absolute URL. */
export function buildRobotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin(publicUrl)}/sitemap.xml`,
    "",
  ].join("\n");
}
