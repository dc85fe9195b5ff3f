import sharp, { type Sharp } from "sharp";

/** What an upload may weigh, in bytes and in decoded pixels. */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

/** Why an upload was refused; each caller words it for its own form. */
export type ImageProblem = "tooLarge" | "tooManyPixels" | "notAnImage";

export class ImageDecodeError extends Error {
  readonly problem: ImageProblem;

  constructor(problem: ImageProblem) {
    super(`image refused: ${problem}`);
    this.name = "ImageDecodeError";
    this.problem = problem;
  }
}

/** Upright pixels with no metadata at all, ready to encode (see `encodeDecoded`). */
export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Raster photo formats only: sharp would also rasterise SVG (an XML parser and external
 * references), which no photo upload needs.
 */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * Decodes an untrusted upload into upright raw pixels, `shape` (a resize or crop) applied on the
 * way so large photos shrink while they load. What the file is comes from its bytes, never its
 * name or declared type. The byte cap is checked first and the pixel count from the header, so a
 * decompression bomb is refused without being decoded; truncated files fail (sharp's default
 * `failOn: "warning"`). Raw pixels carry nothing of the file's EXIF, GPS, XMP or ICC data, so no
 * encoder downstream can copy it.
 */
export async function decodeImage(
  input: Buffer,
  limits: ImageLimits,
  shape: (image: Sharp) => Sharp = (image) => image,
): Promise<DecodedImage> {
  if (input.length > limits.maxBytes) throw new ImageDecodeError("tooLarge");
  try {
    const image = sharp(input, { limitInputPixels: limits.maxPixels, autoOrient: true });
    const { format, width, height } = await image.metadata();
    if (!PHOTO_FORMATS.has(format)) throw new ImageDecodeError("notAnImage");
    if (width * height > limits.maxPixels) throw new ImageDecodeError("tooManyPixels");
    const { data, info } = await shape(image).raw().toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    const message = error instanceof Error ? error.message : "";
    throw new ImageDecodeError(/pixel limit/i.test(message) ? "tooManyPixels" : "notAnImage");
  }
}

/** A sharp pipeline over decoded pixels: add a resize and an output format. */
export function encodeDecoded(image: DecodedImage): Sharp {
  return sharp(image.data, { raw: image.info });
}
