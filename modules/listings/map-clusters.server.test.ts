import { describe, expect, it } from "vitest";
import { clusterIndex, shapeClusters } from "~/modules/listings/map-clusters.server";
import type { MapView } from "~/modules/listings/map-view";

const view = (zoom: number): MapView => ({ box: { south: -37.9, west: 144.85, north: -37.7, east: 145.1 }, zoom });

const row = (id: string, lat: number, lng: number, rent: number | string | null = 320, approximate = false) => ({
  id,
  lat,
  lng,
  rent,
  approximate,
});

describe("shapeClusters", () => {
  const rows = [
    row("a", -37.8136, 144.9631, "320.00"),
    row("b", -37.8137, 144.9632, 410),
    row("c", -37.8138, 144.9633, 290),
    row("d", -37.76, 145.05, null),
    row("e", -37.85, 144.9, 300, true),
    { ...row("f", 0, 0), lat: null, lng: null },
  ];

  it("draws rooms far apart as markers with their rent, and close ones as one cluster counting them", () => {
    const { index, count } = clusterIndex(rows, view(12));
    expect(count).toBe(5); // a room without a position is not drawn
    const { clusters, markers } = shapeClusters(index, view(12));
    expect(clusters).toEqual([expect.objectContaining({ count: 3 })]);
    expect(clusters[0]!.lat).toBeCloseTo(-37.8137, 4);
    expect(markers.toSorted((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: "d", lat: -37.76, lng: 145.05, rent: null },
      { id: "e", lat: -37.85, lng: 144.9, rent: 300, approximate: true },
    ]);
  });

  it("splits the cluster further in, every room still counted once", () => {
    const deeper = view(19);
    const { index: deepIndex } = clusterIndex(rows, deeper);
    const shaped = shapeClusters(deepIndex, deeper);
    const total = shaped.markers.length + shaped.clusters.reduce((sum, each) => sum + each.count, 0);
    expect(total).toBe(5);
    expect(shaped.markers.length).toBeGreaterThan(2);
  });

  it("labels a room with its rent as a whole number, whatever form the database gives it in", () => {
    const close: MapView = { box: { south: -37.815, west: 144.962, north: -37.812, east: 144.965 }, zoom: 19 };
    const { markers } = shapeClusters(clusterIndex(rows, close).index, close);
    expect(markers.toSorted((x, y) => x.id.localeCompare(y.id)).map((marker) => marker.rent)).toEqual([320, 410, 290]);
  });

  it("gives the same cluster ids for the same rooms in any order", () => {
    const first = shapeClusters(clusterIndex(rows, view(12)).index, view(12));
    const again = shapeClusters(clusterIndex(rows.toReversed(), view(12)).index, view(12));
    expect(again.clusters).toEqual(first.clusters);
  });
});
