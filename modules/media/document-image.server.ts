import {
  decodeImage,
  encodeDecoded,
  ImageDecodeError,
  type ImageProblem,
} from "~/modules/media/internal/image-decode.server";

/** A scanned or photographed document: up to 40 megapixels, shrunk to 3000 px on its long side. */
const DOCUMENT_MAX_PIXELS = 40_000_000;
const DOCUMENT_LONG_SIDE = 3000;

/**
 * A photo or scan of a document, decoded from its bytes and encoded afresh as a JPEG: whatever
 * the file claimed to be, what is kept is pixels, with no EXIF, GPS or other metadata carried over.
 */
export async function reencodeDocumentImage(
  input: Buffer,
  maxBytes: number,
): Promise<{ ok: true; body: Buffer } | { ok: false; problem: ImageProblem }> {
  try {
    const decoded = await decodeImage(input, { maxBytes, maxPixels: DOCUMENT_MAX_PIXELS }, (image) =>
      image.resize(DOCUMENT_LONG_SIDE, DOCUMENT_LONG_SIDE, { fit: "inside", withoutEnlargement: true }),
    );
    return { ok: true, body: await encodeDecoded(decoded).jpeg({ quality: 85 }).toBuffer() };
  } catch (error) {
    if (error instanceof ImageDecodeError) return { ok: false, problem: error.problem };
    throw error;
  }
}
