import { and, desc, eq, lte, sql } from "drizzle-orm";
import { blogPosts } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { postImageUrl, sanitizePostHtml, type PostImageStorage } from "~/modules/blog/post-html.server";
import type { SanitizedHtml } from "~/modules/blog/sanitize-html";

export type BlogPostType = (typeof blogPosts.$inferSelect)["type"];

/** A post as a card shows it (blog index). */
export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featuredImage: string | null;
  type: BlogPostType;
  /** ISO date-time. */
  publishedAt: string;
}

/** A post as its page shows it; `content` is sanitized again on the way out. */
export interface BlogPostDetail extends BlogPostSummary {
  content: SanitizedHtml;
}

/** How many posts the blog index shows as featured, then as latest. */
export const FEATURED_COUNT = 2;
export const LATEST_COUNT = 4;

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  featuredImage: blogPosts.featuredImage,
  type: blogPosts.type,
  publishedAt: blogPosts.publishedAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof blogPosts.$inferSelect)[K] };

function toSummary(row: SummaryRow, storage: PostImageStorage): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    // Only our own image is shown (the same rule as images inside the content).
    featuredImage: postImageUrl(row.featuredImage, storage),
    type: row.type,
    // Published rows always carry a date (check constraint); the fallback only satisfies the type.
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
  };
}

/** Publicly visible: published, and published_at not in the future. */
const isPublic = () => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`));

/** Published posts of type blog, newest first (ties by id so pages never overlap). */
async function publishedBlogPosts(
  db: Executor,
  storage: PostImageStorage,
  limit: number,
  offset: number,
): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(isPublic(), eq(blogPosts.type, "blog")))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toSummary(row, storage));
}

/** The blog index's Featured Posts: the 2 newest published posts of type blog. */
export function featuredPosts(db: Executor, storage: PostImageStorage): Promise<BlogPostSummary[]> {
  return publishedBlogPosts(db, storage, FEATURED_COUNT, 0);
}

/** The blog index's Latest Posts: the next 4 after the featured ones. */
export function latestPosts(db: Executor, storage: PostImageStorage): Promise<BlogPostSummary[]> {
  return publishedBlogPosts(db, storage, LATEST_COUNT, FEATURED_COUNT);
}

/** A publicly visible post (any type) by slug; null for a draft, a future post or an unknown slug. */
export async function findPublishedPost(
  db: Executor,
  storage: PostImageStorage,
  slug: string,
): Promise<BlogPostDetail | null> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 200) return null;
  const [row] = await db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(isPublic(), eq(blogPosts.slug, slug)))
    .limit(1);
  if (!row) return null;
  return { ...toSummary(row, storage), content: sanitizePostHtml(row.content, storage) };
}
