import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { blogPosts } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";
import { POST_STATUSES, POST_TYPES, type PostFieldErrors, type PostInputValues } from "~/modules/blog/post-input";
import {
  createPost,
  deletePost,
  getPostForStaff,
  updatePost,
  type PostRefusal,
} from "~/modules/blog/post-write.server";
import { POST_REFUSAL_CODE } from "~/modules/blog/post-refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { lockPostAtVersion, postVersion } from "~/modules/blog/post-version.server";
import { isPostCursor, staffPostsPage } from "~/modules/blog/staff-post-page.server";
import { apiAuditMeta } from "~/server/api/audit-meta";
import { decodeCursor, encodeCursor } from "~/server/api/cursor";
import { idempotencyKeyHeader, createOnce } from "~/server/api/idempotency";
import type { ApiEnv } from "~/server/api/key-auth";
import { ifMatchVersions } from "~/server/api/if-match";
import { staffAndAdmin } from "~/server/api/roles-extension";
import { ApiProblem, problemResponses, type FieldError } from "~/server/api/problem";
import { validationHook } from "~/server/api/validation";

type PostRow = typeof blogPosts.$inferSelect;

const postSchema = z
  .object({
    id: z.uuid(),
    title: z.string().openapi({ example: "Renting a room in the CBD: what to ask" }),
    slug: z.string().openapi({ example: "renting-a-room-in-the-cbd" }),
    content: z.string().openapi({ description: "HTML (sanitized to the blog's allow-list)." }),
    excerpt: z.string().nullable(),
    featured_image: z.string().nullable(),
    type: z.enum(POST_TYPES),
    status: z.enum(POST_STATUSES),
    author_id: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    published_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("BlogPost");

const postBodyFields = {
  title: z.string().openapi({ example: "Renting a room in the CBD: what to ask" }),
  slug: z.string().openapi({ example: "renting-a-room-in-the-cbd" }),
  content: z.string().openapi({ example: "<p>Five questions to ask before you sign a mid-term lease.</p>" }),
  excerpt: z.string().nullable().openapi({ example: "Five questions to ask before you sign." }),
  featured_image: z.string().nullable(),
  type: z.enum(POST_TYPES).openapi({ example: "blog" }),
  status: z.enum(POST_STATUSES).openapi({ example: "draft" }),
};
const postUpdateSchema = z.strictObject(postBodyFields).partial().openapi("BlogPostUpdate");
const postCreateSchema = z
  .strictObject({
    ...postUpdateSchema.shape,
    title: postBodyFields.title,
    slug: postBodyFields.slug,
    content: postBodyFields.content,
  })
  .openapi("BlogPostCreate");
type PostBody = z.infer<typeof postUpdateSchema>;

const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });
const secured = [{ ApiKey: [] }];
const etagHeader = { ETag: { schema: { type: "string" as const }, description: "The post's version, for If-Match." } };

function toPost(post: PostRow) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    featured_image: post.featuredImage,
    type: post.type,
    status: post.status,
    author_id: post.authorId,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    published_at: post.publishedAt?.toISOString() ?? null,
  };
}

/** The body over the current post (PUT changes only the fields it sends). */
function valuesFrom(body: PostBody, current?: PostRow): PostInputValues {
  return {
    title: body.title ?? current?.title ?? "",
    slug: body.slug ?? current?.slug ?? "",
    content: body.content ?? current?.content ?? "",
    excerpt: body.excerpt === undefined ? (current?.excerpt ?? null) : body.excerpt,
    featuredImage: body.featured_image === undefined ? (current?.featuredImage ?? null) : body.featured_image,
    type: body.type ?? current?.type,
    status: body.status ?? current?.status,
  };
}

const API_FIELD: Record<keyof PostFieldErrors, string> = {
  title: "title",
  slug: "slug",
  excerpt: "excerpt",
  content: "content",
  featuredImage: "featured_image",
  status: "status",
  type: "type",
};

const NOT_FOUND = "No blog post with this id.";
const FORBIDDEN = "Only staff and admins may manage blog posts.";

/** A refused post write as problem details, with the fields when they were the trouble. */
function refusal(result: PostRefusal): ApiProblem {
  const status = statusFor(POST_REFUSAL_CODE[result.reason]);
  if (!("fieldErrors" in result)) return new ApiProblem(status, result.reason === "forbidden" ? FORBIDDEN : NOT_FOUND);
  const errors: FieldError[] = Object.entries(result.fieldErrors).map(([field, message]) => ({
    field: API_FIELD[field as keyof PostFieldErrors],
    message: message ?? "",
  }));
  const detail = errors.map((error) => `${error.field}: ${error.message}`).join(" ");
  return new ApiProblem(status, detail, errors);
}

