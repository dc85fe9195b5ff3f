import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { blogPosts } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { canManagePosts } from "~/modules/blog/permissions";

export interface PostCursor {
  /** created_at to the microsecond, as PostgreSQL prints it in UTC. */
  createdAt: string;
  id: string;
}

const CREATED_AT_TEXT = sql<string>`to_char(${blogPosts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function isPostCursor(value: unknown): value is PostCursor {
  const cursor = value as Partial<PostCursor> | null;
  return (
    typeof cursor?.createdAt === "string" &&
    TIMESTAMP.test(cursor.createdAt) &&
    typeof cursor.id === "string" &&
    UUID.test(cursor.id)
  );
}

/**
 * A keyset page of every post (drafts included) for those who manage posts, newest first (ties by
 * id): a page continues after the last row of the one before, so posts created meanwhile never
 * shift or repeat the rest.
 */
export async function staffPostsPage(
  db: Executor,
  viewer: Viewer,
  { limit, after }: { limit: number; after?: PostCursor },
): Promise<
  { ok: true; posts: (typeof blogPosts.$inferSelect)[]; next: PostCursor | null } | { ok: false; reason: "forbidden" }
> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  const at = after && sql`${after.createdAt}::timestamptz`;
  const found = await db
    .select({ post: blogPosts, createdAtText: CREATED_AT_TEXT })
    .from(blogPosts)
    .where(
      after && at
        ? or(lt(blogPosts.createdAt, at), and(eq(blogPosts.createdAt, at), lt(blogPosts.id, after.id)))
        : undefined,
    )
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    ok: true,
    posts: page.map((item) => item.post),
    next: found.length > limit && last ? { createdAt: last.createdAtText, id: last.post.id } : null,
  };
}
