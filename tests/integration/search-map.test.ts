import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { loader } from "~/app/routes/public/search-map-data";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { databaseContext, replicaDatabaseContext, requestInfoContext, servicesContext } from "~/lib/request-context";
import type { Services } from "~/lib/services.server";
import { searchMap, type MapResult } from "~/modules/listings/map-clusters.server";
import type { MapData } from "~/modules/listings/map-data";
import { parseSearchParams } from "~/modules/listings/search-params";
import { random } from "~/scripts/bench/synthetic-listings";
import { createTestListing } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

type LoaderArgs = Parameters<typeof loader>[0];

const places = new OfflineMapsAdapter();
// About 11 km by 9 km over the CBD and the inner north.
const BOX = { south: -37.86, west: 144.9, north: -37.78, east: 145.02 };
const BOX_TEXT = `${BOX.south},${BOX.west},${BOX.north},${BOX.east}`;

interface Row {
  id: string;
  rent: number;
  lat: number | null;
  lng: number | null;
  public: boolean;
}

/** Rooms in and around the box: some outside it, some without a position, some not public. */
async function insertRooms(db: Database, count = 140): Promise<Row[]> {
  const next = random(97);
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const placed = i % 11 !== 0;
    const isPublic = i % 13 !== 0;
    // A few share one building, so a cluster holds rooms at one position.
    const lat = i % 17 === 0 ? -37.8136 : -37.82 + (next() - 0.5) * 0.14;
    const lng = i % 17 === 0 ? 144.9631 : 144.96 + (next() - 0.5) * 0.2;
    const rent = 200 + Math.floor(next() * 40) * 10;
    const id = await createTestListing(db, {
      weeklyRent: rent,
      latitude: placed ? lat : null,
      longitude: placed ? lng : null,
      address: "1 Test Lane",
      suburb: "Melbourne",
      availableFrom: isPublic ? "2026-12-01" : null,
    });
    rows.push({ id, rent, lat: placed ? lat : null, lng: placed ? lng : null, public: isPublic });
  }
  return rows;
}

const inBox = (row: Row) =>
  row.public &&
  row.lat !== null &&
  row.lng !== null &&
  row.lat >= BOX.south &&
  row.lat <= BOX.north &&
  row.lng >= BOX.west &&
  row.lng <= BOX.east;

function mapRequest(query: Record<string, string>) {
  const params = new URLSearchParams(query);
  return {
    state: parseSearchParams(params),
    box: params.get("box"),
    zoom: params.get("zoom"),
    cluster: params.get("cluster"),
    listing: params.get("listing"),
  };
}

let address = 0;
/** A fresh client address per call unless given, so only the rate-limit test meets the limit. */
function loaderArgs(db: Database, query: Record<string, string>, clientAddress?: string): LoaderArgs {
  const context = new RouterContextProvider(
    new Map<unknown, unknown>([
      [
        requestInfoContext,
        { requestId: "r1", clientAddress: clientAddress ?? `198.51.100.${++address % 250}`, nonce: "n" },
      ],
      [databaseContext, db],
      [replicaDatabaseContext, db],
      [servicesContext, { places } as Pick<Services, "places"> as Services],
    ]) as ConstructorParameters<typeof RouterContextProvider>[0],
  );
  const url = `http://localhost/search/map-data?${new URLSearchParams(query).toString()}`;
  return { request: new Request(url), context } as unknown as LoaderArgs;
}

async function clusters(result: MapResult): Promise<MapData> {
  if (!result.ok || result.kind !== "clusters") throw new Error(`expected clusters, got ${JSON.stringify(result)}`);
  return result.data;
}

const counted = (data: MapData) => data.markers.length + data.clusters.reduce((sum, cluster) => sum + cluster.count, 0);

