import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_ERRORS, AVATAR_SIZE, MAX_AVATAR_BYTES } from "~/modules/media/avatar-limits";
import { AvatarError, processAvatar } from "~/modules/media/avatar.server";

/** A width×height image: left half red, right half blue. */
function halves(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "blue" } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: "red" } },
      left: 0,
      top: 0,
    },
  ]);
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 };
}

const isRed = (p: { r: number; b: number }) => p.r > 200 && p.b < 60;
const isBlue = (p: { r: number; b: number }) => p.b > 200 && p.r < 60;

describe("processAvatar", () => {
  it("makes a 400×400 WebP, centre-cropped", async () => {
    const output = await processAvatar(await halves(1200, 600).png().toBuffer());
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    // The middle square of a red|blue landscape: still red on the left, blue on the right.
    expect(isRed(await pixel(output, 20, 200))).toBe(true);
    expect(isBlue(await pixel(output, 380, 200))).toBe(true);
  });

  it("turns the image upright from its EXIF orientation", async () => {
    // Stored red|blue, tagged "rotate 90° clockwise to display": upright it is red on top, blue below.
    const input = await halves(200, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const output = await processAvatar(input);
    expect(isRed(await pixel(output, 200, 20))).toBe(true);
    expect(isBlue(await pixel(output, 200, 380))).toBe(true);
  });

  it("strips EXIF, including the camera owner and GPS position", async () => {
    const input = await halves(800, 800)
      .withExif({
        IFD0: { Artist: "Ann Secret", Copyright: "Ann Secret 2026" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "37/1 48/1 50/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "144/1 57/1 47/1",
        },
      })
      .withMetadata({ orientation: 1 })
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes("Ann Secret")).toBe(true);
    // Tag 0x8825 (little-endian): the pointer to the GPS directory.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const output = await processAvatar(input);
    const after = await sharp(output).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(output.includes("Ann Secret")).toBe(false);
  });

  it("reads other formats (GIF, WebP)", async () => {
    for (const input of [await halves(64, 64).gif().toBuffer(), await halves(64, 64).webp().toBuffer()]) {
      expect(await sharp(await processAvatar(input)).metadata()).toMatchObject({ width: 400, height: 400 });
    }
  });

  it("refuses what is not an image", async () => {
    for (const input of [Buffer.from("hello, not an image"), Buffer.alloc(0), Buffer.from("%PDF-1.7\n")]) {
      await expect(processAvatar(input)).rejects.toThrow(new AvatarError(AVATAR_ERRORS.notAnImage));
    }
  });

  it("refuses a truncated image", async () => {
    const jpeg = await halves(400, 400).jpeg().toBuffer();
    await expect(processAvatar(jpeg.subarray(0, 200))).rejects.toBeInstanceOf(AvatarError);
  });

  it("refuses files over 5 MB before decoding", async () => {
    await expect(processAvatar(Buffer.alloc(MAX_AVATAR_BYTES + 1))).rejects.toThrow(AVATAR_ERRORS.tooLarge);
  });

  it("refuses images with too many pixels from the header, without decoding them", async () => {
    // A 1×1 PNG whose header claims 20000×20000: the shape of a decompression bomb.
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } })
      .png()
      .toBuffer();
    const ihdr = 8 + 4; // signature, chunk length; then "IHDR", width, height…, CRC
    png.writeUInt32BE(20_000, ihdr + 4);
    png.writeUInt32BE(20_000, ihdr + 8);
    png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 4 + 13)), ihdr + 4 + 13);
    expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    await expect(processAvatar(png)).rejects.toThrow(AVATAR_ERRORS.tooManyPixels);
  });
});
