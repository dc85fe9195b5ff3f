import { createPhotoDescriber, createTextRewriter } from "~/lib/adapters/ai/index.server";
import { createFormsAdapter } from "~/lib/adapters/forms/index.server";
import { createMapsAdapter, createWherePlaces } from "~/lib/adapters/maps/index.server";
import { createIdentityAdapter } from "~/lib/adapters/identity/index.server";
import { createPaymentsAdapter } from "~/lib/adapters/payments/index.server";
import { createPrivateFileStore, createStorageAdapter } from "~/lib/adapters/storage/index.server";
import type { Database } from "~/lib/db/client.server";
import type { Env } from "~/lib/env.server";
import type { Services, SiteSettings } from "~/lib/services.server";
import { ListingCounter } from "~/modules/analytics/listing-counter.server";

export function siteSettings(config: Env): SiteSettings {
  return { name: config.SITE_NAME, url: config.PUBLIC_URL, production: config.PRODUCTION };
}

/** The one place adapters are chosen from the configuration and opened: at start, once per process. */
export function createServices(config: Env, database: Database): Services {
  const maps = createMapsAdapter(config);
  return {
    db: database,
    payments: createPaymentsAdapter(config, database),
    identity: createIdentityAdapter(config, database),
    storage: createStorageAdapter(config),
    privateFiles: createPrivateFileStore(config),
    maps,
    places: createWherePlaces(maps),
    ai: createTextRewriter(config),
    vision: createPhotoDescriber(config),
    forms: createFormsAdapter(config),
    site: siteSettings(config),
    secret: config.AUTH_SECRET,
    config,
    now: () => new Date(),
    analytics: new ListingCounter(),
  };
}
