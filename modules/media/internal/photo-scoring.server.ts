import sharp from "sharp";
import type { PhotoAnalysis } from "~/db/schema";
import { encodeDecoded, type DecodedImage } from "~/modules/media/internal/image-decode.server";

/** Measured on a copy at most this many pixels on its longer side, so scores compare across sizes. */
const MEASURE_SIZE = 512;
/** Luminance at or below / at or above which a pixel counts as crushed / blown. */
const CRUSHED = 16;
const BLOWN = 239;

export type PhotoMeasures = Omit<PhotoAnalysis, "room" | "alt">;

/**
 * Sharpness, exposure and a perceptual hash of a decoded photo: plain arithmetic on sharp's raw
 * pixels, so the same photo always scores the same (no model, no network).
 */
export async function measurePhoto(image: DecodedImage): Promise<PhotoMeasures> {
  const grey = await encodeDecoded(image)
    .flatten({ background: "#ffffff" })
    .resize({ width: MEASURE_SIZE, height: MEASURE_SIZE, fit: "inside", withoutEnlargement: true })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = grey;
  let sum = 0;
  let crushed = 0;
  let blown = 0;
  for (const value of data) {
    sum += value;
    if (value <= CRUSHED) crushed += 1;
    if (value >= BLOWN) blown += 1;
  }
  const pixels = data.length;
  return {
    width: image.info.width,
    height: image.info.height,
    sharpness: round(laplacianVariance(data, info.width, info.height)),
    brightness: round(sum / pixels),
    dark: round(crushed / pixels),
    bright: round(blown / pixels),
    hash: await differenceHash(data, info.width, info.height),
  };
}

/**
 * The variance of the 4-neighbour Laplacian over the inner pixels: edges give large responses, so
 * a blurred or out-of-focus photo scores low.
 */
export function laplacianVariance(grey: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const response = 4 * grey[i]! - grey[i - 1]! - grey[i + 1]! - grey[i - width]! - grey[i + width]!;
      sum += response;
      squares += response * response;
      count += 1;
    }
  }
  const mean = sum / count;
  return squares / count - mean * mean;
}

/**
 * dHash: the photo shrunk to 9×8 grey pixels, one bit per horizontal neighbour pair (is the left
 * one brighter?), as 16 hex digits. Near-identical shots differ in a few bits; a crop, a re-save or
 * a slight exposure change barely moves it.
 */
async function differenceHash(grey: Buffer, width: number, height: number): Promise<string> {
  const small = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize({ width: 9, height: 8, fit: "fill", kernel: "cubic" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      bits = (bits << 1n) | (small[y * 9 + x]! > small[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, "0");
}

const round = (value: number) => Math.round(value * 1000) / 1000;
