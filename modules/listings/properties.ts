import type { ListingDetail, ListingSummary } from "~/modules/listings/listing-types";

/** Page sizes of the settings and admin property lists. */
export const PROPERTIES_PAGE_SIZES = [12, 24, 48] as const;
const DEFAULT_PROPERTIES_PAGE_SIZE = 12;

const MAX_QUERY = 200;
const MAX_PAGE = 10_000;

/** A card on the properties screen: the listing summary and its status. */
export interface PropertySummary extends ListingSummary {
  status: ListingDetail["status"];
  /** Why the public does not see it (`notPublicReasons`); empty when it is listed. */
  notPublic: ListingDetail["notPublic"];
  /** Why moderation last set the status (shown to the landlord), or null. */
  moderationReason: string | null;
  /** When listing freshness paused it (not confirmed for 30 days), or null. */
  freshnessPausedAt: string | null;
}

/** The state of a property list, as its URL holds it: `?q=…&pageSize=…&page=…`. */
export interface PropertiesQuery {
  /** Matched case-insensitively against title and description; "" lists everything. */
  q: string;
  page: number;
  pageSize: number;
}

/**
 * Reads a property list's state from a URL's query. Never fails: anything unreadable falls back to
 * the default (no search, page 1, 12 per page), so a shared or hand-edited link always shows a page.
 */
export function parsePropertiesParams(params: URLSearchParams): PropertiesQuery {
  const page = Number(params.get("page") ?? "");
  const pageSize = PROPERTIES_PAGE_SIZES.find((size) => String(size) === params.get("pageSize"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1,
    pageSize: pageSize ?? DEFAULT_PROPERTIES_PAGE_SIZE,
  };
}

/** The canonical URL of a property list state: only what differs from the defaults, in a fixed order. */
export function propertiesHref(basePath: string, query: Partial<PropertiesQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.pageSize && query.pageSize !== DEFAULT_PROPERTIES_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** How many pages `total` rows fill (ceil(total / size)); at least one, so an empty list has a page. */
export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const LANDLORDS_AND_ADMINS_ONLY = "Only landlords and administrators can access this feature.";
export const SUBSCRIPTION_REQUIRED = "You need an active landlord subscription to access this feature.";

/** What the properties screen may do to a listing: mark it let or available again, or delete it. */
export type PropertyAction =
  | { intent: "status"; listingId: string; status: "let" | "available" }
  | { intent: "delete"; listingId: string }
  | { intent: "resume"; listingId: string };

/** A property action's answer: what the toast says. */
export type PropertyActionResult = { ok: true; message: string } | { ok: false; error: string };
