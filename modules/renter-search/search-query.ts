import { STAY_MONTHS } from "~/modules/renter-profiles/renter-profile-input";

/**
 * The renter search's filters, read from GET parameters. Anything malformed is dropped (the page
 * shows every findable renter for a filter it cannot read) rather than refused: the page is a GET.
 */
export interface RenterSearchQuery {
  /** Renters whose weekly budget is at least this many dollars (the room's weekly rent). */
  budget: number | null;
  /** Renters who can move in on this day: their window has begun and has not ended. */
  moveIn: string | null;
  /** Renters who want to stay at least this many months. */
  stay: number | null;
  /** A place id from the renters' preferred areas. */
  area: string | null;
  verifiedOnly: boolean;
  referencedOnly: boolean;
  page: number;
}

export const RENTERS_PER_PAGE = 20;
const MAX_PAGE = 500;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const AREA_ID = /^[A-Za-z0-9:_.-]{1,100}$/;

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function isoDay(value: string | null): string | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : null;
}

export function parseRenterSearch(params: URLSearchParams): RenterSearchQuery {
  const area = params.get("area");
  return {
    budget: wholeNumber(params.get("budget"), 1, 10_000),
    moveIn: isoDay(params.get("moveIn")),
    stay: wholeNumber(params.get("stay"), STAY_MONTHS.min, STAY_MONTHS.max),
    area: area && AREA_ID.test(area) ? area : null,
    verifiedOnly: params.get("verified") === "1",
    referencedOnly: params.get("referenced") === "1",
    page: wholeNumber(params.get("page"), 1, MAX_PAGE) ?? 1,
  };
}

/** The search's address for a query (and page): only the filters that are set. */
export function renterSearchHref(query: RenterSearchQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.budget !== null) params.set("budget", String(query.budget));
  if (query.moveIn) params.set("moveIn", query.moveIn);
  if (query.stay !== null) params.set("stay", String(query.stay));
  if (query.area) params.set("area", query.area);
  if (query.verifiedOnly) params.set("verified", "1");
  if (query.referencedOnly) params.set("referenced", "1");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/settings/renters?${search}` : "/settings/renters";
}
