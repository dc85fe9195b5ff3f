/**
 * Blog, news and press posts.
 */
import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "~/db/schema/columns";
import { users } from "~/db/schema/auth";
import { photoUploads } from "~/db/schema/media";

export const postStatuses = ["draft", "published"] as const;
export const postTypes = ["blog", "news", "press"] as const;

export const postStatus = pgEnum("post_status", postStatuses);
export const postType = pgEnum("post_type", postTypes);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** Sanitized HTML. */
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    featuredImage: text("featured_image"),
    status: postStatus("status").notNull().default("draft"),
    type: postType("type").notNull().default("blog"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    check("blog_posts_title_not_blank", sql`length(trim(${table.title})) > 0`),
    check("blog_posts_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blog_posts_published_has_date", sql`${table.status} <> 'published' or ${table.publishedAt} is not null`),
    index("blog_posts_public_idx").on(table.status, table.type, table.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(table.createdAt.desc()),
  ],
);

/**
 * Which upload a post's featured image is (at most one); kept in step with `blog_posts.featured_image`
 * on every create and edit, dropped with the post, so the unused-upload sweeper leaves it alone.
 */
export const blogPostUploads = pgTable(
  "blog_post_uploads",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => photoUploads.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.uploadId] }),
    index("blog_post_uploads_upload_idx").on(table.uploadId),
  ],
);
