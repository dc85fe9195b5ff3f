import type { RouterContextProvider } from "react-router";
import { services } from "~/lib/request-context";
import type { BillingDeps } from "~/modules/billing/billing-deps";

/** The billing module's dependencies for this request. */
export function billingDeps(context: Readonly<RouterContextProvider>): BillingDeps {
  return services(context);
}
