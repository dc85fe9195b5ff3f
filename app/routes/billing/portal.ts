import { data, redirect } from "react-router";
import type { Route } from "./+types/portal";
import { billingDeps } from "~/app/http/billing.server";
import { requireViewer } from "~/app/http/viewer.server";
import { openPortal } from "~/modules/billing/checkout.server";

/** POST: open the provider's page for managing the viewer's own plan. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const result = await openPortal(billingDeps(context), viewer);
  if (result.ok) throw redirect(result.url);
  const status = { "no-subscription": 404, "rate-limited": 429, "provider-error": 502 }[result.reason];
  return data({ error: result.message }, { status });
}

export function loader() {
  throw redirect("/settings/billing");
}
