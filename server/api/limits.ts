import type { BodyLimit } from "~/server/middleware/body-limit";

/**
 * The key-authenticated API paths. Cookies never authenticate them, so the same-origin check (which
 * guards cookie sessions against cross-site forgery) does not apply; their bodies are capped here.
 */
export function isApiPath(path: string): boolean {
  return /^\/api\/(listings|blog|enquiries)(\/|$)/.test(path);
}

/** A listing (10,000 characters of description and 20 photos) or a blog post fits well within this. */
export const API_BODY_LIMIT: BodyLimit = {
  maxBytes: 256 * 1024,
  message: "The request body is larger than 256 KB.",
  problem: true,
};
