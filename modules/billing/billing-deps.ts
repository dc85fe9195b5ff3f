import type { Database } from "~/lib/db/client.server";
import type { PaymentsAdapter } from "~/lib/adapters/payments/payments-adapter";

/** What every billing function works with (a slice of the services): the database, the payment provider and the site. */
export interface BillingDeps {
  db: Database;
  payments: PaymentsAdapter;
  site: { name: string; url: string };
  now?: () => Date;
}
