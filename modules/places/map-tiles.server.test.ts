import { describe, expect, it } from "vitest";
import { mapImageOrigins, mapTileConfig, OSM_TILE_URL } from "~/modules/places/map-tiles.server";

describe("mapTileConfig", () => {
  it("uses OpenStreetMap when MAP_TILE_URL is unset", () => {
    expect(mapTileConfig("")).toEqual({
      tileUrl: OSM_TILE_URL,
      attribution: "© OpenStreetMap contributors",
      attributionUrl: "https://www.openstreetmap.org/copyright",
    });
  });

  it("uses a given template and turns tiles off with none", () => {
    expect(mapTileConfig("https://tiles.example.com/{z}/{x}/{y}.png").tileUrl).toBe(
      "https://tiles.example.com/{z}/{x}/{y}.png",
    );
    expect(mapTileConfig("none").tileUrl).toBeNull();
    expect(mapTileConfig("OFF").tileUrl).toBeNull();
  });

  it("falls back to OpenStreetMap for a template it cannot use", () => {
    expect(mapTileConfig("ftp://tiles.example.com/{z}/{x}/{y}.png").tileUrl).toBe(OSM_TILE_URL);
    expect(mapTileConfig("https://tiles.example.com/tile.png").tileUrl).toBe(OSM_TILE_URL);
    expect(mapTileConfig("javascript:alert(1)//{z}{x}{y}").tileUrl).toBe(OSM_TILE_URL);
  });
});

describe("mapImageOrigins", () => {
  it("gives the tile origin for the CSP img-src", () => {
    expect(mapImageOrigins("")).toEqual(["https://tile.openstreetmap.org"]);
    expect(mapImageOrigins("https://Tiles.Example.com:8443/styles/{z}/{x}/{y}@2x.png?key=abc")).toEqual([
      "https://tiles.example.com:8443",
    ]);
    expect(mapImageOrigins("http://localhost:8080/{z}/{x}/{y}.png")).toEqual(["http://localhost:8080"]);
  });

  it("turns {s} subdomains into a wildcard and gives nothing when tiles are off", () => {
    expect(mapImageOrigins("https://{s}.tile.example.com/{z}/{x}/{y}.png")).toEqual(["https://*.tile.example.com"]);
    expect(mapImageOrigins("none")).toEqual([]);
  });
});
