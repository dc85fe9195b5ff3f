import {
  LOCATION_REFUSAL_MESSAGES,
  parseBox,
  type BoundingBox,
  type LocationRefusal,
} from "~/modules/listings/location-filter";

/** Zoom levels the search map shows: below 9 Melbourne is a dot, past 19 no tiles are drawn. */
export const MAP_MIN_ZOOM = 9;
export const MAP_MAX_ZOOM = 19;
/**
 * The largest view, in screen pixels along either side, a map request may ask clusters for at its
 * zoom: a large desktop screen. A box asked for at a deeper zoom is answered at the deepest zoom
 * that fits, so a crafted request cannot ask for thousands of unclustered markers.
 */
export const MAP_MAX_VIEW_PX = 2560;

/** The part of the map a request asks about: the visible box and its zoom level. */
export interface MapView {
  box: BoundingBox;
  zoom: number;
}

export type MapViewRefusal = LocationRefusal | "invalid-zoom";

export const MAP_VIEW_REFUSAL_MESSAGES: Record<MapViewRefusal, string> = {
  ...LOCATION_REFUSAL_MESSAGES,
  "invalid-zoom": `The zoom must be a whole number from ${MAP_MIN_ZOOM} to ${MAP_MAX_ZOOM}.`,
};

export type MapViewResult = { ok: true; view: MapView } | { ok: false; reason: MapViewRefusal; message: string };

/** Web Mercator: the share of the world's height from the top edge down to `lat`. */
function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/** The deepest zoom (at most `zoom`) at which `box` fits in MAP_MAX_VIEW_PX along both sides. */
export function zoomThatFits(box: BoundingBox, zoom: number): number {
  const share = Math.max((box.east - box.west) / 360, mercatorY(box.south) - mercatorY(box.north));
  if (share <= 0) return zoom;
  const deepest = Math.floor(Math.log2(MAP_MAX_VIEW_PX / (256 * share)));
  return Math.max(MAP_MIN_ZOOM, Math.min(zoom, deepest));
}

/**
 * The view a map request asks for: `box` as "south,west,north,east" (the rules of a search box: in
 * Australia, not reversed, at most MAX_BOX_KM across) and `zoom` a whole number in the map's range
 * (a fraction is rounded). A box too large in pixels for its zoom is answered one zoom out at a time.
 */
export function parseMapView(box: string | null, zoom: string | null): MapViewResult {
  const refuse = (reason: MapViewRefusal) =>
    ({ ok: false, reason, message: MAP_VIEW_REFUSAL_MESSAGES[reason] }) as const;
  const parsedBox = parseBox(box ?? "");
  if (typeof parsedBox === "string") return refuse(parsedBox);
  const level = Math.round(Number((zoom ?? "").trim() || NaN));
  if (!Number.isFinite(level) || level < MAP_MIN_ZOOM || level > MAP_MAX_ZOOM) return refuse("invalid-zoom");
  return { ok: true, view: { box: parsedBox, zoom: zoomThatFits(parsedBox, level) } };
}

/** A box as the URL carries it, to 5 decimals (about a metre). */
export function formatBox(box: BoundingBox): string {
  return [box.south, box.west, box.north, box.east].map((value) => Number(value.toFixed(5))).join(",");
}
