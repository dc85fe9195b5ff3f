/**
 * How exact a listing's published position is: its street address's ("address", never a unit) or
 * only its suburb or postcode area's ("suburb": the public see the suburb's centre). A file of its
 * own so that only the pages that need it (the listing form) carry it.
 */
export const LOCATION_PRECISIONS = ["address", "suburb"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
