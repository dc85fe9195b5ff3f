import { and, count, desc, eq, ne } from "drizzle-orm";
import { blogPosts } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { recordAudit, type AuditMeta } from "~/modules/audit/record-audit.server";
import type { Viewer } from "~/modules/auth/viewer";
import { canManagePosts } from "~/modules/blog/permissions";
import {
  postFieldErrors,
  FEATURED_IMAGE_NOT_OURS,
  postInputSchema,
  SLUG_TAKEN,
  type PostFieldErrors,
  type PostInput,
  type PostInputValues,
} from "~/modules/blog/post-input";
import { postImageUrl, sanitizePostHtml, type PostImageStorage } from "~/modules/blog/post-html.server";
import { linkPostImage, type PhotoStorage } from "~/modules/media/photo-uploads.server";

/** Where a post's images are stored: which addresses are ours, and the upload behind one. */
type PostStorage = PhotoStorage & PostImageStorage;

export type StaffPost = typeof blogPosts.$inferSelect;

export type PostRefusal =
  | { ok: false; reason: "forbidden" | "not-found" }
  | { ok: false; reason: "invalid" | "slug-taken"; fieldErrors: PostFieldErrors };

export type PostResult = { ok: true; post: StaffPost } | PostRefusal;

export const ADMIN_PAGE_SIZES = [12, 24, 48] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every post, drafts included, newest first, one page at a time. */
export async function listPostsForStaff(
  db: Executor,
  viewer: Viewer,
  { page = 1, pageSize = 12 }: { page?: number; pageSize?: number } = {},
): Promise<{ ok: true; posts: StaffPost[]; total: number } | { ok: false; reason: "forbidden" }> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  const size = Math.min(Math.max(Math.trunc(pageSize) || 12, 1), 100);
  const offset = (Math.max(Math.trunc(page) || 1, 1) - 1) * size;
  const [posts, [totals]] = await Promise.all([
    db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).limit(size).offset(offset),
    db.select({ total: count() }).from(blogPosts),
  ]);
  return { ok: true, posts, total: totals?.total ?? 0 };
}

/** One post, whatever its status. */
export async function getPostForStaff(db: Executor, viewer: Viewer, id: string): Promise<PostResult> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  const post = UUID.test(id) ? await findPost(db, id) : undefined;
  return post ? { ok: true, post } : { ok: false, reason: "not-found" };
}

async function findPost(db: Executor, id: string): Promise<StaffPost | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
}

/** The columns a save writes: content sanitized with the blog allow-list; published now, or not at all. */
function columns(input: PostInput, storage: PostImageStorage) {
  return {
    title: input.title,
    slug: input.slug,
    content: sanitizePostHtml(input.content, storage),
    excerpt: input.excerpt,
    featuredImage: input.featuredImage,
    status: input.status,
    type: input.type,
    // The spec's rule: every save as published (re)sets the date to now; any other status empties it.
    publishedAt: input.status === "published" ? new Date() : null,
  };
}

type Validated = { ok: true; input: PostInput } | { ok: false; reason: "invalid"; fieldErrors: PostFieldErrors };

function validate(values: PostInputValues, storage: PostImageStorage): Validated {
  const parsed = postInputSchema.safeParse(values);
  if (!parsed.success) return { ok: false, reason: "invalid", fieldErrors: postFieldErrors(parsed.error) };
  // Content that is nothing but disallowed markup sanitizes to nothing: as good as empty.
  if (sanitizePostHtml(parsed.data.content, storage).trim() === "") {
    return { ok: false, reason: "invalid", fieldErrors: { content: "Please enter the content." } };
  }
  if (parsed.data.featuredImage !== null && postImageUrl(parsed.data.featuredImage, storage) === null) {
    return { ok: false, reason: "invalid", fieldErrors: { featuredImage: FEATURED_IMAGE_NOT_OURS } };
  }
  return { ok: true, input: parsed.data };
}

async function slugTaken(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return row !== undefined;
}

const SLUG_TAKEN_REFUSAL = { ok: false, reason: "slug-taken", fieldErrors: { slug: SLUG_TAKEN } } as const;

/** What the audit log keeps of a post (the content is left out: it can be large and is in the post). */
function auditView(post: StaffPost) {
  return {
    title: post.title,
    slug: post.slug,
    status: post.status,
    type: post.type,
    publishedAt: post.publishedAt?.toISOString() ?? null,
  };
}

/** Creates a post by `viewer`, audited in the same transaction. */
export async function createPost(
  db: Executor,
  viewer: Viewer,
  values: PostInputValues,
  meta: AuditMeta,
  storage: PostStorage,
): Promise<PostResult> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  const valid = validate(values, storage);
  if (!valid.ok) return valid;
  return uniqueSlugOrRefusal(() =>
    db.transaction(async (tx) => {
      if (await slugTaken(tx, valid.input.slug)) return SLUG_TAKEN_REFUSAL;
      const [post] = await tx
        .insert(blogPosts)
        .values({ ...columns(valid.input, storage), authorId: viewer.id })
        .returning();
      if (!post) throw new Error("the post insert returned no row");
      await linkPostImage(tx, post.id, post.featuredImage, storage);
      await recordAudit(tx, {
        actor: viewer,
        action: post.status === "published" ? "post.publish" : "post.create",
        targetType: "post",
        targetId: post.id,
        after: auditView(post),
        meta,
      });
      return { ok: true, post } as const;
    }),
  );
}

/** Updates a post; publishing, unpublishing and editing are audited as such. */
export async function updatePost(
  db: Executor,
  viewer: Viewer,
  id: string,
  values: PostInputValues,
  meta: AuditMeta,
  storage: PostStorage,
): Promise<PostResult> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  const valid = validate(values, storage);
  if (!valid.ok) return valid;
  return uniqueSlugOrRefusal(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update").limit(1);
      if (!before) return { ok: false, reason: "not-found" } as const;
      if (await slugTaken(tx, valid.input.slug, id)) return SLUG_TAKEN_REFUSAL;
      const [post] = await tx
        .update(blogPosts)
        .set(columns(valid.input, storage))
        .where(eq(blogPosts.id, id))
        .returning();
      if (!post) throw new Error("the post update returned no row");
      await linkPostImage(tx, post.id, post.featuredImage, storage);
      const action =
        post.status === before.status ? "post.update" : post.status === "published" ? "post.publish" : "post.unpublish";
      await recordAudit(tx, {
        actor: viewer,
        action,
        targetType: "post",
        targetId: id,
        before: auditView(before),
        after: auditView(post),
        meta,
      });
      return { ok: true, post } as const;
    }),
  );
}

/** Deletes a post, audited with what it was. */
export async function deletePost(db: Executor, viewer: Viewer, id: string, meta: AuditMeta): Promise<PostResult> {
  if (!canManagePosts(viewer)) return { ok: false, reason: "forbidden" };
  if (!UUID.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [post] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!post) return { ok: false, reason: "not-found" } as const;
    await recordAudit(tx, {
      actor: viewer,
      action: "post.delete",
      targetType: "post",
      targetId: id,
      before: auditView(post),
      meta,
    });
    return { ok: true, post } as const;
  });
}

/** Two saves racing for one slug: the unique index refuses the second, reported like the check before it. */
async function uniqueSlugOrRefusal(save: () => Promise<PostResult>): Promise<PostResult> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) return SLUG_TAKEN_REFUSAL;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object";) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
