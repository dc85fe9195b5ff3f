import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { db } from "~/lib/db/index.server";
import { env } from "~/lib/env.server";
import { NEWSLETTER_SOURCE_PARAM, SUBSCRIBED_PARAM } from "~/modules/newsletter/newsletter-text";
import { subscribe } from "~/modules/newsletter/subscribe.server";

/**
 * The page to return to after a plain form post: the Referer's path and query, only when it is
 * this site (same origin as the request or PUBLIC_URL); "/" otherwise.
 */
function returnUrl(request: Request, result: { ok: boolean }, source: string): string {
  const ownOrigins = new Set([new URL(request.url).origin]);
  try {
    ownOrigins.add(new URL(env().PUBLIC_URL).origin);
  } catch {
    // PUBLIC_URL is validated at start; nothing to add otherwise.
  }
  let target = new URL("/", request.url);
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (ownOrigins.has(url.origin) && url.pathname !== "/newsletter") target = url;
    } catch {
      // An unparsable Referer is ignored.
    }
  }
  const query = new URLSearchParams(target.search);
  query.set(SUBSCRIBED_PARAM, result.ok ? "1" : "0");
  if (source === "blog" || source === "footer") query.set(NEWSLETTER_SOURCE_PARAM, source);
  else query.delete(NEWSLETTER_SOURCE_PARAM);
  const anchor = source === "blog" ? "#blog-newsletter" : "#footer-newsletter";
  return `${target.pathname}?${query.toString()}${anchor}`;
}

/**
 * A browser's own form post (no JavaScript) asks for a page; React Router's fetcher asks for data
 * (`Accept: *\/*`). The first gets a redirect back, the second JSON.
 */
function wantsDocument(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** POST /newsletter (form fields `email`, `source`): the blog and footer sign-up forms. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const form = await request.formData();
  const email = form.get("email");
  const source = form.get("source");
  const result = await subscribe(db(), {
    email: typeof email === "string" ? email : undefined,
    source: typeof source === "string" ? source : undefined,
  });
  if (wantsDocument(request)) {
    throw redirect(returnUrl(request, result, typeof source === "string" ? source : ""), 303);
  }
  return result.ok ? data({ ok: true } as const) : data({ ok: false, error: result.error } as const, { status: 400 });
}

/** Someone opening /newsletter directly is sent to the home page. */
export function loader() {
  throw redirect("/");
}
