import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { billingDeps } from "~/app/http/billing.server";
import { getViewer } from "~/app/http/viewer.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { formText } from "~/lib/form-data";
import { safeLocalPath } from "~/lib/safe-local-path";
import { authPath } from "~/modules/auth/return-to";
import { BILLING_REFUSAL_CODE } from "~/modules/billing/billing-refusal-code";
import { startCheckout } from "~/modules/billing/checkout.server";
import { statusFor } from "~/lib/http/refusal-status";

/**
 * POST: start the Professional Plan checkout (or, for a subscriber, open the plan's management
 * page). Answers with a redirect to the provider. A refusal comes back as `{ error }` to the
 * button's code; a form the browser posted itself (no JavaScript, or a click before the page's code
 * arrived) goes back to `returnTo` with the refusal as a notice instead of a bare JSON body. Without
 * a session the visitor is sent to sign in and then back to `returnTo`.
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
  if (request.headers.get("Sec-Fetch-Dest") === "document") {
    throw redirectWithNotice(safeLocalPath(formText(form, "returnTo")) ?? "/settings/billing", {
      title: "Error",
      description: result.message,
      tone: "error",
    });
  }
  return data({ error: result.message }, { status: statusFor(BILLING_REFUSAL_CODE[result.reason]) });
}

export function loader() {
  throw redirect("/settings/billing");
}
