/**
 * The search map's answer (GET /search/map-data), shared by the server that shapes it and the map
 * that draws it. Positions are rounded to 5 decimals (about a metre).
 */

/** One room drawn on its own, labelled with its weekly rent. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** Whole-dollar weekly rent; null when the landlord gave none. */
  rent: number | null;
  /** Drawn at its suburb, not its street (present only when true). */
  approximate?: boolean;
}

/** Rooms close together at this zoom, drawn as one count. */
export interface MapCluster {
  /** Asks for this cluster's cards (valid for the same search, box and zoom); zooming in splits it. */
  cluster: number;
  lat: number;
  lng: number;
  count: number;
}

export interface MapData {
  /** The zoom the clusters are for (a request too deep for its box is answered further out). */
  zoom: number;
  /** Matching rooms in the box (at most the row cap). */
  total: number;
  /** More rooms match than one map reads: the answer shows the first of them ("zoom in"). */
  truncated: boolean;
  clusters: MapCluster[];
  markers: MapMarker[];
}

/** Why a map request was refused. */
export type MapRefusal = "invalid" | "invalid-selection" | "not-found" | "rate-limited" | "too-slow";
