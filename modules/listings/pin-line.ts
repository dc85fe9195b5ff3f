import type { LocationPrecision } from "~/db/location-precision";

/** What the listing form knows of the location while the landlord edits it. */
export interface PinDraft {
  street: string;
  suburb: string;
  postcode: string;
  /** Set when the address search placed it; null when typed by hand (placed on save). */
  latitude: number | null;
  longitude: number | null;
  precision: LocationPrecision | null;
}

// "5/14 Degraves Street", "Unit 3, 45 Lygon St", "Flat 2 10 Smith St": the unit part before the street number.
const UNIT = /^\s*(?:(?:unit|flat|apartment|apt|suite|level|lvl|shop)\s*[\w-]+\s*,?\s*|[\w-]+\s*\/\s*(?=\d))/i;

/** The street line renters may see: the street address without a unit ("14 Degraves Street"). */
export function streetWithoutUnit(street: string): string {
  return street.replace(UNIT, "").trim();
}

/**
 * The form's "Your pin" line: where renters will see the listing on the map. A street position when
 * the listing has a street address the search placed exactly; otherwise its suburb, approximate
 * (what `placeListing` stores and `publicPosition` shows). Null until there is a location to show.
 */
export function pinLine(draft: PinDraft): string | null {
  const street = streetWithoutUnit(draft.street);
  const area = draft.suburb.trim() || draft.postcode.trim();
  const placed = draft.latitude !== null && draft.longitude !== null;
  if (street && placed && draft.precision !== "suburb") {
    return `Your pin: ${[street, draft.suburb.trim()].filter(Boolean).join(", ")} (exact)`;
  }
  if (street && !placed) {
    return `Your pin: found from ${[street, area].filter(Boolean).join(", ")} when you save`;
  }
  if (area) return `Your pin: ${area}, approximate — renters see the suburb, not your street`;
  return null;
}
