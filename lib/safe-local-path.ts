/**
 * One check for every "back to where you were" (sign-in return paths, the Referer of a no-script
 * post, the listing page's "Back to results", the remembered landing page): only a same-site path
 * is ever followed. Its own module, so the browser code that needs it loads nothing else.
 */

/** Longer paths are refused (a cookie holds about 4 KB, and nobody bookmarks such URLs). */
export const MAX_LOCAL_PATH_LENGTH = 1024;

const BASE = "http://local-path.invalid";
// Control characters, whitespace and backslashes: browsers strip or reinterpret them in URLs.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/**
 * The same-site path (pathname plus query, normalised, without fragment) that `value` names, or null
 * when it is anything else: an absolute URL, a protocol-relative `//host`, a backslash trick,
 * control characters, or a path that normalises into one of those.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LOCAL_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}`;
  // Dot segments can normalise "/..//evil.example" into the protocol-relative "//evil.example".
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE_CHARACTERS.test(path)) return null;
  if (path.length > MAX_LOCAL_PATH_LENGTH) return null;
  return path;
}
