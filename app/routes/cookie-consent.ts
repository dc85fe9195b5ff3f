import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { consentCookies, consentFromForm } from "~/app/components/consent/consent";
import { refererPath } from "~/lib/http-request.server";
import { services } from "~/lib/request-context";

/**
 * POST /cookie-consent (`choice` = `accept` or `save`, with `analytics` and `marketing` ticked or
 * not): the cookie banner's form before its script has loaded, or without JavaScript. Stores the
 * consent as the banner's script does and sends the visitor back to the page they were on (a safe
 * path on this site, else home). Cross-site posts are refused before this runs (same-origin check).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const consent = consentFromForm(await request.formData());
  if (!consent) throw data(null, { status: 400 });
  const { url } = services(context).site;
  const headers = new Headers();
  for (const cookie of consentCookies(consent, { secure: url.startsWith("https:") }))
    headers.append("Set-Cookie", cookie);
  throw redirect(refererPath(request, url) ?? "/", { status: 303, headers });
}

/** Someone opening /cookie-consent directly is sent to the home page. */
export function loader() {
  throw redirect("/");
}
