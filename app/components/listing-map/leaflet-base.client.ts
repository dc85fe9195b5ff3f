/**
 * What every Leaflet map of ours starts with: the attribution prefix and the tile layer (when tiles
 * are configured; otherwise markers draw on a plain background). Browser-only, like its callers.
 */
import * as L from "leaflet";

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

export interface BaseLayerOptions {
  /** Leaflet tile URL template, or null for no tiles. */
  tileUrl: string | null;
  attribution: string;
  attributionUrl?: string | null;
  /** Called once, on the first tile that fails to load. */
  onTileError?: () => void;
}

export function addBaseLayers(map: L.Map, options: BaseLayerOptions): void {
  map.attributionControl.setPrefix(
    '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>',
  );
  if (!options.tileUrl) return;
  const attribution = options.attributionUrl
    ? `<a href="${escapeHtml(options.attributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(options.attribution)}</a>`
    : escapeHtml(options.attribution);
  let reported = false;
  L.tileLayer(options.tileUrl, {
    attribution,
    maxZoom: 19,
    // Tile servers (OpenStreetMap's among them) want to know which site asks.
    referrerPolicy: "strict-origin-when-cross-origin",
  })
    .on("tileerror", () => {
      if (reported) return;
      reported = true;
      options.onTileError?.();
    })
    .addTo(map);
}
