/** OpenStreetMap's standard tiles: the default when MAP_TILE_URL is unset. */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_ATTRIBUTION = "© OpenStreetMap contributors";
export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";

/** What the browser map needs to draw its background. */
export interface MapTileConfig {
  /** A Leaflet tile URL template ({z}/{x}/{y}, optional {s} and {r}), or null for no tiles (markers only). */
  tileUrl: string | null;
  /** Plain-text attribution the tile provider requires. */
  attribution: string;
  /** Where the attribution links to. */
  attributionUrl: string | null;
}

/** Values of MAP_TILE_URL that turn the tile background off (e.g. for fully offline installs). */
const DISABLED = new Set(["none", "off", "false", "0"]);

/**
 * The map tile source from MAP_TILE_URL: OpenStreetMap when unset, no tiles when "none", else the
 * given template (its data is assumed to be OpenStreetMap's, the usual case, for the attribution).
 * A template that is not an http(s) URL with {z}, {x} and {y} falls back to OpenStreetMap.
 */
export function mapTileConfig(tileUrl: string | undefined): MapTileConfig {
  const attribution = { attribution: OSM_ATTRIBUTION, attributionUrl: OSM_COPYRIGHT_URL };
  const value = tileUrl?.trim();
  if (!value) return { tileUrl: OSM_TILE_URL, ...attribution };
  if (DISABLED.has(value.toLowerCase())) return { tileUrl: null, ...attribution };
  return { tileUrl: isTileTemplate(value) ? value : OSM_TILE_URL, ...attribution };
}

function isTileTemplate(value: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((part) => value.includes(part))) return false;
  return templateOrigin(value) !== null;
}

/** "https://{s}.tile.example.com/{z}/{x}/{y}.png" → "https://*.tile.example.com"; null when not http(s). */
function templateOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const [, scheme, host] = match;
  if (!scheme || !host) return null;
  const wildcardHost = host.replace(/^\{s\}\./, "*.");
  if (/[{}]/.test(wildcardHost)) return null;
  try {
    // Validates the host and port (the wildcard is swapped for a letter to satisfy the parser).
    new URL(`${scheme}://${wildcardHost.replace(/^\*\./, "a.")}`);
  } catch {
    return null;
  }
  return `${scheme.toLowerCase()}://${wildcardHost.toLowerCase()}`;
}

/**
 * Origins the browser loads map images from, for the Content-Security-Policy's img-src:
 * ["https://tile.openstreetmap.org"] by default, [] when tiles are off, a `*.` wildcard host for
 * {s} subdomain templates.
 */
export function mapImageOrigins(tileUrl: string | undefined): string[] {
  const config = mapTileConfig(tileUrl);
  if (!config.tileUrl) return [];
  const origin = templateOrigin(config.tileUrl);
  return origin ? [origin] : [];
}