const listRoute = createRoute({
  method: "get",
  path: "/blog",
  summary: "List blog posts",
  description: "Every post, drafts included, newest first, one page at a time.",
  security: secured,
  ...staffAndAdmin,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: "Page size (1–100)." }),
      cursor: z.string().max(200).optional().openapi({ description: "next_cursor from the previous page." }),
    }),
  },
  responses: {
    200: {
      description: "One page of posts.",
      content: {
        "application/json": {
          schema: z
            .object({ data: z.array(postSchema), has_more: z.boolean(), next_cursor: z.string().nullable() })
            .openapi("BlogPostPage"),
        },
      },
    },
    ...problemResponses(400, 401, 403, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/blog/{id}",
  summary: "Get a blog post",
  description: "Any post, whatever its status.",
  security: secured,
  ...staffAndAdmin,
  request: { params: idParam },
  responses: {
    200: { description: "The post.", headers: etagHeader, content: { "application/json": { schema: postSchema } } },
    ...problemResponses(401, 403, 404, 429),
  },
});

const createPostRoute = createRoute({
  method: "post",
  path: "/blog",
  summary: "Create a blog post",
  description: "Send an Idempotency-Key header so a retried request never creates a second post.",
  security: secured,
  ...staffAndAdmin,
  request: {
    headers: idempotencyKeyHeader("Any unique string per create."),
    body: { required: true, content: { "application/json": { schema: postCreateSchema } } },
  },
  responses: {
    201: { description: "The new post.", content: { "application/json": { schema: postSchema } } },
    ...problemResponses(400, 401, 403, 409, 422, 429),
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/blog/{id}",
  summary: "Update a blog post",
  description:
    "Changes the fields sent. Saving as published sets the publication date to now. Send If-Match with the ETag you read: a post changed since then answers 412 instead of being overwritten.",
  security: secured,
  ...staffAndAdmin,
  request: {
    params: idParam,
    headers: z.object({
      "if-match": z.string().optional().openapi({ description: "The ETag of the version you read." }),
    }),
    body: { required: true, content: { "application/json": { schema: postUpdateSchema } } },
  },
  responses: {
    200: {
      description: "The updated post.",
      headers: etagHeader,
      content: { "application/json": { schema: postSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 412, 429),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/blog/{id}",
  summary: "Delete a blog post",
  security: secured,
  ...staffAndAdmin,
  request: { params: idParam },
  responses: { 204: { description: "Deleted." }, ...problemResponses(401, 403, 404, 429) },
});

/** /api/blog: the blog module's staff functions (and their audit log) over JSON. */
export function blogRoutes(database: () => Executor, services: Pick<Services, "storage">) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isPostCursor);
    if (after === null) {
      throw new ApiProblem(400, "cursor: This cursor is not one we gave out.", [
        { field: "cursor", message: "This cursor is not one we gave out." },
      ]);
    }
    const page = await staffPostsPage(database(), c.get("identity").viewer, { limit: query.limit, after });
    if (!page.ok) throw refusal(page);
    return c.json(
      { data: page.posts.map(toPost), has_more: page.next !== null, next_cursor: page.next && encodeCursor(page.next) },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const result = await getPostForStaff(database(), c.get("identity").viewer, c.req.valid("param").id);
    if (!result.ok) throw refusal(result);
    c.header("ETag", `"${postVersion(result.post)}"`);
    return c.json(toPost(result.post), 200);
  });

  app.openapi(createPostRoute, async (c) => {
    const { viewer } = c.get("identity");
    const body = c.req.valid("json");
    const meta = apiAuditMeta(c);
    let refused: PostRefusal | undefined;
    const create = async (db: Executor) => {
      const result = await createPost(db, viewer, valuesFrom(body), meta, services.storage);
      if (!result.ok) {
        refused = result;
        return null;
      }
      return toPost(result.post);
    };
    const created = await createOnce(c, database(), c.req.valid("header")["idempotency-key"], body, create);
    if (!created) throw refusal(refused ?? { ok: false, reason: "forbidden" });
    c.header("Location", `/api/blog/${created.id}`);
    return c.json(created as z.infer<typeof postSchema>, 201);
  });

  app.openapi(updateRoute, async (c) => {
    const { viewer } = c.get("identity");
    const { id } = c.req.valid("param");
    const db = database();
    const current = await getPostForStaff(db, viewer, id);
    if (!current.ok) throw refusal(current);
    const meta = apiAuditMeta(c);
    const ifMatch = c.req.valid("header")["if-match"];
    const versions = ifMatch === undefined || ifMatch.trim() === "*" ? null : ifMatchVersions(ifMatch);
    const stale = () =>
      new ApiProblem(statusFor(COMMON_REFUSALS.stale), "The post changed since you read it. Read it again and retry.");
    if (versions && !versions.includes(postVersion(current.post))) throw stale();
    const values = valuesFrom(c.req.valid("json"), current.post);
    const result = await db.transaction(async (tx) => {
      // With If-Match the row stays locked from the version check to the update.
      if (versions && (await lockPostAtVersion(tx, id, postVersion(current.post))) !== "current") return null;
      return updatePost(tx, viewer, id, values, meta, services.storage);
    });
    if (!result) throw stale();
    if (!result.ok) throw refusal(result);
    c.header("ETag", `"${postVersion(result.post)}"`);
    return c.json(toPost(result.post), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const meta = apiAuditMeta(c);
    const result = await deletePost(database(), c.get("identity").viewer, c.req.valid("param").id, meta);
    if (!result.ok) throw refusal(result);
    return c.body(null, 204);
  });

  return app;
}
