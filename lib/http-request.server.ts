import { safeLocalPath } from "~/lib/safe-local-path";

/**
 * A browser's own form post (no JavaScript) asks for a page; React Router's fetcher asks for data
 * (`Accept: *\/*`). The first gets a redirect back, the second JSON.
 */
export function wantsDocument(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * The page a plain form post came from, to send the visitor back to: the Referer's path and query,
 * only when the Referer is this site (the request's origin or `publicUrl`'s) and its path is a safe
 * local one (`safeLocalPath`: a path such as `//evil.example/` on this origin is refused); null
 * otherwise, so a redirect back can never leave the site.
 */
export function refererPath(request: Request, publicUrl: string): string | null {
  const ownOrigins = new Set([new URL(request.url).origin]);
  try {
    ownOrigins.add(new URL(publicUrl).origin);
  } catch {
    // PUBLIC_URL is validated at start; nothing to add otherwise.
  }
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return ownOrigins.has(url.origin) ? safeLocalPath(`${url.pathname}${url.search}`) : null;
  } catch {
    // An unparsable Referer is ignored.
    return null;
  }
}
