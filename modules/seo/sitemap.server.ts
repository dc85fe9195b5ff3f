import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { blogPosts, listings } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { publiclyVisibleListings } from "~/modules/listings/visibility.server";
import { buildSitemapXml, SITEMAP_URL_LIMIT, sitemapEntries, type SitemapContent } from "~/modules/seo/sitemap";

/**
 * What the sitemap lists: every listing with an availability date (the ones public search shows)
 * and every published blog post whose publication time has come, each with its last change.
 */
export async function sitemapContent(database: Executor): Promise<SitemapContent> {
  const [listingRows, postRows] = await Promise.all([
    database
      .select({ id: listings.listingId, updatedAt: listings.updatedAt })
      .from(listings)
      .where(and(isNotNull(listings.availableFrom), publiclyVisibleListings()))
      .orderBy(desc(listings.updatedAt), listings.listingId)
      .limit(SITEMAP_URL_LIMIT),
    database
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`)))
      .orderBy(desc(blogPosts.publishedAt), blogPosts.slug)
      .limit(SITEMAP_URL_LIMIT),
  ]);
  return { listings: listingRows, posts: postRows };
}

/** The whole sitemap document, with absolute URLs from `publicUrl`. */
export async function sitemapXml(publicUrl: string, database: Executor): Promise<string> {
  return buildSitemapXml(sitemapEntries(await sitemapContent(database)), publicUrl);
}
