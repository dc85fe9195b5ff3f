import { describe, expect, it } from "vitest";
import { formatBox, MAP_MAX_VIEW_PX, parseMapView, zoomThatFits } from "~/modules/listings/map-view";

// About 2.6 km by 2.2 km over the CBD.
const CBD = "-37.825,144.945,-37.805,144.975";

describe("parseMapView", () => {
  it("reads a box and a whole zoom (a fraction is rounded)", () => {
    expect(parseMapView(CBD, "14")).toEqual({
      ok: true,
      view: { box: { south: -37.825, west: 144.945, north: -37.805, east: 144.975 }, zoom: 14 },
    });
    expect(parseMapView(CBD, " 14.4 ")).toMatchObject({ ok: true, view: { zoom: 14 } });
  });

  it("refuses boxes as a search does: unreadable, reversed, outside Australia, wider than the city", () => {
    for (const [box, reason] of [
      [null, "invalid-coordinates"],
      ["", "invalid-coordinates"],
      ["-37.8,144.9,-37.7", "invalid-coordinates"],
      ["NaN,144.9,-37.7,145", "invalid-coordinates"],
      ["Infinity,144.9,-37.7,145", "invalid-coordinates"],
      ["-37.7,144.9,-37.8,145", "box-reversed"],
      ["-37.8,145,-37.7,144.9", "box-reversed"],
      ["51.4,-0.2,51.6,0.1", "outside-australia"],
      ["-39,143,-37,146", "box-too-large"],
    ] as const) {
      expect(parseMapView(box, "12"), String(box)).toMatchObject({ ok: false, reason, message: expect.any(String) });
    }
  });

  it("refuses a zoom that is missing, not a number or outside the map's range", () => {
    for (const zoom of [null, "", "abc", "NaN", "8", "20", "1e9", "-3"]) {
      expect(parseMapView(CBD, zoom), String(zoom)).toMatchObject({
        ok: false,
        reason: "invalid-zoom",
        message: "The zoom must be a whole number from 9 to 19.",
      });
    }
  });

  it("answers a box too large in pixels for its zoom at the deepest zoom that fits a large screen", () => {
    const result = parseMapView(CBD, "19");
    if (!result.ok) throw new Error(result.message);
    expect(result.view.zoom).toBeLessThan(19);
    // The box fits the largest view at the answered zoom, and not one zoom deeper.
    const px = (zoom: number) => ((144.975 - 144.945) / 360) * 256 * 2 ** zoom;
    expect(px(result.view.zoom)).toBeLessThanOrEqual(MAP_MAX_VIEW_PX);
    expect(px(result.view.zoom + 1)).toBeGreaterThan(MAP_MAX_VIEW_PX);
  });
});

describe("zoomThatFits", () => {
  it("keeps a zoom whose view fits, and never goes below the map's widest zoom", () => {
    const box = { south: -37.825, west: 144.945, north: -37.805, east: 144.975 };
    expect(zoomThatFits(box, 13)).toBe(13);
    expect(zoomThatFits({ south: -38.2, west: 144.4, north: -37.5, east: 145.5 }, 19)).toBe(11);
  });
});

describe("formatBox", () => {
  it("writes a box as the URL carries it, to 5 decimals", () => {
    expect(formatBox({ south: -37.8251234567, west: 144.9451, north: -37.805, east: 144.975 })).toBe(
      "-37.82512,144.9451,-37.805,144.975",
    );
  });
});
