/** A renter's walking pace for the card's estimate: 4.8 km/h, a steady walk with a bag. */
export const WALKING_KM_PER_HOUR = 4.8;
const METRES_PER_MINUTE = (WALKING_KM_PER_HOUR * 1000) / 60;

/** "450 m" under a kilometre (to the nearest 10 m), "1.2 km" from there on. */
export function formatDistance(metres: number): string {
  const rounded = Math.max(10, Math.round(metres / 10) * 10);
  return rounded < 1000 ? `${rounded} m` : `${(metres / 1000).toFixed(1)} km`;
}

/**
 * Minutes on foot: to the nearest minute under 10, then to the nearest 5 (no walk is timed finer
 * than that); null beyond an hour, where a walking time is no honest help.
 */
export function walkingMinutes(metres: number): number | null {
  const minutes = metres / METRES_PER_MINUTE;
  if (minutes > 60) return null;
  return minutes < 10 ? Math.max(1, Math.round(minutes)) : Math.round(minutes / 5) * 5;
}

/** "1.2 km · about 15 min walk to RMIT City", or "7.4 km to RMIT City" beyond an hour's walk. */
export function distanceLine(metres: number, placeName: string): string {
  const minutes = walkingMinutes(metres);
  const distance = formatDistance(metres);
  return minutes === null ? `${distance} to ${placeName}` : `${distance} · about ${minutes} min walk to ${placeName}`;
}
