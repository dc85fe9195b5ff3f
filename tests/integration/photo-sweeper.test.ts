import { access, mkdtemp, readdir, rm } from "node:fs/promises";
import { demoRoomPhoto } from "~/scripts/seed/demo-listings";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { listings, photoUploads, type ListingPhoto } from "~/db/schema";
import { createStorageAdapter, localUploadsDir } from "~/lib/adapters/storage/index.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import { testMaps } from "~/tests/support/services";
import type { Viewer } from "~/modules/auth/viewer";
import { parseListingForm, type ListingFormInput } from "~/modules/listings/listing-form";
import { createListing, deleteListing, updateListing } from "~/modules/listings/listing-write.server";
import { saveListingPhoto } from "~/modules/media/listing-photos.server";
import { sweepUnusedPhotoUploads, UNUSED_UPLOAD_TTL_MS } from "~/modules/media/photo-uploads.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const quietLogger = { info: () => undefined, warn: () => undefined };
const DEMO_PHOTO: ListingPhoto = demoRoomPhoto("room-01", "Furnished room");

describeEachDatabase("unused listing photo uploads", (use) => {
  let dataDir: string;
  let storage: StorageAdapter;
  let landlord: Viewer;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "laneway-photo-sweeper-"));
    storage = createStorageAdapter({ DATA_DIR: dataDir });
    landlord = await createTestViewer(use().db, { role: "landlord" });
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (owner = landlord) => {
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: "teal" } })
      .jpeg()
      .toBuffer();
    return (await saveListingPhoto(use().db, owner.id, image, { storage, logger: quietLogger })).photo;
  };
  const filesOf = async (photo: ListingPhoto) => {
    const folder = path.join(localUploadsDir(dataDir), path.dirname(storage.keyFromUrl(photo.url) ?? "missing"));
    return readdir(folder).catch(() => []);
  };
  const listingInput = (photos: ListingPhoto[]): ListingFormInput => {
    const form = new FormData();
    form.set("title", "Room with photos");
    form.set("photos", JSON.stringify(photos));
    const parsed = parseListingForm(form);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
    return parsed.data;
  };
  const sweepAt = (msFromNow: number) =>
    sweepUnusedPhotoUploads(use().db, { storage, now: () => new Date(Date.now() + msFromNow) });
  const justOverADay = UNUSED_UPLOAD_TTL_MS + 60_000;

  it("deletes every file of an upload no listing uses once it is a day old, and not before", async () => {
    const photo = await upload();
    expect(await filesOf(photo)).toHaveLength(5); // JPEG fallback, WebP and AVIF at 400 and 800 px

    expect(await sweepAt(UNUSED_UPLOAD_TTL_MS - 60_000)).toBe(0);
    expect(await filesOf(photo)).toHaveLength(5);

    expect(await sweepAt(justOverADay)).toBe(1);
    expect(await filesOf(photo)).toEqual([]);
    expect(await use().db.select().from(photoUploads)).toEqual([]);
  });

  it("keeps the uploads a listing shows, and the bundled demo photos it uses", async () => {
    const kept = await upload();
    const created = await createListing(use().db, landlord, listingInput([kept, DEMO_PHOTO]), {
      storage,
      maps: testMaps(),
    });
    expect(created.ok).toBe(true);

    expect(await sweepAt(justOverADay)).toBe(0);
    expect(await filesOf(kept)).toHaveLength(5);
    await expect(access(path.join("public", DEMO_PHOTO.url))).resolves.toBeUndefined();
  });

  it("removes a photo taken off a listing on edit, and every photo of a deleted listing", async () => {
    const [first, second] = [await upload(), await upload()];
    const created = await createListing(use().db, landlord, listingInput([first, second]), {
      storage,
      maps: testMaps(),
    });
    if (!created.ok) throw new Error("listing not created");

    expect(
      (await updateListing(use().db, landlord, created.value.id, listingInput([second]), { storage, maps: testMaps() }))
        .ok,
    ).toBe(true);
    expect(await sweepAt(justOverADay)).toBe(1);
    expect(await filesOf(first)).toEqual([]);
    expect(await filesOf(second)).toHaveLength(5);

    expect((await deleteListing(use().db, landlord, created.value.id)).ok).toBe(true);
    expect(await sweepAt(justOverADay)).toBe(1);
    expect(await filesOf(second)).toEqual([]);
  });

  it("keeps an upload another listing still shows when one listing drops it", async () => {
    const shared = await upload();
    const mine = await createListing(use().db, landlord, listingInput([shared]), { storage, maps: testMaps() });
    const other = await createTestViewer(use().db, { role: "landlord" });
    const theirs = await createListing(use().db, other, listingInput([shared]), { storage, maps: testMaps() });
    if (!mine.ok || !theirs.ok) throw new Error("listings not created");

    await deleteListing(use().db, landlord, mine.value.id);
    expect(await sweepAt(justOverADay)).toBe(0);
    expect(await filesOf(shared)).toHaveLength(5);
  });

  it("changes nothing when another landlord's edit of my listing is refused", async () => {
    const photo = await upload();
    const mine = await createListing(use().db, landlord, listingInput([photo]), { storage, maps: testMaps() });
    if (!mine.ok) throw new Error("listing not created");
    const intruder = await createTestViewer(use().db, { role: "landlord" });

    expect(
      await updateListing(use().db, intruder, mine.value.id, listingInput([]), { storage, maps: testMaps() }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await deleteListing(use().db, intruder, mine.value.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await sweepAt(justOverADay)).toBe(0);
    expect(await filesOf(photo)).toHaveLength(5);
    const [row] = await use().db.select().from(listings).where(eq(listings.listingId, mine.value.id));
    expect(row?.photos).toEqual([photo]);
  });

  it("leaves the upload's record for the next run when storage fails mid-sweep", async () => {
    const photo = await upload();
    const failing: StorageAdapter = { ...storage, deleteObject: () => Promise.reject(new Error("bucket down")) };
    await expect(
      sweepUnusedPhotoUploads(use().db, { storage: failing, now: () => new Date(Date.now() + justOverADay) }),
    ).rejects.toThrow("bucket down");
    expect(await use().db.select({ id: photoUploads.id }).from(photoUploads)).toHaveLength(1);

    expect(await sweepAt(justOverADay)).toBe(1);
    expect(await filesOf(photo)).toEqual([]);
  });
});
