import type { PhotoDescriber } from "~/lib/adapters/ai/photo-describer";
import type { TextRewriter } from "~/lib/adapters/ai/text-rewriter";
import type { FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import type { IdentityAdapter } from "~/lib/adapters/identity/identity-adapter";
import type { MapsAdapter, WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import type { PaymentsAdapter } from "~/lib/adapters/payments/payments-adapter";
import type { PrivateFileStore } from "~/lib/adapters/storage/private-files";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Database } from "~/lib/db/client.server";
import type { Env } from "~/lib/env.server";
import type { ListingCounter } from "~/modules/analytics/listing-counter.server";

/** What pages, e-mails and signed links say about the site itself. */
export interface SiteSettings {
  name: string;
  /** The public address, without a trailing slash (links in e-mails, canonical URLs). */
  url: string;
  production: boolean;
}

/**
 * Everything the server opened once at start, handed to routes through the load context and on to
 * the module functions that need more than the database. Only `server/` (and scripts) build it, so
 * a test gives a module a different adapter by passing one.
 */
export interface Services {
  db: Database;
  payments: PaymentsAdapter;
  /** Identity verification (a document and a selfie); the offline sandbox unless Stripe Identity is configured. */
  identity: IdentityAdapter;
  storage: StorageAdapter;
  /** Renters' proof documents: served only through routes that check who asks. */
  privateFiles: PrivateFileStore;
  maps: MapsAdapter;
  /** Suburbs, postcodes and named places a renter searches in or around (location search). */
  places: WherePlaces;
  ai: TextRewriter;
  /** Describes listing photos when a vision model is configured; null offline. */
  vision: PhotoDescriber | null;
  forms: FormsAdapter;
  site: SiteSettings;
  /** The secret signed links and tokens are made with. */
  secret: string;
  /** The parsed configuration, for the few modules that read settings of their own (sign-in providers, tiles). */
  config: Env;
  now: () => Date;
  /** Listing analytics counted in memory, written by the server's flush task (ADR 100). */
  analytics: ListingCounter;
}
