import { readdirSync } from "node:fs";
import type { Context, Env, MiddlewareHandler } from "hono";

/** A path the server library's own caching applies to (`/robots.txt`, not `/search` or `/search.data`). */
const FILE_LIKE = /\.[a-zA-Z0-9]+$/;

/**
 * The server library looks for every GET and HEAD on disk before it reaches the pages (a failed
 * `stat` and its error for each `/search`). The build's files all live under the top-level names of
 * its client directory (`assets`, `demo`, `favicon.svg`, …), fixed for the life of the process: a
 * request under any other name is a page, and goes to `pages` without the look. A path still holding
 * a `%` (the library decodes it once more) or named like a file is left to the library as before.
 */
export function pagesFirst<E extends Env>(
  clientDir: string,
  pages: (c: Context<E>) => Promise<Response>,
): MiddlewareHandler<E> {
  const fileNames = new Set(readdirSync(clientDir));
  return async (c, next) => {
    const path = c.req.path;
    const end = path.indexOf("/", 1);
    const name = path.slice(1, end === -1 ? undefined : end);
    const fileLike = FILE_LIKE.test(path) && !path.endsWith(".data");
    if (fileLike || path.includes("%") || fileNames.has(name)) return next();
    return pages(c);
  };
}
