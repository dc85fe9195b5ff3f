import { isRoomType, LEASE_MONTHS, sortBills, type BillKind, type RoomType } from "~/modules/listings/listing-facts";

/** Sort options, in the order the sort menu shows them. */
export const SORT_OPTIONS = [
  { value: "newest", label: "Newest first" },
  { value: "title-asc", label: "Title A-Z" },
  { value: "title-desc", label: "Title Z-A" },
  { value: "price-asc", label: "Price Low to High" },
  { value: "price-desc", label: "Price High to Low" },
  // Offered only with a place to measure from (location-filter.ts).
  { value: "distance", label: "Nearest first" },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "newest";

export const SEARCH_PAGE_SIZES = [6, 12, 24, 48] as const;
export const DEFAULT_SEARCH_PAGE_SIZE = 12;

/** The search filter: every field optional; empty means "not filtered". */
export interface SearchFilters {
  title?: string;
  keyword?: string;
  /** Date-only, yyyy-MM-dd. */
  availableFrom?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Stay fit (see stay-fit.ts). Move-in date, date-only: rooms available on or before it. */
  moveIn?: string;
  /** Stay length in months (3–12): rooms whose lease range contains it. */
  stay?: number;
  /** Bills that must all be included. */
  bills?: BillKind[];
  roomType?: RoomType;
  /** Whole dollars: rent plus estimated bills at most this. */
  maxAllIn?: number;
  /**
   * Location (location-filter.ts), as typed: a place's id or name, or "lat,lng"; the kilometres
   * around it; a box "south,west,north,east". Checked when the search runs, which can refuse them.
   */
  where?: string;
  radiusKm?: string;
  bbox?: string;
}

/** How the results show: the list (the default), or the map (`?view=map`). */
export type SearchView = "list" | "map";

export interface SearchState extends SearchFilters {
  /** Undefined is the list; only the map is written into the URL. */
  view?: SearchView;
  sort: SortOption;
  pageSize: number;
  page: number;
}

const MAX_TEXT = 200;

// Plain functions rather than a schema library: this module ships to the browser with the search bar.
function text(value: string): string | undefined {
  return value.trim().slice(0, MAX_TEXT) || undefined;
}

/** Whole dollars; empty, zero, negative and unreadable values mean "no limit". */
function price(value: string): number | undefined {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, 1_000_000) : undefined;
}

/** Accepts an ISO date or date-time (the search bar sends one) and keeps the calendar date. */
function date(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    parsed.getUTCFullYear() === Number(year) &&
    parsed.getUTCMonth() === Number(month) - 1 &&
    parsed.getUTCDate() === Number(day);
  return valid ? `${year}-${month}-${day}` : undefined;
}

/** A stay length within the product's lease range; anything else means "any length". */
function months(value: string): number | undefined {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= LEASE_MONTHS.min && parsed <= LEASE_MONTHS.max ? parsed : undefined;
}

function pick<T extends string | number>(allowed: readonly T[], value: string, fallback: T): T {
  return allowed.find((option) => String(option) === value) ?? fallback;
}

const sortValues = SORT_OPTIONS.map((option) => option.value);

/**
 * Reads the search state from a URL's query. Never fails: anything unreadable falls back to the
 * default, so a shared or hand-edited link always shows a page.
 */
export function parseSearchParams(params: URLSearchParams): SearchState {
  // The last non-empty value wins: without JavaScript the search bar sends a native date field
  // after the (empty) hidden one of the date picker.
  const get = (name: string) =>
    params
      .getAll(name)
      .filter((value) => value.trim() !== "")
      .at(-1) ?? "";
  const page = Number(get("page"));
  let minPrice = price(get("minPrice"));
  let maxPrice = price(get("maxPrice"));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const bills = sortBills(params.getAll("bills").flatMap((value) => value.split(",")));
  const roomType = get("roomType");
  const where = text(get("where"));
  const sort = pick<SortOption>(sortValues, get("sort"), DEFAULT_SORT);
  return {
    title: text(get("title")),
    keyword: text(get("keyword")),
    availableFrom: date(get("availableFrom")),
    minPrice,
    maxPrice,
    moveIn: date(get("moveIn")),
    stay: months(get("stay")),
    bills: bills.length > 0 ? bills : undefined,
    roomType: isRoomType(roomType) ? roomType : undefined,
    maxAllIn: price(get("maxAllIn")),
    where,
    // Kilometres mean something only around a place. The Within select sends "" for the default.
    radiusKm: where ? text(get("radius_km")) : undefined,
    bbox: text(get("bbox")),
    view: get("view") === "map" ? "map" : undefined,
    // Nearest first needs a place: without one a shared link falls back to the default order.
    sort: sort === "distance" && !where ? DEFAULT_SORT : sort,
    pageSize: pick<number>(SEARCH_PAGE_SIZES, get("pageSize"), DEFAULT_SEARCH_PAGE_SIZE),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/**
 * The query string for a search state, with only the filled fields and
 * defaults left out, so URLs stay short and shareable.
 */
export function toSearchParams(state: Partial<SearchState>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.title) params.set("title", state.title);
  if (state.keyword) params.set("keyword", state.keyword);
  if (state.availableFrom) params.set("availableFrom", state.availableFrom);
  if (state.minPrice) params.set("minPrice", String(state.minPrice));
  if (state.maxPrice) params.set("maxPrice", String(state.maxPrice));
  if (state.moveIn) params.set("moveIn", state.moveIn);
  if (state.stay) params.set("stay", String(state.stay));
  for (const bill of state.bills ?? []) params.append("bills", bill);
  if (state.roomType) params.set("roomType", state.roomType);
  if (state.maxAllIn) params.set("maxAllIn", String(state.maxAllIn));
  if (state.where) params.set("where", state.where);
  if (state.where && state.radiusKm) params.set("radius_km", state.radiusKm);
  if (state.bbox) params.set("bbox", state.bbox);
  if (state.view === "map") params.set("view", "map");
  if (state.sort && state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.pageSize && state.pageSize !== DEFAULT_SEARCH_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  if (state.page && state.page > 1) params.set("page", String(state.page));
  return params;
}

/** How many filters narrow the search (each chosen field counts once, the bills as one): the "Filters (N)" on phones. */
export function activeFilterCount(filters: SearchFilters): number {
  const { title, keyword, availableFrom, minPrice, maxPrice, moveIn, stay, bills, roomType, maxAllIn, where, bbox } =
    filters;
  return [
    title,
    keyword,
    availableFrom,
    minPrice,
    maxPrice,
    moveIn,
    stay,
    bills?.length,
    roomType,
    maxAllIn,
    where,
    bbox,
  ].filter(Boolean).length;
}

/** The /search URL for a state. */
export function searchHref(state: Partial<SearchState>): string {
  const query = toSearchParams(state).toString();
  return query ? `/search?${query}` : "/search";
}
