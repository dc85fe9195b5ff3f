import { and, inArray, sql, type SQL } from "drizzle-orm";
import Supercluster, { type PointFeature } from "supercluster";
import { listings } from "~/db/schema";
import type { WherePlaces } from "~/lib/adapters/maps/maps-adapter";
import type { Executor } from "~/lib/db/client.server";
import { boundedReadOnly } from "~/lib/db/bounded-read.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import { searchFilterConditions } from "~/modules/listings/listing-filters.server";
import { isTooSlow, searchListings, SEARCH_STATEMENT_TIMEOUT_MS } from "~/modules/listings/listing-queries.server";
import type { ListingSummary } from "~/modules/listings/listing-types";
import { resolveLocation, type LocationSearch } from "~/modules/listings/location-filter";
import { locationConditions } from "~/modules/listings/location-search.server";
import { parseMapView, type MapView } from "~/modules/listings/map-view";
import type { MapCluster, MapData, MapMarker, MapRefusal } from "~/modules/listings/map-data";
import type { SearchState } from "~/modules/listings/search-params";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";

/**
 * The most matches one map request reads. A box of 100 km around Melbourne can hold the whole
 * table; past this many the answer says it is partial ("zoom in") rather than read them all.
 * At 20,000 rows the read and the clustering stay well inside the request's budget (ADR 0097).
 */
export const MAP_ROW_CAP = 20_000;
/** Cards shown for a selected cluster: the first of its rooms, as one search page. */
export const MAP_CARDS_LIMIT = 24;
/** Map requests per client address: panning asks once per move, so a minute of busy use stays well under. */
export const MAP_RATE_LIMIT = { limit: 240, windowMs: 60_000 } as const;
const defaultLimiter = createRateLimiter({ name: "search-map", ...MAP_RATE_LIMIT });

/** Cluster radius in screen pixels (Leaflet's 256 px tiles): about the width of a "$1,250" marker. */
const CLUSTER_RADIUS_PX = 56;

/**
 * Where a listing is drawn, and whether that is only approximate: the one place the map picks a
 * listing's public position (`listingLocationPrecision` of public-position.server.ts, in SQL). A
 * listing placed only to its suburb is stored at the suburb's centre (listing-placement.server.ts);
 * its position is also rounded to about a kilometre. Every placed listing has a precision (a check
 * constraint), and the public position index holds it with the rent, so a box's markers are read
 * from the index alone.
 */
const approximateSql = sql<boolean>`${listings.locationPrecision} = 'suburb'`;
const rounded = (column: typeof listings.latitude | typeof listings.longitude) =>
  sql<number>`case when ${approximateSql} then round(${column}::numeric, 2)::float8 else ${column} end`;
const publicPosition = {
  lat: rounded(listings.latitude).as("lat"),
  lng: rounded(listings.longitude).as("lng"),
  approximate: approximateSql.as("approximate"),
};

