import { createHash } from "node:crypto";
import { readdir, readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { createStorageAdapter, localUploadsDir } from "~/lib/adapters/storage/index.server";
import { StorageError, type StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import { parseListingForm } from "~/modules/listings/listing-form";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import {
  ListingPhotoError,
  processListingPhoto,
  saveListingPhoto,
  variantWidths,
} from "~/modules/media/listing-photos.server";

const quietLogger = { info: () => undefined, warn: () => undefined };

/** A width×height photo: left half red, right half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "blue" } }).composite([
    { input: { create: { width: Math.floor(width / 2), height, channels: 3, background: "red" } }, left: 0, top: 0 },
  ]);

/** A camera-style JPEG: the owner's name and a GPS position (Melbourne) in its EXIF. */
const cameraJpeg = (width: number, height: number, orientation = 1) =>
  halves(width, height)
    .withExif({
      IFD0: { Artist: "Ann Secret", Copyright: "Ann Secret 2026" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "37/1 48/1 50/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "144/1 57/1 47/1",
      },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();

/** A 1×1 PNG whose header claims 20000×20000: the shape of a decompression bomb. */
async function pixelBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } })
    .png()
    .toBuffer();
  const ihdr = 8 + 4; // signature, chunk length; then "IHDR", width, height…, CRC
  png.writeUInt32BE(20_000, ihdr + 4);
  png.writeUInt32BE(20_000, ihdr + 8);
  png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 4 + 13)), ihdr + 4 + 13);
  return png;
}

const problemOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof ListingPhotoError ? error.problem : error),
  );

