/** "350 m" under a kilometre (to the nearest 10 m), "1.2 km" from there on. */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return "";
  const rounded = metres < 10 ? Math.round(metres) : Math.round(metres / 10) * 10;
  if (rounded < 1000) return `${rounded} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

const TYPE_LABELS: [type: string, label: string][] = [
  ["museum", "Museum"],
  ["art_gallery", "Art gallery"],
  ["park", "Park"],
  ["landmark", "Landmark"],
  ["tourist_attraction", "Attraction"],
  ["point_of_interest", "Point of interest"],
];

/** A short label for a place's most specific type of interest ("Museum" before "Attraction"). */
export function placeTypeLabel(types: readonly string[]): string {
  return TYPE_LABELS.find(([type]) => types.includes(type))?.[1] ?? "Place";
}

/** A link that opens the point in OpenStreetMap at the given zoom, with a marker. */
export function openStreetMapUrl(point: { lat: number; lng: number }, zoom = 15): string {
  const lat = point.lat.toFixed(5);
  const lng = point.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}

/** "37.81521° S, 144.96394° E" */
export function formatCoordinates(point: { lat: number; lng: number }): string {
  const lat = `${Math.abs(point.lat).toFixed(5)}° ${point.lat < 0 ? "S" : "N"}`;
  const lng = `${Math.abs(point.lng).toFixed(5)}° ${point.lng < 0 ? "W" : "E"}`;
  return `${lat}, ${lng}`;
}
