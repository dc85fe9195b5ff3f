import type { Database } from "~/lib/db/client.server";
import { paymentsAdapter } from "~/lib/adapters/payments/index.server";
import type { PaymentsAdapter } from "~/lib/adapters/payments/payments-adapter";
import { env } from "~/lib/env.server";

/** What every billing function works with: the database, the payment provider and the site. */
export interface BillingDeps {
  db: Database;
  payments: PaymentsAdapter;
  site: { name: string; url: string };
  now?: () => Date;
}

/** The configured provider and site on the given database: what pages, webhooks and tasks use. */
export function billingDepsFor(db: Database): BillingDeps {
  const config = env();
  return { db, payments: paymentsAdapter(), site: { name: config.SITE_NAME, url: config.PUBLIC_URL } };
}
