import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, blogPosts } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { findPublishedPost } from "~/modules/blog/blog-queries.server";
import { FEATURED_IMAGE_NOT_OURS, SLUG_TAKEN } from "~/modules/blog/post-input";
import {
  createPost,
  deletePost,
  getPostForStaff,
  listPostsForStaff,
  updatePost,
} from "~/modules/blog/post-write.server";
import { sitemapContent } from "~/modules/seo/sitemap.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testStorage } from "~/tests/support/services";

const meta = { clientAddress: "203.0.113.7" };
const MISSING = "00000000-0000-4000-8000-000000000000";

const input = (overrides: Record<string, unknown> = {}) => ({
  title: "Moving to Melbourne",
  slug: "moving-to-melbourne",
  content: "<p>Hello <strong>city</strong></p>",
  ...overrides,
});

const auditRows = (db: Database) => db.select().from(auditLog).orderBy(auditLog.createdAt);
const postCount = async (db: Database) => (await db.select().from(blogPosts)).length;

describeEachDatabase("blog post writes", (use) => {
  it("creates a draft blog post by default, sanitized, unpublished, and audits it", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const result = await createPost(
      db,
      staff,
      input({ content: '<p onclick="x()">Hi</p><script>alert(1)</script><img src="javascript:x">' }),
      meta,
      testStorage(),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.post).toMatchObject({ status: "draft", type: "blog", publishedAt: null, authorId: staff.id });
    expect(result.post.content).toBe("<p>Hi</p>");
    expect(await findPublishedPost(db, testStorage(), "moving-to-melbourne")).toBeNull();
    const [row] = await auditRows(db);
    expect(row).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      action: "post.create",
      targetType: "post",
      targetId: result.post.id,
      clientAddress: "203.0.113.7",
      before: null,
    });
    expect(row?.after).toMatchObject({ slug: "moving-to-melbourne", status: "draft" });
  });

  it("keeps only our own images: another site's is dropped from the content and refused as the featured image", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const content =
      '<p>Hi</p><img src="https://evil.example/a.png" alt="x"><img src="/uploads/listings/a.jpg" alt="ours">';
    const refused = await createPost(
      db,
      staff,
      input({ content, featuredImage: "https://evil.example/cover.jpg", status: "published" }),
      meta,
      testStorage(),
    );
    expect(refused).toMatchObject({ reason: "invalid", fieldErrors: { featuredImage: FEATURED_IMAGE_NOT_OURS } });
    expect(await postCount(db)).toBe(0);

    const saved = await createPost(
      db,
      staff,
      input({ content, featuredImage: "/uploads/listings/cover.jpg", status: "published" }),
      meta,
      testStorage(),
    );
    if (!saved.ok) throw new Error(`post not saved: ${saved.reason}`);
    expect(saved.post.content).toBe('<p>Hi</p><img src="/uploads/listings/a.jpg" alt="ours" loading="lazy" />');

    // A row stored before the rule: the outside images are not shown.
    await db
      .update(blogPosts)
      .set({ content, featuredImage: "https://evil.example/cover.jpg" })
      .where(eq(blogPosts.id, saved.post.id));
    const shown = await findPublishedPost(db, testStorage(), "moving-to-melbourne");
    expect(shown?.featuredImage).toBeNull();
    expect(shown?.content).not.toContain("evil.example");
  });

  it("a post saved as published is on the blog and in the sitemap at once; unpublishing empties its date", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const created = await createPost(db, admin, input({ status: "published", type: "news" }), meta, testStorage());
    if (!created.ok) throw new Error(created.reason);
    expect(created.post.publishedAt).toBeInstanceOf(Date);
    expect(await findPublishedPost(db, testStorage(), "moving-to-melbourne")).toMatchObject({
      title: "Moving to Melbourne",
    });
    expect((await sitemapContent(db)).posts.map((post) => post.slug)).toEqual(["moving-to-melbourne"]);

    const unpublished = await updatePost(db, admin, created.post.id, input({ status: "draft" }), meta, testStorage());
    expect(unpublished.ok && unpublished.post.publishedAt).toBeNull();
    expect(await findPublishedPost(db, testStorage(), "moving-to-melbourne")).toBeNull();
    expect((await auditRows(db)).map((row) => row.action)).toEqual(["post.publish", "post.unpublish"]);
  });

  it("every save as published resets the published date (the spec's rule)", async () => {
    const { db } = use();
    const admin = await createTestViewer(db, { role: "admin" });
    const created = await createPost(db, admin, input({ status: "published" }), meta, testStorage());
    if (!created.ok) throw new Error(created.reason);
    const old = new Date("2025-01-01T00:00:00Z");
    await db.update(blogPosts).set({ publishedAt: old }).where(eq(blogPosts.id, created.post.id));
    const updated = await updatePost(
      db,
      admin,
      created.post.id,
      input({ status: "published", title: "New" }),
      meta,
      testStorage(),
    );
    if (!updated.ok) throw new Error(updated.reason);
    expect(updated.post.publishedAt?.getTime()).toBeGreaterThan(old.getTime());
    expect((await auditRows(db)).at(-1)).toMatchObject({ action: "post.update" });
    expect((await auditRows(db)).at(-1)?.before).toMatchObject({ title: "Moving to Melbourne" });
  });

  it("refuses tenants and landlords on every call, changes nothing and audits nothing", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const created = await createPost(db, staff, input(), meta, testStorage());
    if (!created.ok) throw new Error(created.reason);
    for (const role of ["tenant", "landlord"] as const) {
      const viewer = await createTestViewer(db, { role });
      expect(await listPostsForStaff(db, viewer)).toEqual({ ok: false, reason: "forbidden" });
      expect(await getPostForStaff(db, viewer, created.post.id)).toEqual({ ok: false, reason: "forbidden" });
      expect(await createPost(db, viewer, input({ slug: "other" }), meta, testStorage())).toEqual({
        ok: false,
        reason: "forbidden",
      });
      expect(await updatePost(db, viewer, created.post.id, input({ title: "Hacked" }), meta, testStorage())).toEqual({
        ok: false,
        reason: "forbidden",
      });
      expect(await deletePost(db, viewer, created.post.id, meta)).toEqual({ ok: false, reason: "forbidden" });
    }
    expect(await postCount(db)).toBe(1);
    expect((await getPostForStaff(db, staff, created.post.id)).ok && "unchanged").toBe("unchanged");
    expect(await auditRows(db)).toHaveLength(1);
  });

  it("requires title, slug and content; refuses unsafe slugs and image addresses with field messages", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const empty = await createPost(db, staff, { title: " ", slug: "", content: "" }, meta, testStorage());
    expect(empty).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        title: "Please enter a title.",
        slug: "Please enter a slug.",
        content: "Please enter the content.",
      },
    });
    const bad = await createPost(
      db,
      staff,
      input({ slug: "../Etc Passwd", featuredImage: "javascript:alert(1)", status: "live", type: "memo" }),
      meta,
      testStorage(),
    );
    expect(bad.ok === false && bad.reason).toBe("invalid");
    expect(bad.ok === false && bad.reason === "invalid" && Object.keys(bad.fieldErrors).sort()).toEqual([
      "featuredImage",
      "slug",
      "status",
      "type",
    ]);
    const onlyScript = await createPost(
      db,
      staff,
      input({ content: "<script>alert(1)</script>" }),
      meta,
      testStorage(),
    );
    expect(onlyScript).toMatchObject({ reason: "invalid", fieldErrors: { content: "Please enter the content." } });
    const huge = await createPost(db, staff, input({ content: "x".repeat(300_000) }), meta, testStorage());
    expect(huge).toMatchObject({ reason: "invalid" });
    expect(await postCount(db)).toBe(0);
    expect(await auditRows(db)).toHaveLength(0);
  });

  it("a taken slug is refused with a clear message on create and on update", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const first = await createPost(db, staff, input(), meta, testStorage());
    const second = await createPost(db, staff, input({ slug: "second" }), meta, testStorage());
    if (!first.ok || !second.ok) throw new Error("setup failed");
    expect(await createPost(db, staff, input(), meta, testStorage())).toEqual({
      ok: false,
      reason: "slug-taken",
      fieldErrors: { slug: SLUG_TAKEN },
    });
    expect(await updatePost(db, staff, second.post.id, input(), meta, testStorage())).toMatchObject({
      reason: "slug-taken",
    });
    // Keeping its own slug is fine.
    expect((await updatePost(db, staff, first.post.id, input({ title: "Renamed" }), meta, testStorage())).ok).toBe(
      true,
    );
    expect(await auditRows(db)).toHaveLength(3);
  });

  it("deletes a post with an audit row of what it was; unknown or malformed ids are not found", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    const created = await createPost(db, staff, input(), meta, testStorage());
    if (!created.ok) throw new Error(created.reason);
    expect(await deletePost(db, staff, MISSING, meta)).toEqual({ ok: false, reason: "not-found" });
    expect(await deletePost(db, staff, "' or 1=1 --", meta)).toEqual({ ok: false, reason: "not-found" });
    expect(await updatePost(db, staff, MISSING, input(), meta, testStorage())).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await getPostForStaff(db, staff, "nope")).toEqual({ ok: false, reason: "not-found" });
    expect((await deletePost(db, staff, created.post.id, meta)).ok).toBe(true);
    expect(await postCount(db)).toBe(0);
    const rows = await auditRows(db);
    expect(rows.map((row) => row.action)).toEqual(["post.create", "post.delete"]);
    expect(rows[1]?.before).toMatchObject({ slug: "moving-to-melbourne" });
  });

  it("lists every post newest first with the total, a page at a time", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    for (let index = 1; index <= 14; index += 1) {
      await db.insert(blogPosts).values({
        title: `Post ${index}`,
        slug: `post-${index}`,
        content: "<p>x</p>",
        createdAt: new Date(Date.UTC(2026, 0, index)),
      });
    }
    const first = await listPostsForStaff(db, staff, { page: 1, pageSize: 12 });
    const second = await listPostsForStaff(db, staff, { page: 2, pageSize: 12 });
    expect(first.ok && first.posts.map((post) => post.title).slice(0, 2)).toEqual(["Post 14", "Post 13"]);
    expect(first.ok && first.total).toBe(14);
    expect(second.ok && second.posts.map((post) => post.title)).toEqual(["Post 2", "Post 1"]);
  });

  it("the audit log cannot be edited or deleted, even with direct SQL", async () => {
    const { db } = use();
    const staff = await createTestViewer(db, { role: "staff" });
    await createPost(db, staff, input(), meta, testStorage());
    await expect(db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await auditRows(db)).map((row) => row.action)).toEqual(["post.create"]);
  });
});