interface PointProps {
  id: string;
  rent: number | null;
  approximate: boolean;
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * The statement of the map's read: the matching rooms' positions in the view's box, at most `cap` + 1
 * of them (no order: the limit stops the read), as one JSON text instead of thousands of rows (the
 * driver's per-row, per-field parsing cost more than the query itself, ADR 0097). Without other
 * filters it is an index-only scan of the public position index.
 */
export function mapPointsQuery(
  db: Executor,
  state: SearchState,
  location: LocationSearch | null,
  view: MapView,
  cap: number,
) {
  const where = and(
    publiclyVisibleSql(),
    ...searchFilterConditions(state),
    ...(location ? locationConditions(location) : []),
    ...locationConditions({
      place: null,
      area: null,
      radius: null,
      box: view.box,
      origin: null,
      sortByDistance: false,
    }),
  ) as SQL;
  const matches = db
    .select({ id: listings.listingId, rent: listings.weeklyRent, ...publicPosition })
    .from(listings)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  return db
    .select({
      points: sql<string>`coalesce(json_agg(json_build_array(${matches.id}, ${matches.rent}, ${matches.lat}, ${matches.lng}, ${matches.approximate})), '[]')::text`,
    })
    .from(matches);
}

/** The matching rooms' positions in the view's box (`mapPointsQuery`), bounded by the search's statement timeout. */
async function matchingPoints(
  db: Executor,
  state: SearchState,
  location: LocationSearch | null,
  view: MapView,
  cap: number,
) {
  const [row] = await boundedReadOnly(db, SEARCH_STATEMENT_TIMEOUT_MS, (tx) =>
    mapPointsQuery(tx, state, location, view, cap),
  );
  const tuples = JSON.parse(row?.points ?? "[]") as [string, number | null, number | null, number | null, boolean][];
  return tuples.map(([id, rent, lat, lng, approximate]) => ({ id, rent, lat, lng, approximate }));
}

/**
 * The clusters of these rooms at the view's zoom. Points are loaded in id order, so the same rows
 * give the same cluster ids on the next request (the cards of a selected cluster). Only the view's
 * zoom is clustered (supercluster builds every level from its maxZoom down, and a request asks for
 * one): a cluster's id still finds its rooms.
 */
export function clusterIndex(
  rows: readonly {
    id: string;
    rent: number | string | null;
    lat: number | null;
    lng: number | null;
    approximate: boolean;
  }[],
  view: MapView,
) {
  const points = rows
    .filter((row) => row.lat !== null && row.lng !== null)
    .toSorted((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row): PointFeature<PointProps> => ({
      type: "Feature",
      properties: { id: row.id, rent: row.rent === null ? null : Number(row.rent), approximate: row.approximate },
      geometry: { type: "Point", coordinates: [row.lng!, row.lat!] },
    }));
  const index = new Supercluster<PointProps>({
    radius: CLUSTER_RADIUS_PX,
    extent: 256,
    minZoom: view.zoom,
    maxZoom: view.zoom,
  });
  return { index: index.load(points), count: points.length };
}

/** The clusters and markers a view shows; every matching room in the box counts once. */
export function shapeClusters(index: Supercluster<PointProps>, view: MapView): Pick<MapData, "clusters" | "markers"> {
  const clusters: MapCluster[] = [];
  const markers: MapMarker[] = [];
  const { west, south, east, north } = view.box;
  for (const feature of index.getClusters([west, south, east, north], view.zoom)) {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const props = feature.properties;
    if ("cluster" in props && props.cluster) {
      clusters.push({
        cluster: props.cluster_id,
        lat: round5(lat),
        lng: round5(lng),
        count: props.point_count,
      });
    } else {
      const { id, rent, approximate } = props as PointProps;
      markers.push({ id, lat: round5(lat), lng: round5(lng), rent, ...(approximate ? { approximate } : {}) });
    }
  }
  return { clusters, markers };
}

/** What a map request asks: the search as /search reads it, the view, and perhaps a selection. */
export interface MapRequest {
  state: SearchState;
  box: string | null;
  zoom: string | null;
  /** A cluster's id from the previous answer, or a listing's id: the cards of that selection. */
  cluster?: string | null;
  listing?: string | null;
}

export interface MapOptions {
  places: WherePlaces;
  /** Names the caller for the rate limit: their client address. */
  rateKey: string;
  limiter?: RateLimiter;
  /** Tests lower the cap to see a partial answer on a small table. */
  rowCap?: number;
}

export type MapResult =
  | { ok: true; kind: "clusters"; data: MapData }
  | { ok: true; kind: "cards"; cards: ListingSummary[]; count: number }
  | { ok: false; reason: MapRefusal; message: string; retryAfterSeconds?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MESSAGES = {
  "rate-limited": "Too many map requests from your connection. Wait a minute, then move the map again.",
  "too-slow": "The map is taking too long to load. Try again in a moment, or zoom in.",
  "not-found": "Those rooms have changed since the map was drawn. Select them again.",
  "invalid-selection": "Choose a group of rooms or a room from the map.",
} as const;

/**
 * The search map: for the rooms matching the search (the filters and location of `/search`) inside
 * the view's box, their clusters and markers at the view's zoom, or the cards of one selected
 * cluster or room. Rate-limited per client address; a bad box, zoom or location is refused with a
 * message; a read past the statement timeout answers "too-slow". Reads at most MAP_ROW_CAP rows.
 */
export async function searchMap(db: Executor, request: MapRequest, options: MapOptions): Promise<MapResult> {
  const refuse = (reason: keyof typeof MESSAGES, retryAfterSeconds?: number) =>
    ({ ok: false, reason, message: MESSAGES[reason], ...(retryAfterSeconds ? { retryAfterSeconds } : {}) }) as const;
  const limit = await (options.limiter ?? defaultLimiter).hit(options.rateKey);
  if (!limit.allowed) return refuse("rate-limited", limit.retryAfterSeconds);

  const parsed = parseMapView(request.box, request.zoom);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.message };
  const { state } = request;
  const resolved = await resolveLocation({ ...state, sortByDistance: state.sort === "distance" }, options.places);
  if (!resolved.ok) return { ok: false, reason: "invalid", message: resolved.message };
  const location = resolved.search;

  const cluster = request.cluster?.trim();
  const listing = request.listing?.trim();
  if (cluster && !/^\d{1,15}$/.test(cluster)) return refuse("invalid-selection");
  if (listing && !UUID.test(listing)) return refuse("invalid-selection");

  const cap = options.rowCap ?? MAP_ROW_CAP;
  let rows: Awaited<ReturnType<typeof matchingPoints>>;
  try {
    rows = await matchingPoints(db, state, location, parsed.view, cap);
  } catch (error) {
    if (isTooSlow(error)) return refuse("too-slow");
    throw error;
  }
  const truncated = rows.length > cap;
  const { index, count } = clusterIndex(truncated ? rows.slice(0, cap) : rows, parsed.view);

  if (!cluster && !listing) {
    return {
      ok: true,
      kind: "clusters",
      data: { zoom: parsed.view.zoom, total: count, truncated, ...shapeClusters(index, parsed.view) },
    };
  }

  let ids: string[];
  let selected: number;
  if (listing) {
    if (!rows.some((row) => row.id === listing)) return refuse("not-found");
    ids = [listing];
    selected = 1;
  } else {
    try {
      ids = index.getLeaves(Number(cluster), MAP_CARDS_LIMIT).map((leaf) => leaf.properties.id);
      selected = index
        .getChildren(Number(cluster))
        .reduce((sum, child) => sum + ("cluster" in child.properties ? child.properties.point_count : 1), 0);
    } catch {
      return refuse("not-found"); // no such cluster at this zoom (the rooms changed, or a made-up id)
    }
  }
  const page = await searchListings(
    db,
    { ...state, page: 1, pageSize: ids.length },
    { location, also: inArray(listings.listingId, ids) },
  );
  if (!page.ok) return refuse("too-slow");
  return { ok: true, kind: "cards", cards: page.listings, count: selected };
}
