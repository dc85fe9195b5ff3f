/** Avatar rules shared by the upload form (checked before sending) and the server (the authority). */

/** Avatars are stored as one square WebP this many pixels wide (the page hint asks for at least this). */
export const AVATAR_SIZE = 400;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** The avatar plus the profile form's multipart envelope: the server refuses a bigger request body. */
export const MAX_AVATAR_REQUEST_BYTES = MAX_AVATAR_BYTES + 64 * 1024;
/** Checked from the header before decoding, so a small file claiming huge dimensions is refused cheaply. */
export const MAX_AVATAR_PIXELS = 50_000_000;

export const AVATAR_ERRORS = {
  tooLarge: `The image must be ${MAX_AVATAR_BYTES / 1024 / 1024} MB or smaller.`,
  tooManyPixels: `The image is too large: please use one under ${MAX_AVATAR_PIXELS / 1_000_000} megapixels.`,
  notAnImage: "The file is not an image we can read.",
} as const;
