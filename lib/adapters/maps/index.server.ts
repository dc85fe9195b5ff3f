import { GoogleMapsAdapter } from "~/lib/adapters/maps/google-maps.server";
import type { MapsAdapter, WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";

export function createMapsAdapter(config: { GOOGLE_MAPS_API_KEY?: string | undefined }): MapsAdapter {
  return config.GOOGLE_MAPS_API_KEY
    ? new GoogleMapsAdapter({ apiKey: config.GOOGLE_MAPS_API_KEY })
    : new OfflineMapsAdapter();
}

/**
 * Where renters search: the offline gazetteer of Greater Melbourne's suburbs, postcodes, campuses,
 * hospitals and stations, whichever provider geocodes. Its ids are stable, so a saved search or a
 * shared link names the same place tomorrow; a paid provider's suggestions would not be.
 */
export function createWherePlaces(maps: MapsAdapter): WherePlaces {
  return maps instanceof OfflineMapsAdapter ? maps : new OfflineMapsAdapter();
}
