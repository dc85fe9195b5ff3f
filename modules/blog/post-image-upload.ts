/**
 * The post editor's featured-image upload contract, shared by the editor and the server: the
 * address and its answer. The image goes through the listing photo pipeline (decode, strip,
 * re-encode), with its limits and messages.
 */

/** POST one image as the multipart field `file` (app/routes/admin/post-image.ts). */
export const POST_IMAGE_UPLOAD_PATH = "/admin/posts/image";

/** 201 with the stored image's URL (the JPEG fallback), else a message to show. */
export type PostImageUploadResult = { publicUrl: string } | { error: string };
