import { data, redirect } from "react-router";
import type { Route } from "./+types/portal";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { BILLING_REFUSAL_CODE } from "~/modules/billing/billing-refusal-code";
import { openPortal } from "~/modules/billing/checkout.server";
import { statusFor } from "~/lib/http/refusal-status";

/** POST: open the provider's page for managing the viewer's own plan. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const result = await openPortal(billingDeps(context), viewer);
  if (result.ok) throw redirect(result.url);
  return data({ error: result.message }, { status: statusFor(BILLING_REFUSAL_CODE[result.reason]) });
}

export function loader() {
  throw redirect("/settings/billing");
}
