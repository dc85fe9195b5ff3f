import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { billingDeps } from "~/app/http/billing.server";
import { getViewer } from "~/app/http/viewer.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { authPath } from "~/modules/auth/return-to";
import { startCheckout } from "~/modules/billing/checkout.server";

/**
 * POST: start the Professional Plan checkout (or, for a subscriber, open the plan's management
 * page). Answers with a redirect to the provider; a refusal comes back as `{ error }`. Without a
 * session the visitor is sent to sign in and then back to `returnTo`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viewer = getViewer(context);
  if (!viewer) {
    // The only answer a signed-out Subscribe gets, with or without the page's code (ADR 76).
    throw redirectWithNotice(authPath("sign_in", formText(form, "returnTo")), {
      title: "Authentication required",
      description: "Please sign in to subscribe",
      tone: "error",
    });
  }
  const result = await startCheckout(billingDeps(context), viewer, { priceId: formText(form, "priceId") });
  if (result.ok) throw redirect(result.url);
  return data(
    { error: result.message },
    { status: result.reason === "invalid" ? 400 : result.reason === "busy" ? 409 : 502 },
  );
}

export function loader() {
  throw redirect("/settings/billing");
}