describeEachDatabase("search map", (use) => {
  it("draws a listing that publishes only its suburb as approximate, never at its stored street position", async () => {
    const { db } = use();
    const stored = { lat: -37.81234, lng: 144.96789 };
    const id = await createTestListing(db, {
      latitude: stored.lat,
      longitude: stored.lng,
      suburb: "Melbourne",
      postcode: "3000",
      locationPrecision: "suburb",
    });
    const data = await clusters(
      await searchMap(db, mapRequest({ box: BOX_TEXT, zoom: "19" }), { places, rateKey: "t" }),
    );
    const marker = data.markers.find((candidate) => candidate.id === id);
    expect(marker).toMatchObject({ approximate: true, lat: -37.81, lng: 144.97 });
  });

  it("clusters every matching room in the box exactly once, with the search's filters", async () => {
    const { db } = use();
    const rows = await insertRooms(db);
    for (const zoom of ["11", "13", "16", "19"]) {
      const data = await clusters(
        await searchMap(db, mapRequest({ maxPrice: "400", box: BOX_TEXT, zoom }), { places, rateKey: "t" }),
      );
      const expected = rows.filter((row) => inBox(row) && row.rent <= 400);
      expect(data.total).toBe(expected.length);
      expect(counted(data)).toBe(expected.length);
      expect(data.truncated).toBe(false);
      for (const marker of data.markers) {
        const row = expected.find((candidate) => candidate.id === marker.id);
        expect(row, marker.id).toBeDefined();
        expect(marker.rent).toBe(row!.rent);
        expect(marker.lat).toBeCloseTo(row!.lat!, 5);
      }
    }
    // Zoomed out, rooms cluster; a box too large for its zoom is answered further out.
    const far = await clusters(
      await searchMap(db, mapRequest({ box: BOX_TEXT, zoom: "19" }), { places, rateKey: "t" }),
    );
    expect(far.zoom).toBeLessThan(19);
    expect(far.clusters.length).toBeGreaterThan(0);
    // At the deepest zoom, only the rooms at one position still share a marker.
    const building = "-37.8156,144.9611,-37.8116,144.9651";
    const near = await clusters(
      await searchMap(db, mapRequest({ box: building, zoom: "19" }), { places, rateKey: "t" }),
    );
    expect(near.zoom).toBe(19);
    expect(near.clusters).toEqual([expect.objectContaining({ lat: -37.8136, lng: 144.9631 })]);
  });

  it("shows a selected cluster's or room's cards, only matching ones", async () => {
    const { db } = use();
    const rows = await insertRooms(db, 80);
    const query = { maxPrice: "450", box: BOX_TEXT, zoom: "12" };
    const data = await clusters(await searchMap(db, mapRequest(query), { places, rateKey: "t" }));
    const biggest = data.clusters.toSorted((a, b) => b.count - a.count)[0]!;
    const cards = await searchMap(db, mapRequest({ ...query, cluster: String(biggest.cluster) }), {
      places,
      rateKey: "t",
    });
    if (!cards.ok || cards.kind !== "cards") throw new Error(JSON.stringify(cards));
    expect(cards.count).toBe(biggest.count);
    expect(cards.cards).toHaveLength(Math.min(biggest.count, 24));
    const expected = new Set(rows.filter((row) => inBox(row) && row.rent <= 450).map((row) => row.id));
    for (const card of cards.cards) expect(expected.has(card.id)).toBe(true);

    const one = rows.find((row) => inBox(row) && row.rent <= 450)!;
    const single = await searchMap(db, mapRequest({ ...query, listing: one.id }), { places, rateKey: "t" });
    expect(single).toMatchObject({ ok: true, kind: "cards", count: 1, cards: [{ id: one.id }] });
    // A room the search does not match (too dear) is not shown.
    const dear = rows.find((row) => inBox(row) && row.rent > 450)!;
    const refused = await searchMap(db, mapRequest({ ...query, listing: dear.id }), { places, rateKey: "t" });
    expect(refused).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("reads at most the row cap and says the answer is partial", async () => {
    const { db } = use();
    const rows = await insertRooms(db, 40);
    const data = await clusters(
      await searchMap(db, mapRequest({ box: BOX_TEXT, zoom: "12" }), { places, rateKey: "t", rowCap: 10 }),
    );
    expect(rows.filter(inBox).length).toBeGreaterThan(10);
    expect(data).toMatchObject({ total: 10, truncated: true });
    expect(counted(data)).toBe(10);
  });

  it("answers the map request as JSON and refuses bad boxes, zooms and selections with a message", async () => {
    const { db } = use();
    await insertRooms(db, 20);
    const ok = await loader(loaderArgs(db, { box: BOX_TEXT, zoom: "12" }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("application/json");
    expect(await ok.json()).toMatchObject({ zoom: 12, truncated: false });

    const refusals: [Record<string, string>, number, RegExp][] = [
      [{ box: "-37.78,144.9,-37.86,145.02", zoom: "12" }, 400, /south edge must be below/],
      [{ box: "NaN,144.9,-37.78,145.02", zoom: "12" }, 400, /must be numbers/],
      [{ box: "-37.9,144.9,-37.7", zoom: "12" }, 400, /must be numbers/],
      [{ box: "-39,143,-37,146", zoom: "12" }, 400, /too large/],
      [{ box: "51.4,-0.2,51.6,0.1", zoom: "12" }, 400, /in Australia/],
      [{ box: "1e308,1e308,1e308,1e308", zoom: "12" }, 400, /must be numbers/],
      [{ zoom: "12" }, 400, /must be numbers/],
      [{ box: BOX_TEXT }, 400, /zoom must be a whole number/],
      [{ box: BOX_TEXT, zoom: "99" }, 400, /zoom must be a whole number/],
      [{ box: BOX_TEXT, zoom: "12", where: "Nowhere-on-earth" }, 400, /could not find that place/],
      [{ box: BOX_TEXT, zoom: "12", cluster: "abc" }, 400, /Choose a group/],
      [{ box: BOX_TEXT, zoom: "12", listing: "1; drop table listings" }, 400, /Choose a group/],
      [{ box: BOX_TEXT, zoom: "12", cluster: "999999999" }, 404, /changed since the map was drawn/],
      [{ box: BOX_TEXT, zoom: "12", listing: "00000000-0000-4000-8000-000000000000" }, 404, /changed/],
    ];
    for (const [query, status, message] of refusals) {
      const response = await loader(loaderArgs(db, query));
      expect(response.status, JSON.stringify(query)).toBe(status);
      expect((await response.json()) as { message: string }, JSON.stringify(query)).toMatchObject({
        message: expect.stringMatching(message) as unknown,
      });
    }
  });

  it("limits map requests per client address, with a message and Retry-After", async () => {
    const { db } = use();
    const limiter = createRateLimiter({ name: `map-test-${Math.random()}`, limit: 3, windowMs: 60_000 });
    const ask = () => searchMap(db, mapRequest({ box: BOX_TEXT, zoom: "12" }), { places, rateKey: "one", limiter });
    for (let i = 0; i < 3; i++) expect((await ask()).ok).toBe(true);
    expect(await ask()).toMatchObject({ ok: false, reason: "rate-limited", message: /Too many map requests/ });
    // Another address still gets its map.
    const other = await searchMap(db, mapRequest({ box: BOX_TEXT, zoom: "12" }), { places, rateKey: "two", limiter });
    expect(other.ok).toBe(true);

    // Through the route: the product's limit, counted before any work (bad boxes count too).
    let response: Response | undefined;
    for (let i = 0; i <= 240; i++) response = await loader(loaderArgs(db, { box: "x", zoom: "12" }, "203.0.113.77"));
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response!.json()).toMatchObject({
      message: expect.stringMatching(/Too many map requests/) as unknown,
    });
  });
});
