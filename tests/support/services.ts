import { createMapsAdapter } from "~/lib/adapters/maps/index.server";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { createStorageAdapter } from "~/lib/adapters/storage/index.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Database } from "~/lib/db/client.server";
import { env } from "~/lib/env.server";
import type { Services, SiteSettings } from "~/lib/services.server";
import { createServices, siteSettings } from "~/server/services";

/**
 * The services as the server builds them, on a test database; `overrides` give a module a
 * different adapter, site or clock.
 */
export function testServices(db: Database, overrides: Partial<Services> = {}): Services {
  return { ...createServices(env(), db), ...overrides };
}

/** The file storage the test environment configures (local disk unless S3 is set). */
export const testStorage = (): StorageAdapter => createStorageAdapter(env());

/** The maps adapter the test environment configures (the offline gazetteer unless Google is set). */
export const testMaps = (): MapsAdapter => createMapsAdapter(env());

/** The site as the test environment configures it. */
export const testSite = (): SiteSettings => siteSettings(env());
