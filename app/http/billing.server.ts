import type { RouterContextProvider } from "react-router";
import { database } from "~/lib/request-context";
import { billingDepsFor, type BillingDeps } from "~/modules/billing/billing-deps";

/** The billing module's dependencies for this request. */
export function billingDeps(context: Readonly<RouterContextProvider>): BillingDeps {
  return billingDepsFor(database(context));
}
