import { describe, expect, it } from "vitest";
import { decodeImage } from "~/modules/media/internal/image-decode.server";
import { laplacianVariance, measurePhoto } from "~/modules/media/internal/photo-scoring.server";
import { hammingDistance, PHOTO_LIMITS } from "~/modules/media/photo-suggestions";
import { scenes } from "~/tests/support/scene-photos";

const measure = async (input: Buffer) =>
  measurePhoto(await decodeImage(input, { maxBytes: 15 * 1024 * 1024, maxPixels: 50_000_000 }));

describe("measurePhoto", () => {
  it("scores a sharp photo above the blur limit and its blurred copy below it", async () => {
    const sharp = await measure(await scenes.sharp());
    const blurred = await measure(await scenes.blurred());
    expect(sharp.sharpness).toBeGreaterThan(PHOTO_LIMITS.blurred);
    expect(blurred.sharpness).toBeLessThan(PHOTO_LIMITS.blurred);
    expect(sharp).toMatchObject({ width: 1200, height: 800 });
  });

  it("tells a bright photo from a very dark one", async () => {
    const bright = await measure(await scenes.sharp());
    const dark = await measure(await scenes.dark());
    expect(bright.brightness).toBeGreaterThan(PHOTO_LIMITS.dark);
    expect(dark.brightness).toBeLessThan(PHOTO_LIMITS.dark);
    expect(dark.dark).toBeGreaterThan(bright.dark);
  });

  it("gives a re-saved copy nearly the same hash and another scene a different one", async () => {
    const original = await measure(await scenes.sharp(1));
    const copy = await measure(await scenes.resaved(1));
    const other = await measure(await scenes.sharp(4));
    expect(original.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(original.hash, copy.hash)).toBeLessThanOrEqual(PHOTO_LIMITS.duplicateBits);
    expect(hammingDistance(original.hash, other.hash)).toBeGreaterThan(PHOTO_LIMITS.duplicateBits);
  });

  it("is deterministic", async () => {
    const input = await scenes.sharp(2);
    expect(await measure(input)).toEqual(await measure(input));
  });
});

describe("laplacianVariance", () => {
  it("is zero for a flat image and large for a checkerboard", () => {
    expect(laplacianVariance(new Uint8Array(16).fill(90), 4, 4)).toBe(0);
    const checker = Uint8Array.from({ length: 64 }, (_, i) => (((i % 8) + Math.floor(i / 8)) % 2 ? 255 : 0));
    expect(laplacianVariance(checker, 8, 8)).toBeGreaterThan(10_000);
  });
});
