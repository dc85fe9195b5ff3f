import type { LatLng, PlaceSuggestion } from "~/lib/adapters/maps/maps-adapter";

const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points in metres (haversine, mean Earth radius). */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True for a finite latitude/longitude pair inside the valid ranges. */
export function isValidLatLng(point: { lat: unknown; lng: unknown }): point is LatLng {
  return (
    typeof point.lat === "number" &&
    typeof point.lng === "number" &&
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/** Keeps the first place seen for each id (providers return the same place under several types). */
export function dedupePlaces<T extends { id: string }>(places: Iterable<T>): T[] {
  const seen = new Map<string, T>();
  for (const place of places) if (!seen.has(place.id)) seen.set(place.id, place);
  return [...seen.values()];
}

/**
 * Places within `radiusMetres` of `center`, each with its distance, nearest first (ties by name),
 * de-duplicated by id.
 */
export function placesWithin(
  center: LatLng,
  radiusMetres: number,
  places: Iterable<Omit<PlaceSuggestion, "distanceMetres">>,
): PlaceSuggestion[] {
  const found: PlaceSuggestion[] = [];
  for (const place of dedupePlaces(places)) {
    const distance = haversineMetres(center, place.location);
    if (distance <= radiusMetres) found.push({ ...place, distanceMetres: Math.round(distance) });
  }
  return found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.name.localeCompare(b.name));
}