describe("variantWidths", () => {
  it("makes the standard widths below the photo's own, never upscaling", () => {
    expect(variantWidths(4000)).toEqual([400, 800, 1600]);
    expect(variantWidths(1600)).toEqual([400, 800, 1600]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(800)).toEqual([400, 800]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe("processListingPhoto", () => {
  it("makes WebP and AVIF at 400, 800 and 1600 px plus a 1600 px JPEG, keeping the aspect ratio", async () => {
    const { fallback, responsive } = await processListingPhoto(await cameraJpeg(3000, 2000));
    expect(fallback).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    expect(responsive.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 400, 267],
      ["webp", 800, 534],
      ["webp", 1600, 1067],
      ["avif", 400, 267],
      ["avif", 800, 534],
      ["avif", 1600, 1067],
    ]);
    for (const file of [fallback, ...responsive]) {
      // The bytes are what they claim to be, at the size they claim.
      expect(await sharp(file.body).metadata()).toMatchObject({
        format: file.format === "avif" ? "heif" : file.format,
        width: file.width,
        height: file.height,
      });
    }
  });

  it("strips EXIF, including the camera owner and GPS position, from every file", async () => {
    const input = await cameraJpeg(2000, 1500);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes("Ann Secret")).toBe(true);
    // Tag 0x8825 (little-endian): the pointer to the GPS directory.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { fallback, responsive } = await processListingPhoto(input);
    for (const file of [fallback, ...responsive]) {
      const after = await sharp(file.body).metadata();
      expect(after.exif, `${file.format} ${file.width}`).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(file.body.includes("Ann Secret")).toBe(false);
    }
  });

  it("turns the photo upright from its EXIF orientation", async () => {
    // Stored 2000×1000, tagged "rotate 90° clockwise to display": upright it is 1000×2000.
    const { fallback } = await processListingPhoto(await cameraJpeg(2000, 1000, 6));
    expect(fallback).toMatchObject({ width: 1000, height: 2000 });
  });

  it("never upscales: a smaller PNG tops out at its own width, transparency on white in the JPEG", async () => {
    const png = await sharp({
      create: { width: 1000, height: 700, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { fallback, responsive } = await processListingPhoto(png);
    expect(fallback).toMatchObject({ format: "jpeg", width: 1000, height: 700 });
    expect(responsive.map(({ format, width }) => `${format} ${width}`)).toEqual([
      "webp 400",
      "webp 800",
      "webp 1000",
      "avif 400",
      "avif 800",
      "avif 1000",
    ]);
    const { data } = await sharp(fallback.body).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((channel) => channel > 245)).toBe(true);

    const tiny = await processListingPhoto(await halves(300, 200).webp().toBuffer());
    expect([tiny.fallback, ...tiny.responsive].map(({ width }) => width)).toEqual([300, 300, 300]);
  });

  it("refuses what is not an image, whatever it is called", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect/></svg>');
    const jpeg = await cameraJpeg(800, 600);
    for (const input of [
      Buffer.from("hello, not an image"),
      Buffer.alloc(0),
      Buffer.from("%PDF-1.7\n"),
      svg,
      jpeg.subarray(0, 300),
    ]) {
      expect(await problemOf(processListingPhoto(input))).toBe("notAnImage");
    }
    await expect(processListingPhoto(svg)).rejects.toThrow(LISTING_PHOTO_ERRORS.notAnImage);
  });

  it("refuses a huge pixel count from the header, and files over 15 MB before decoding", async () => {
    const bomb = await pixelBomb();
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    await expect(processListingPhoto(bomb)).rejects.toThrow(LISTING_PHOTO_ERRORS.tooManyPixels);
    expect(await problemOf(processListingPhoto(Buffer.alloc(MAX_LISTING_PHOTO_BYTES + 1)))).toBe("tooLarge");
  });
});

describeEachDatabase("saveListingPhoto", (use) => {
  let dataDir: string;
  let userId: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "laneway-listing-photos-"));
    userId = (await createTestViewer(use().db, { role: "landlord" })).id;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedFiles = async () =>
    (await readdir(localUploadsDir(dataDir), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(localUploadsDir(dataDir), path.join(entry.parentPath, entry.name)))
      .sort();

  it("stores every file under listings/<uuid>/ in DATA_DIR and returns a photo the listing form accepts", async () => {
    const storage = createStorageAdapter({ DATA_DIR: dataDir });
    const { photo } = await saveListingPhoto(use().db, userId, await cameraJpeg(2400, 1600), {
      storage,
      logger: quietLogger,
    });

    // Each file is named by its width and a hash of its bytes.
    const folder = /^\/uploads\/(listings\/[0-9a-f-]{36})\/1600\.[0-9a-f]{10}\.jpg$/.exec(photo.url)?.[1];
    expect(folder).toBeDefined();
    expect(photo).toMatchObject({ width: 1600, height: 1067 });
    const stored = await storedFiles();
    expect(stored.map((file) => file.replace(/\.[0-9a-f]{10}\./, ".")).sort()).toEqual(
      ["1600.avif", "1600.jpg", "1600.webp", "400.avif", "400.webp", "800.avif", "800.webp"].map(
        (name) => `${folder}/${name}`,
      ),
    );
    for (const file of stored) {
      const hash = createHash("sha256")
        .update(await readFile(path.join(localUploadsDir(dataDir), file)))
        .digest("hex");
      expect(file).toContain(`.${hash.slice(0, 10)}.`);
    }
    expect(photo.variants).toEqual(
      expect.arrayContaining([
        { url: expect.stringMatching(`^/uploads/${folder}/400\\.[0-9a-f]{10}\\.webp$`), width: 400, format: "webp" },
        { url: expect.stringMatching(`^/uploads/${folder}/800\\.[0-9a-f]{10}\\.avif$`), width: 800, format: "avif" },
        { url: photo.url, width: 1600, format: "jpeg" },
      ]),
    );
    expect(photo.variants).toHaveLength(7);
    const fallback = await readFile(path.join(dataDir, photo.url));
    expect(await sharp(fallback).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    expect(fallback.includes("Ann Secret")).toBe(false);

    const form = new FormData();
    form.set("title", "Sunny room in Fitzroy");
    form.set("photos", JSON.stringify([photo]));
    const parsed = parseListingForm(form);
    expect(parsed.success && parsed.data.photos).toEqual([photo]);
  });

  it("stores nothing for a refused file", async () => {
    const storage = createStorageAdapter({ DATA_DIR: dataDir });
    for (const input of [Buffer.from("not an image"), await pixelBomb()]) {
      await expect(saveListingPhoto(use().db, userId, input, { storage, logger: quietLogger })).rejects.toBeInstanceOf(
        ListingPhotoError,
      );
    }
    expect(await storedFiles()).toEqual([]);
  });

  it("removes the files already stored when one upload fails", async () => {
    const local = createStorageAdapter({ DATA_DIR: dataDir });
    const storage: StorageAdapter = {
      putObject: async (object) => {
        if (/\/800\.[0-9a-f]{10}\.avif$/.test(object.key)) throw new StorageError("bucket unavailable");
        return local.putObject(object);
      },
      deleteObject: (key) => local.deleteObject(key),
      keyFromUrl: (url) => local.keyFromUrl(url),
      imageOrigins: local.imageOrigins,
    };
    await expect(
      saveListingPhoto(use().db, userId, await cameraJpeg(2000, 1500), { storage, logger: quietLogger }),
    ).rejects.toThrow("bucket unavailable");
    expect(await storedFiles()).toEqual([]);
  });
});
