import { GoogleMapsAdapter } from "~/lib/adapters/maps/google-maps.server";
import type { MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";

export function createMapsAdapter(config: { GOOGLE_MAPS_API_KEY?: string | undefined }): MapsAdapter {
  return config.GOOGLE_MAPS_API_KEY
    ? new GoogleMapsAdapter({ apiKey: config.GOOGLE_MAPS_API_KEY })
    : new OfflineMapsAdapter();
}
