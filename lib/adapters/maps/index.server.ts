import { env } from "~/lib/env.server";
import { GoogleMapsAdapter } from "~/lib/adapters/maps/google-maps.server";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";

let adapter: MapsAdapter | undefined;

/** The configured maps provider: Google when GOOGLE_MAPS_API_KEY is set, else the offline gazetteer. */
export function mapsAdapter(): MapsAdapter {
  adapter ??= createMapsAdapter(env());
  return adapter;
}

export function createMapsAdapter(config: { GOOGLE_MAPS_API_KEY?: string | undefined }): MapsAdapter {
  return config.GOOGLE_MAPS_API_KEY
    ? new GoogleMapsAdapter({ apiKey: config.GOOGLE_MAPS_API_KEY })
    : new OfflineMapsAdapter();
}
