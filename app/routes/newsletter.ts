import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { database, requestInfo, services } from "~/lib/request-context";
import { refererPath, wantsDocument } from "~/lib/http-request.server";
import { addressRateKey } from "~/lib/rate-limit.server";
import {
  NEWSLETTER_SOURCE_PARAM,
  SUBSCRIBED_PARAM,
  TOO_MANY_SIGN_UPS_MESSAGE,
} from "~/modules/newsletter/newsletter-text";
import { newsletterRateLimiter, subscribe } from "~/modules/newsletter/subscribe.server";

/**
 * The page to return to after a plain form post: the Referer's path and query when it is a safe
 * path on this site (`refererPath`); "/" otherwise.
 */
function returnUrl(request: Request, publicUrl: string, result: { ok: boolean }, source: string): string {
  const back = new URL(refererPath(request, publicUrl) ?? "/", request.url);
  const target = back.pathname === "/newsletter" ? new URL("/", request.url) : back;
  const query = new URLSearchParams(target.search);
  query.set(SUBSCRIBED_PARAM, result.ok ? "1" : "0");
  if (source === "blog" || source === "footer") query.set(NEWSLETTER_SOURCE_PARAM, source);
  else query.delete(NEWSLETTER_SOURCE_PARAM);
  const anchor = source === "blog" ? "#blog-newsletter" : "#footer-newsletter";
  return `${target.pathname}?${query.toString()}${anchor}`;
}

/** POST /newsletter (form fields `email`, `source`): the blog and footer sign-up forms. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const form = await request.formData();
  const email = form.get("email");
  const source = form.get("source");
  const limit = await newsletterRateLimiter.hit(addressRateKey(requestInfo(context).clientAddress));
  const result = limit.allowed
    ? await subscribe(database(context), {
        email: typeof email === "string" ? email : undefined,
        source: typeof source === "string" ? source : undefined,
      })
    : ({ ok: false, error: TOO_MANY_SIGN_UPS_MESSAGE } as const);
  if (wantsDocument(request)) {
    throw redirect(
      returnUrl(request, services(context).site.url, result, typeof source === "string" ? source : ""),
      303,
    );
  }
  if (result.ok) return data({ ok: true } as const);
  const headers = limit.allowed ? undefined : { "Retry-After": String(limit.retryAfterSeconds) };
  return data({ ok: false, error: result.error } as const, {
    status: statusFor(COMMON_REFUSALS[limit.allowed ? "invalid" : "rate-limited"]),
    headers,
  });
}

/** Someone opening /newsletter directly is sent to the home page. */
export function loader() {
  throw redirect("/");
}
