import { asc } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import type { LatLng } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import {
  compareByDistance,
  distanceMetres,
  LOCATION_REFUSAL_MESSAGES,
  matchesLocation,
  resolveLocation,
  type LocatedListing,
  type LocationSearch,
} from "~/modules/listings/location-filter";
import type { Api } from "~/server/api/app";
import { apiOn, call } from "~/tests/support/api-client";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const places = new OfflineMapsAdapter();
const METRES_PER_DEGREE_LATITUDE = (6_371_008.8 * Math.PI) / 180;

/** The point `metres` due north of `from` (along a meridian, so the haversine gives back `metres`). */
const north = (from: LatLng, metres: number): LatLng => ({
  lat: from.lat + metres / METRES_PER_DEGREE_LATITUDE,
  lng: from.lng,
});

async function placeAt(id: string): Promise<LatLng> {
  const place = await places.findWhere(id);
  if (!place) throw new Error(`the gazetteer has no ${id}`);
  return place.location;
}
const rmitCity = () => placeAt("rmit-city");

type Row = LocatedListing;

describeEachDatabase("REST API: listings by location", (use) => {
  let db: Database;
  let api: Api;
  let key: string;
  let landlordId: string;
  beforeEach(async () => {
    db = use().db;
    api = apiOn(db);
    clearApiKeyCache();
    const landlord = await createTestViewer(db, { role: "landlord" });
    landlordId = landlord.id;
    key = (await createTestApiKey(db, landlord)).key;
  });

  /** One of the landlord's listings, as the reference rule reads it: at a street address unless told otherwise. */
  async function listing(
    row: Omit<Row, "id">,
    columns: { availableFrom?: string | null; address?: string | null } = {},
  ): Promise<Row> {
    const id = await createTestListing(db, { landlordId, address: "12 Example Street", ...row, ...columns });
    return { id, ...row };
  }

  /**
   * Listings over about 10 × 13 km around the CBD (a deterministic spread), five sharing one spot
   * 800 m north of RMIT City (their distances tie), some with only a suburb, some not public (the
   * API lists every listing its caller manages).
   */
  async function spread(): Promise<Row[]> {
    const rmit = await rmitCity();
    const rows: Row[] = [];
    for (let i = 0; i < 90; i++) {
      const placed = i % 11 !== 0;
      const point =
        i % 18 === 0
          ? north(rmit, 800)
          : { lat: -37.81 + (((i * 37) % 23) - 11) * 0.004, lng: 144.96 + (((i * 53) % 29) - 14) * 0.0055 };
      rows.push(
        await listing(
          {
            latitude: placed ? point.lat : null,
            longitude: placed ? point.lng : null,
            suburb: i % 3 === 0 ? "Carlton" : "Fitzroy",
            postcode: i % 3 === 0 ? "3053" : "3065",
          },
          { availableFrom: i % 7 === 0 ? null : "2026-12-01" },
        ),
      );
    }
    return rows;
  }

  /** Every page of a list request, `limit` at a time, following next_cursor. */
  async function allPages(query: string, limit = 7) {
    const found: { id: string; distance_m?: number | null }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer = await call(
        api,
        "GET",
        `/api/listings?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
        { key },
      );
      expect(answer.status, `${query}: ${JSON.stringify(answer.json)}`).toBe(200);
      found.push(...(answer.json?.data as { id: string; distance_m?: number | null }[]));
      cursor = answer.json?.next_cursor as string | null;
      if (!cursor) return found;
    }
    throw new Error("too many pages");
  }

  async function located(params: { where?: string; radiusKm?: string; bbox?: string; sort?: boolean }) {
    const result = await resolveLocation({ ...params, sortByDistance: params.sort }, places);
    if (!result.ok || !result.search) throw new Error(`no location search for ${JSON.stringify(params)}`);
    return result.search;
  }

  const SEARCHES: { query: string; search: () => Promise<LocationSearch> }[] = [
    { query: "near=rmit-city&sort=distance", search: () => located({ where: "rmit-city", sort: true }) },
    {
      query: "near=rmit-city&radius_km=1&sort=distance",
      search: () => located({ where: "rmit-city", radiusKm: "1", sort: true }),
    },
    { query: "near=rmit-city&radius_km=5", search: () => located({ where: "rmit-city", radiusKm: "5" }) },
    {
      query: "near=-37.79,144.99&radius_km=3&sort=distance",
      search: () => located({ where: "-37.79,144.99", radiusKm: "3", sort: true }),
    },
    { query: "bbox=-37.83,144.93,-37.79,144.99", search: () => located({ bbox: "-37.83,144.93,-37.79,144.99" }) },
    {
      query: "near=rmit-city&radius_km=10&bbox=-37.83,144.93,-37.79,144.99&sort=distance",
      search: () => located({ where: "rmit-city", radiusKm: "10", bbox: "-37.83,144.93,-37.79,144.99", sort: true }),
    },
    { query: "near=carlton-3053&sort=distance", search: () => located({ where: "carlton-3053", sort: true }) },
    { query: "near=3065", search: () => located({ where: "3065" }) },
  ];

  it("returns exactly the listings, order and distances a brute-force haversine over the same rows gives", async () => {
    const rows = await spread();
    for (const { query, search: make } of SEARCHES) {
      const search = await make();
      const found = await allPages(query);
      const expected = rows.filter((row) => matchesLocation(search, row));
      expect(expected.length, `${query} finds something`).toBeGreaterThan(0);
      expect(expected.length, `${query} leaves something out`).toBeLessThan(rows.length);
      const ids = found.map((item) => item.id);
      expect(new Set(ids).size, `${query}: no listing twice`).toBe(ids.length);
      if (search.sortByDistance)
        expect(ids, query).toEqual(expected.sort(compareByDistance(search)).map((row) => row.id));
      else expect([...ids].sort(), query).toEqual(expected.map((row) => row.id).sort());
      for (const item of found) {
        const metres = distanceMetres(
          search,
          rows.find((row) => row.id === item.id)!,
        );
        if (metres === null) expect(item.distance_m, query).toBeNull();
        else {
          expect(Number.isInteger(item.distance_m), query).toBe(true);
          expect(Math.abs(item.distance_m! - metres), query).toBeLessThanOrEqual(0.5 + 1e-6);
        }
      }
    }
  });

  it("keeps a radius's boundary, clamps a radius up to the next option, and leaves a request without a place as it was", async () => {
    const rmit = await rmitCity();
    const inside = (await listing({ ...latLng(north(rmit, 990)), suburb: "Carlton", postcode: "3053" })).id;
    const outside = (await listing({ ...latLng(north(rmit, 1010)), suburb: "Carlton", postcode: "3053" })).id;
    const far = (await listing({ ...latLng(north(rmit, 9_900)), suburb: "Coburg", postcode: "3058" })).id;
    const beyond = (await listing({ ...latLng(north(rmit, 10_100)), suburb: "Coburg", postcode: "3058" })).id;
    const ids = async (query: string) => (await allPages(query)).map((item) => item.id);

    expect(await ids("near=rmit-city&radius_km=1&sort=distance")).toEqual([inside]);
    // 1.5 km is clamped up to 2; 3 up to 5; anything over 10 to 10.
    expect(await ids("near=rmit-city&radius_km=1.5&sort=distance")).toEqual([inside, outside]);
    expect(await ids("near=rmit-city&radius_km=3&sort=distance")).toEqual([inside, outside]);
    expect(await ids("near=rmit-city&radius_km=50&sort=distance")).toEqual([inside, outside, far]);
    expect(await ids("near=rmit-city&radius_km=1e9&sort=distance")).toEqual([inside, outside, far]);
    // The default is 2 km.
    expect(await ids("near=rmit-city&sort=distance")).toEqual([inside, outside]);

    const plain = await call(api, "GET", "/api/listings", { key });
    const data = plain.json?.data as Record<string, unknown>[];
    expect(data.map((item) => item.id).sort()).toEqual([inside, outside, far, beyond].sort());
    expect(data.every((item) => !("distance_m" in item))).toBe(true);
  });

  it("sorts ties by id and pages nearest first without overlap, listings without coordinates last", async () => {
    // Measured from Carlton's centre: a suburb search keeps listings without coordinates too.
    const carlton = await placeAt("carlton-3053");
    const spot = latLng(north(carlton, 800));
    const tied: string[] = [];
    for (let i = 0; i < 6; i++) tied.push((await listing({ ...spot, suburb: "Carlton", postcode: "3053" })).id);
    const nearer = (await listing({ ...latLng(north(carlton, 300)), suburb: "Carlton", postcode: "3053" })).id;
    const unplaced: string[] = [];
    for (let i = 0; i < 3; i++)
      unplaced.push((await listing({ latitude: null, longitude: null, suburb: "Carlton", postcode: "3053" })).id);

    for (const limit of [1, 2, 3, 4]) {
      const found = await allPages("near=carlton-3053&sort=distance", limit);
      const ids = found.map((item) => item.id);
      expect(ids).toEqual([nearer, ...[...tied].sort(), ...[...unplaced].sort()]);
      expect(found.slice(-3).map((item) => item.distance_m)).toEqual([null, null, null]);
    }
    // A cursor from a newest-first page is not one a nearest-first page accepts, and the other way round.
    const newest = await call(api, "GET", "/api/listings?limit=1", { key });
    const nearest = await call(api, "GET", "/api/listings?limit=1&near=carlton-3053&sort=distance", { key });
    for (const [query, cursor] of [
      ["near=carlton-3053&sort=distance", newest.json?.next_cursor],
      ["", nearest.json?.next_cursor],
    ] as const) {
      const mixed = await call(api, "GET", `/api/listings?limit=1&${query}&cursor=${String(cursor)}`, { key });
      expect(mixed.status).toBe(400);
      expect(mixed.json?.errors).toEqual([{ field: "cursor", message: "This cursor is not one we gave out." }]);
    }
  });

  it("measures a listing that publishes only its suburb to the suburb's centre, never to its stored street position", async () => {
    const rmit = await rmitCity();
    const stored = north(rmit, 100);
    const { id } = await listing({ ...latLng(stored), suburb: "Carlton", postcode: "3053" }, { address: null });
    const [found] = (await call(api, "GET", "/api/listings?near=rmit-city&radius_km=5", { key })).json?.data as {
      id: string;
      latitude: number;
      longitude: number;
      approximate: boolean;
      distance_m: number;
    }[];
    expect(found?.id).toBe(id);
    expect(found?.approximate).toBe(true);
    expect(found?.latitude).not.toBe(stored.lat);
    const shownAt = { lat: found!.latitude, lng: found!.longitude };
    expect(found?.distance_m).toBe(Math.round(haversineMetres(rmit, shownAt)));
    expect(Math.abs(found!.distance_m - 100)).toBeGreaterThan(150);
  });

  it("keeps another landlord's listings out of a location search", async () => {
    const rmit = await rmitCity();
    const own = (await listing({ ...latLng(north(rmit, 100)), suburb: "Melbourne", postcode: "3000" })).id;
    const stranger = await createTestViewer(db, { role: "landlord" });
    await createTestListing(db, { landlordId: stranger.id, ...latLng(north(rmit, 50)) });
    expect((await allPages("near=rmit-city&sort=distance")).map((item) => item.id)).toEqual([own]);
  });

  it("refuses bad locations with 400 and the reason, naming the parameter, and changes nothing", async () => {
    await spread();
    const before = await db.select().from(listings).orderBy(asc(listings.listingId));
    const M = LOCATION_REFUSAL_MESSAGES;
    const cases: [string, string, string][] = [
      ["near=atlantis-nowhere", "near", M["unknown-place"]],
      ["near=NaN,144.96", "near", M["invalid-coordinates"]],
      ["near=-37.8,Infinity", "near", M["invalid-coordinates"]],
      ["near=1e400,144.96", "near", M["invalid-coordinates"]],
      ["near=-37.8,999", "near", M["invalid-coordinates"]],
      ["near=-95,144.96", "near", M["invalid-coordinates"]],
      ["near=51.5072,-0.1276", "near", M["outside-australia"]],
      ["near=-41.29,174.78&sort=distance", "near", M["outside-australia"]],
      ["bbox=NaN,144.9,-37.7,145", "bbox", M["invalid-coordinates"]],
      ["bbox=-37.83,144.93,-37.79", "bbox", M["invalid-coordinates"]],
      ["bbox=a,b,c,d", "bbox", M["invalid-coordinates"]],
      ["bbox=-37.79,144.93,-37.83,144.99", "bbox", M["box-reversed"]],
      ["bbox=-37.83,144.99,-37.79,144.93", "bbox", M["box-reversed"]],
      ["bbox=-38.5,144.0,-37.0,146.0", "bbox", M["box-too-large"]],
      ["bbox=51.2,-0.5,51.7,0.3", "bbox", M["outside-australia"]],
      ["near=rmit-city&bbox=-91,0,0,10", "bbox", M["invalid-coordinates"]],
      ["near=rmit-city&radius_km=0", "radius_km", M["invalid-radius"]],
      ["near=rmit-city&radius_km=-2", "radius_km", M["invalid-radius"]],
      ["near=rmit-city&radius_km=two", "radius_km", M["invalid-radius"]],
      ["near=rmit-city&radius_km=NaN", "radius_km", M["invalid-radius"]],
      ["near=rmit-city&radius_km=Infinity", "radius_km", M["invalid-radius"]],
      ["sort=distance", "sort", M["distance-needs-place"]],
      ["bbox=-37.83,144.93,-37.79,144.99&sort=distance", "sort", M["distance-needs-place"]],
    ];
    for (const [query, field, message] of cases) {
      const refused = await call(api, "GET", `/api/listings?${query}`, { key });
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("content-type"), query).toBe("application/problem+json");
      expect(refused.json, query).toMatchObject({ status: 400, detail: `${field}: ${message}` });
      expect(refused.json?.errors, query).toEqual([{ field, message }]);
    }
    // The schema's own limits answer 400 too, before any search runs.
    for (const query of [`near=${"x".repeat(201)}`, "sort=nearest", `bbox=${"1,".repeat(150)}1`]) {
      const refused = await call(api, "GET", `/api/listings?${query}`, { key });
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("content-type"), query).toBe("application/problem+json");
    }
    expect(await db.select().from(listings).orderBy(asc(listings.listingId))).toEqual(before);
    // A place and a box together are fine: each narrows the other.
    expect(
      (await call(api, "GET", "/api/listings?near=rmit-city&bbox=-37.83,144.93,-37.79,144.99", { key })).status,
    ).toBe(200);
  });

  it("counts location searches against the key's rate limit like any other request", async () => {
    const limited = apiOn(db, 2);
    for (let request = 0; request < 2; request++)
      expect((await call(limited, "GET", "/api/listings?near=rmit-city&sort=distance", { key })).status).toBe(200);
    const flooded = await call(limited, "GET", "/api/listings?near=rmit-city&sort=distance", { key });
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

function latLng(point: LatLng) {
  return { latitude: point.lat, longitude: point.lng };
}
