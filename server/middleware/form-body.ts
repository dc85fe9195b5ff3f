import { createMiddleware } from "hono/factory";
import { formHasNul, NUL_REFUSED } from "~/server/middleware/nul-bytes";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const FORM_ENCODING_REFUSED = "This address accepts forms only.";
export const MALFORMED_FORM = "The form could not be read. Please reload the page and try again.";

/**
 * Page actions read their request as a form. A body that is not one (JSON, text, a multipart
 * body without a boundary) or a form that cannot be parsed (bad multipart, truncated) would make
 * `request.formData()` throw inside the action and answer 500, so it is refused here first: 415
 * for another encoding, 400 for a broken form. A form with a NUL character in a field (which
 * PostgreSQL cannot store) is refused with 400 from the same parse (see nul-bytes.ts). Paths under
 * `exempt` (the REST API, the payment webhook) read their own bodies; `jsonPaths` also take JSON
 * (the action checks it).
 */
export function formBodies({ exempt, jsonPaths = [] }: { exempt: (path: string) => boolean; jsonPaths?: string[] }) {
  return createMiddleware(async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (type.startsWith("application/json") && jsonPaths.includes(c.req.path.replace(/\.data$/, ""))) return next();
    const form =
      type.startsWith("application/x-www-form-urlencoded") ||
      (type.startsWith("multipart/form-data") && /;\s*boundary=/.test(type));
    if (!form) return c.text(FORM_ENCODING_REFUSED, 415);
    let parsed: FormData;
    try {
      parsed = await c.req.raw.clone().formData();
    } catch {
      return c.text(MALFORMED_FORM, 400);
    }
    if (formHasNul(parsed)) return c.text(NUL_REFUSED, 400);
    await next();
  });
}
