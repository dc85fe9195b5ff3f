import type { ScreeningFactKey } from "~/modules/screening/screening-summary";

/**
 * The facts a landlord can filter their enquiries by: every fact of the summary that can be met.
 * The phone is not one, since no phone number is ever verified.
 */
export const SCREENING_FILTER_KEYS = [
  "identity",
  "email",
  "profile",
  "references",
  "stay",
  "moveIn",
  "budget",
] as const satisfies readonly ScreeningFactKey[];
export type ScreeningFilterKey = (typeof SCREENING_FILTER_KEYS)[number];

export const SCREENING_FILTER_LABELS: Record<ScreeningFilterKey, string> = {
  identity: "ID verified",
  email: "E-mail address verified",
  profile: "Renter profile complete",
  references: "A reference confirmed",
  stay: "Stay length fits the lease",
  moveIn: "Move-in date fits availability",
  budget: "Weekly budget covers the all-in cost",
};

/** The query parameter, repeated once per chosen fact: `?met=identity&met=stay`. */
export const SCREENING_FILTER_PARAM = "met";

/** The chosen facts from a query string; unknown or repeated values are ignored. */
export function parseScreeningFilters(params: URLSearchParams): ScreeningFilterKey[] {
  const chosen = new Set(params.getAll(SCREENING_FILTER_PARAM));
  return SCREENING_FILTER_KEYS.filter((key) => chosen.has(key));
}
