import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { blogPostUploads, photoUploads } from "~/db/schema";
import { createStorageAdapter, localUploadsDir } from "~/lib/adapters/storage/index.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Viewer } from "~/modules/auth/viewer";
import { uploadPostImage } from "~/modules/blog/post-image.server";
import { createPost, deletePost, updatePost } from "~/modules/blog/post-write.server";
import { MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import { ListingPhotoError } from "~/modules/media/listing-photos.server";
import { sweepUnusedPhotoUploads, UNUSED_UPLOAD_TTL_MS } from "~/modules/media/photo-uploads.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testStorage } from "~/tests/support/services";

const meta = { clientAddress: "203.0.113.7" };
const quietLogger = { info: () => undefined, warn: () => undefined };
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>',
);

describeEachDatabase("blog post featured image uploads", (use) => {
  let dataDir: string;
  let storage: StorageAdapter;
  let staff: Viewer;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "laneway-post-image-"));
    storage = createStorageAdapter({ DATA_DIR: dataDir });
    staff = await createTestViewer(use().db, { role: "staff" });
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const jpeg = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: "teal" } })
      .jpeg()
      .toBuffer();
  const upload = async (viewer: Viewer, image: Buffer) =>
    uploadPostImage(use().db, viewer, image, { storage, logger: quietLogger });
  const uploaded = async () => {
    const result = await upload(staff, await jpeg());
    if (!result.ok) throw new Error("upload refused");
    return result.url;
  };
  const filesOf = async (url: string) => {
    const folder = path.join(localUploadsDir(dataDir), path.dirname(storage.keyFromUrl(url) ?? "missing"));
    return readdir(folder).catch(() => []);
  };
  const uploadCount = async () => (await use().db.select().from(photoUploads)).length;
  const sweepTomorrow = () =>
    sweepUnusedPhotoUploads(use().db, { storage, now: () => new Date(Date.now() + UNUSED_UPLOAD_TTL_MS + 60_000) });
  const post = (featuredImage: string, slug = "with-a-picture") => ({
    title: "With a picture",
    slug,
    content: "<p>Hello</p>",
    featuredImage,
  });

  it("stores a staff member's image re-encoded, without its metadata", async () => {
    const withGps = await sharp(await jpeg())
      .withExif({ IFD0: { Copyright: "secret", Artist: "someone" } })
      .jpeg()
      .toBuffer();
    const url = await (async () => {
      const result = await upload(staff, withGps);
      if (!result.ok) throw new Error("upload refused");
      return result.url;
    })();
    expect(url).toMatch(/^\/uploads\/listings\/[0-9a-f-]{36}\/800\.[0-9a-f]{10}\.jpg$/);
    const stored = await sharp(path.join(localUploadsDir(dataDir), storage.keyFromUrl(url) ?? "")).metadata();
    expect(stored.format).toBe("jpeg");
    expect(stored.exif).toBeUndefined();
  });

  it.each(["tenant", "landlord"] as const)("refuses a %s and stores nothing", async (role) => {
    const viewer = await createTestViewer(use().db, { role });
    expect(await upload(viewer, await jpeg())).toEqual({ ok: false, reason: "forbidden" });
    expect(await uploadCount()).toBe(0);
  });

  it.each([
    ["a file that is not an image", Buffer.from("<?php echo 'hello'; ?>"), "notAnImage"],
    ["an SVG (with a script in it)", SVG, "notAnImage"],
    ["an HTML page behind a GIF header", Buffer.from("GIF89a<html><script>alert(1)</script></html>"), "notAnImage"],
    ["a body over 15 MB", Buffer.alloc(MAX_LISTING_PHOTO_BYTES + 1, 0xff), "tooLarge"],
  ])("refuses %s and stores nothing", async (_, body, problem) => {
    const refused = await upload(staff, body).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ListingPhotoError);
    expect((refused as ListingPhotoError).problem).toBe(problem);
    expect(await uploadCount()).toBe(0);
  });

  it("keeps the image a post shows through the sweep, and lets it go when the post drops it", async () => {
    const url = await uploaded();
    const created = await createPost(use().db, staff, post(url), meta, testStorage());
    if (!created.ok) throw new Error(`post not created: ${created.reason}`);
    expect(
      await use().db.select().from(blogPostUploads).where(eq(blogPostUploads.postId, created.post.id)),
    ).toHaveLength(1);
    expect(await sweepTomorrow()).toBe(0);
    expect(await filesOf(url)).toHaveLength(5);

    // A bundled site image instead: the upload is no longer wanted.
    const updated = await updatePost(
      use().db,
      staff,
      created.post.id,
      post("/demo/blog/blog-tram.webp"),
      meta,
      testStorage(),
    );
    expect(updated.ok).toBe(true);
    expect(await sweepTomorrow()).toBe(1);
    expect(await filesOf(url)).toEqual([]);
  });

  it("lets a deleted post's image go, and an unsaved upload after a day", async () => {
    const [kept, unsaved] = [await uploaded(), await uploaded()];
    const created = await createPost(use().db, staff, post(kept), meta, testStorage());
    if (!created.ok) throw new Error("post not created");
    expect(await sweepTomorrow()).toBe(1);
    expect(await filesOf(unsaved)).toEqual([]);
    expect(await filesOf(kept)).toHaveLength(5);

    expect((await deletePost(use().db, staff, created.post.id, meta)).ok).toBe(true);
    expect(await use().db.select().from(blogPostUploads)).toEqual([]);
    expect(await sweepTomorrow()).toBe(1);
    expect(await filesOf(kept)).toEqual([]);
  });

  it("refuses a post by someone who may not write posts, linking nothing", async () => {
    const url = await uploaded();
    const tenant = await createTestViewer(use().db, { role: "tenant" });
    expect(await createPost(use().db, tenant, post(url), meta, testStorage())).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await use().db.select().from(blogPostUploads)).toEqual([]);
  });
});
