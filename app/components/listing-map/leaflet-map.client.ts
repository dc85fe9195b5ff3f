/**
 * The Leaflet map behind `ListingLocation`. Loaded only in the browser, by a dynamic import, so
 * Leaflet (and its stylesheet) stay out of the initial bundle. Markers are inline SVG `divIcon`s:
 * no images from anywhere, so they show even when no tile loads.
 */
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import { addBaseLayers, escapeHtml } from "~/app/components/listing-map/leaflet-base.client";
import type { LatLng, PlaceSuggestion } from "~/lib/adapters/maps/maps-adapter";

export interface ListingMapOptions {
  center: LatLng;
  /** The listing's title: the home marker's tooltip. */
  title: string;
  zoom: number;
  tileUrl: string | null;
  attribution: string;
  attributionUrl: string | null;
  /** Called once, when the first tile fails to load (offline, blocked, or a bad MAP_TILE_URL). */
  onTileError?: () => void;
}

export interface ListingMapController {
  /** Shows a pin for each of `places` and removes the others; pans to bring a newly added pin into view. */
  showPlaces(places: readonly PlaceSuggestion[]): void;
  destroy(): void;
}

// Teardrop pins, 32×42, tip at the bottom centre.
const PIN_PATH = "M16 1C7.7 1 1 7.6 1 15.8 1 26.6 16 41 16 41s15-14.4 15-25.2C31 7.6 24.3 1 16 1z";

const HOME_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="42" viewBox="0 0 32 42" aria-hidden="true" focusable="false">
<path d="${PIN_PATH}" fill="#1e293b" stroke="#ffffff" stroke-width="2"/>
<path d="M16 8.5 8.5 14.8V24h5.3v-5.5h4.4V24h5.3v-9.2z" fill="#ffffff"/>
</svg>`;

const PLACE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="37" viewBox="0 0 32 42" aria-hidden="true" focusable="false">
<path d="${PIN_PATH}" fill="#c2410c" stroke="#ffffff" stroke-width="2"/>
<circle cx="16" cy="15.5" r="5.5" fill="#ffffff"/>
</svg>`;

const homeIcon = L.divIcon({
  html: HOME_SVG,
  className: "listing-map-marker listing-map-marker--home",
  iconSize: [32, 42],
  iconAnchor: [16, 41],
  tooltipAnchor: [0, -36],
});

const placeIcon = L.divIcon({
  html: PLACE_SVG,
  className: "listing-map-marker listing-map-marker--place",
  iconSize: [28, 37],
  iconAnchor: [14, 36],
  tooltipAnchor: [0, -32],
});

export function createListingMap(container: HTMLElement, options: ListingMapOptions): ListingMapController {
  const center = L.latLng(options.center.lat, options.center.lng);
  const map = L.map(container, {
    center,
    zoom: options.zoom,
    // The page scrolls past the map; zoom with the buttons, a pinch or a double click.
    scrollWheelZoom: false,
    zoomControl: true,
  });
  addBaseLayers(map, options);

  const home = L.marker(center, {
    icon: homeIcon,
    // The list beside the map is the keyboard interface; markers are not tab stops.
    keyboard: false,
    title: options.title,
    zIndexOffset: 1000,
  })
    .bindTooltip(escapeHtml(options.title), { direction: "top" })
    .addTo(map);
  home.getElement()?.setAttribute("data-marker", "home");

  const pins = new Map<string, L.Marker>();

  return {
    showPlaces(places) {
      const wanted = new Set(places.map((place) => place.id));
      for (const [id, marker] of pins) {
        if (wanted.has(id)) continue;
        marker.remove();
        pins.delete(id);
      }
      let added: L.LatLng | undefined;
      for (const place of places) {
        if (pins.has(place.id)) continue;
        const position = L.latLng(place.location.lat, place.location.lng);
        const marker = L.marker(position, { icon: placeIcon, keyboard: false, title: place.name, riseOnHover: true })
          .bindTooltip(escapeHtml(place.name), { direction: "top" })
          .addTo(map);
        const element = marker.getElement();
        element?.setAttribute("data-marker", "place");
        element?.setAttribute("data-place-id", place.id);
        pins.set(place.id, marker);
        added = position;
      }
      // Keep the zoom; only move enough to show the new pin.
      if (added) map.panInside(added, { padding: [48, 48] });
    },
    destroy() {
      pins.clear();
      map.remove();
    },
  };
}
