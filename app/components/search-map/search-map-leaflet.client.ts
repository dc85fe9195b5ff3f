/**
 * The Leaflet map behind `SearchMap`: loaded in the browser only, by a dynamic import, in map view.
 * Draws the server's clusters and markers as HTML `divIcon`s (no images, so they show even when no
 * tile loads); each is a keyboard-focusable button (Leaflet gives it tabindex 0 and role button;
 * Enter or Space selects it).
 */
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import { addBaseLayers, escapeHtml } from "~/app/components/listing-map/leaflet-base.client";
import "~/app/components/search-map/search-map.css";
import type { BoundingBox } from "~/modules/listings/location-filter";
import type { MapCluster, MapData, MapMarker } from "~/modules/listings/map-data";
import { AUSTRALIA } from "~/modules/listings/location-filter";
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, type MapView } from "~/modules/listings/map-view";

export type MapSelection = { kind: "cluster"; cluster: MapCluster } | { kind: "listing"; marker: MapMarker };

export interface SearchMapOptions {
  /** The search's box to fit, or null to open on the city at `zoom`. */
  box: BoundingBox | null;
  center: { lat: number; lng: number };
  zoom: number;
  tileUrl: string | null;
  attribution: string;
  attributionUrl: string | null;
  /** The view after each move or zoom the visitor made (and once when the map opens). */
  onView(view: MapView, byVisitor: boolean): void;
  onSelect(selection: MapSelection): void;
  onTileError?: () => void;
}

export interface SearchMapController {
  show(data: MapData, selectedKey: string | null): void;
  view(): MapView;
  destroy(): void;
}

/** "$320", or "Rent on request" when the landlord gave none. */
export const rentLabel = (rent: number | null) => (rent === null ? "Ask" : `$${rent.toLocaleString("en-AU")}`);

const markerName = (marker: MapMarker) =>
  `${marker.rent === null ? "Room, rent on request" : `Room at ${rentLabel(marker.rent)} a week`}${marker.approximate ? ", approximate location" : ""}`;

const clusterName = (cluster: MapCluster) => `${cluster.count} rooms here`;

export const selectionKey = (selection: MapSelection) =>
  selection.kind === "cluster" ? `c${selection.cluster.cluster}` : `l${selection.marker.id}`;

function viewOf(map: L.Map): MapView {
  const bounds = map.getBounds();
  // Clamped to Australia: the map may show a little sea past maxBounds at its edges.
  return {
    box: {
      south: Math.max(AUSTRALIA.south, bounds.getSouth()),
      west: Math.max(AUSTRALIA.west, bounds.getWest()),
      north: Math.min(AUSTRALIA.north, bounds.getNorth()),
      east: Math.min(AUSTRALIA.east, bounds.getEast()),
    },
    zoom: map.getZoom(),
  };
}

export function createSearchMap(container: HTMLElement, options: SearchMapOptions): SearchMapController {
  const map = L.map(container, {
    center: [options.center.lat, options.center.lng],
    zoom: options.zoom,
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    maxBounds: L.latLngBounds([AUSTRALIA.south, AUSTRALIA.west], [AUSTRALIA.north, AUSTRALIA.east]),
    // The page scrolls past the map; zoom with the buttons, a pinch or a double click.
    scrollWheelZoom: false,
  });
  if (options.box) {
    map.fitBounds([
      [options.box.south, options.box.west],
      [options.box.north, options.box.east],
    ]);
  }
  addBaseLayers(map, options);

  // Moves the code makes (fitting the box, opening) are not the visitor's: only theirs offer "Search this area".
  let moving = false;
  map.on("movestart", () => {
    moving = true;
  });
  map.on("moveend", () => {
    options.onView(viewOf(map), moving && userMove);
    moving = false;
    userMove = false;
  });
  let userMove = false;
  const byVisitor = () => {
    userMove = true;
  };
  map.on("dragstart zoomstart", byVisitor);
  container.addEventListener("keydown", (event) => {
    if (event.target === container) byVisitor(); // arrow keys and +/- pan and zoom the focused map
  });

  const layer = L.layerGroup().addTo(map);
  const add = (position: L.LatLngExpression, html: string, name: string, key: string, onClick: () => void) => {
    const marker = L.marker(position, {
      // No size: the label sizes itself and centres on the position (search-map.css).
      icon: L.divIcon({ html, className: "search-map-marker", iconSize: null as unknown as L.PointExpression }),
      keyboard: true,
      title: name,
      riseOnHover: true,
    })
      .on("click", onClick)
      // Leaflet makes the marker a focusable button but leaves its keys to us: Enter or Space selects it.
      .on("keydown", (event) => {
        const key = (event as L.LeafletKeyboardEvent).originalEvent;
        if (key.key !== "Enter" && key.key !== " ") return;
        key.preventDefault();
        onClick();
      })
      .addTo(layer);
    const element = marker.getElement();
    element?.setAttribute("aria-label", name);
    element?.setAttribute("data-key", key);
    return marker;
  };

  return {
    show(data, selectedKey) {
      layer.clearLayers();
      for (const cluster of data.clusters) {
        const key = `c${cluster.cluster}`;
        add(
          [cluster.lat, cluster.lng],
          `<span class="search-map-cluster" data-selected="${key === selectedKey}">${cluster.count.toLocaleString("en-AU")}</span>`,
          clusterName(cluster),
          key,
          () => options.onSelect({ kind: "cluster", cluster }),
        );
      }
      for (const marker of data.markers) {
        const key = `l${marker.id}`;
        add(
          [marker.lat, marker.lng],
          `<span class="search-map-price" data-approximate="${Boolean(marker.approximate)}" data-selected="${key === selectedKey}">${marker.approximate ? "≈ " : ""}${escapeHtml(rentLabel(marker.rent))}</span>`,
          markerName(marker),
          key,
          () => options.onSelect({ kind: "listing", marker }),
        );
      }
    },
    view: () => viewOf(map),
    destroy() {
      map.remove();
    },
  };
}
