import type { RouterContextProvider } from "react-router";
import { paymentsAdapter } from "~/lib/adapters/payments/index.server";
import { env } from "~/lib/env.server";
import { database } from "~/lib/request-context";
import type { BillingDeps } from "~/modules/billing/billing-deps";

/** The billing module's dependencies for this request. */
export function billingDeps(context: Readonly<RouterContextProvider>): BillingDeps {
  const config = env();
  return {
    db: database(context),
    payments: paymentsAdapter(),
    site: { name: config.SITE_NAME, url: config.PUBLIC_URL },
  };
}
