import { createMiddleware } from "hono/factory";
import { problemResponse } from "~/server/api/problem";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What a page answers (400, plain text) when the request carries a NUL character. */
export const NUL_REFUSED =
  "The request contains a null character (U+0000), which cannot be accepted. Please remove it and try again.";

/** The API's problem `detail` for a NUL character in the request's address or body. */
export const NUL_REFUSED_DETAIL = {
  url: "The request's path or query string contains a null character (%00), which is not accepted.",
  body: "The JSON body contains a null character (\\u0000) in a string or key, which is not accepted.",
};

/** `%00` anywhere in a raw path or query decodes to U+0000 (a percent sign cannot be part of an earlier escape). */
const NUL_IN_URL = /%00|\0/;
/** A `\u0000` escape that is not itself escaped (an even number of backslashes before it). */
const NUL_IN_JSON = /(?<!\\)(?:\\\\)*\\u0000/;
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;|\s*$)/i;

/** Whether a form (urlencoded or multipart) has a NUL character in a field name or text value; files are bytes and pass. */
export function formHasNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store or compare text (or jsonb) holding U+0000: a query given one fails
 * ("invalid byte sequence for encoding UTF8: 0x00") and the request would answer 500. So a NUL
 * character in a request's path or query string, or in a JSON body's strings, is refused with 400
 * before any route runs: problem details for the REST API (`api`), plain text for pages. Form
 * fields are checked where forms are already parsed (`formBodies`). Paths under `exempt` (the
 * payment webhook, whose body is covered by the provider's signature) keep their bodies unread;
 * runs after the body limit, so nothing larger than it is read.
 */
export function nulBytes({ api, exempt }: { api: (path: string) => boolean; exempt: (path: string) => boolean }) {
  return createMiddleware(async (c, next) => {
    const isApi = api(c.req.path);
    const refuse = (where: keyof typeof NUL_REFUSED_DETAIL) =>
      isApi ? problemResponse(400, NUL_REFUSED_DETAIL[where]) : c.text(NUL_REFUSED, 400);
    // The whole URL, unparsed: the host of a request the server accepted holds no %00.
    if (NUL_IN_URL.test(c.req.url)) return refuse("url");
    if (!UNSAFE_METHODS.has(c.req.method) || exempt(c.req.path) || !c.req.raw.body) return next();
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) return next();
    // API routes read the body through Hono's cache, so its JSON is parsed from this same text
    // once; pages (React Router) read the request itself, so they get an untouched copy.
    const text = await (isApi ? c.req.text() : c.req.raw.clone().text()).catch(() => undefined);
    if (text !== undefined && NUL_IN_JSON.test(text)) return refuse("body");
    await next();
  });
}
