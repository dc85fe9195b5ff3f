import type { IdentityAdapter } from "~/lib/adapters/identity/identity-adapter";
import type { Database } from "~/lib/db/client.server";

/** What every identity function works with (a slice of the services). */
export interface IdentityDeps {
  db: Database;
  identity: IdentityAdapter;
  site: { url: string };
  now?: () => Date;
}
