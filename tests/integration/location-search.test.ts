import { and, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { listings } from "~/db/schema";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { searchListings, type SearchOptions } from "~/modules/listings/listing-queries.server";
import {
  compareByDistance,
  distanceMetres,
  matchesLocation,
  resolveLocation,
  type LocatedListing,
  type LocationSearch,
} from "~/modules/listings/location-filter";
import { nearestWalkQuery, locationConditions } from "~/modules/listings/location-search.server";
import { mapPointsQuery } from "~/modules/listings/map-clusters.server";
import { parseMapView } from "~/modules/listings/map-view";
import { parseSearchParams } from "~/modules/listings/search-params";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";
import { random } from "~/scripts/bench/synthetic-listings";
import { createTestListing } from "~/tests/support/factories";
import { queryPlan } from "~/tests/support/query-plan";
import { describeEachDatabase } from "~/tests/support/test-database";

const places = new OfflineMapsAdapter();
const RMIT_CITY = { lat: -37.808, lng: 144.9635 };

/**
 * Listings spread over about 14 km around the CBD (some sharing one position, so distances tie),
 * some with only a suburb, some not public; returns every row as the reference rule reads it.
 */
async function insertListings(db: Database): Promise<(LocatedListing & { public: boolean })[]> {
  const next = random(31);
  const suburbs: [string, string][] = [
    ["Carlton", "3053"],
    ["CARLTON", "3053"],
    ["Carlton", "3054"],
    ["Fitzroy", "3065"],
    ["Melbourne", "3000"],
    ["Carlton South", "3053"],
  ];
  const rows: (LocatedListing & { public: boolean })[] = [];
  for (let i = 0; i < 220; i++) {
    const [suburb, postcode] = suburbs[Math.floor(next() * suburbs.length)]!;
    const shared = i % 20 === 0; // every twentieth sits exactly 800 m north of RMIT City
    const placed = i % 9 !== 0;
    const point = shared
      ? { lat: RMIT_CITY.lat + 0.0071944, lng: RMIT_CITY.lng }
      : { lat: -37.81 + (next() - 0.5) * 0.25, lng: 144.96 + (next() - 0.5) * 0.32 };
    const isPublic = i % 13 !== 0;
    const row = {
      latitude: placed ? point.lat : null,
      longitude: placed ? point.lng : null,
      suburb,
      postcode: i % 7 === 0 ? null : postcode,
    };
    const id = await createTestListing(db, {
      ...row,
      availableFrom: isPublic ? "2026-12-01" : null,
      createdAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000),
    });
    rows.push({ id, ...row, public: isPublic });
  }
  return rows;
}

async function located(query: Record<string, string>): Promise<LocationSearch> {
  const state = parseSearchParams(new URLSearchParams(query));
  const result = await resolveLocation({ ...state, sortByDistance: state.sort === "distance" }, places);
  if (!result.ok || !result.search) throw new Error(`no location search for ${JSON.stringify(query)}`);
  return result.search;
}

/** Every page of the search, in order. */
async function allPages(db: Database, query: Record<string, string>, options: SearchOptions = {}) {
  const location = await located(query);
  const found: { id: string; distanceMetres?: number }[] = [];
  let total = 0;
  let exact = true;
  for (let page = 1; page < 20; page++) {
    const state = parseSearchParams(new URLSearchParams({ ...query, pageSize: "12", page: String(page) }));
    const result = await searchListings(db, state, { ...options, location });
    if (!result.ok) throw new Error(result.reason);
    total = result.total;
    exact = result.totalIsExact;
    found.push(...result.listings);
    if (result.listings.length < 12) break;
  }
  return { location, found, total, exact };
}

/** The plan PostgreSQL chooses for the location conditions when a sequential scan is ruled out. */
async function plan(db: Database, search: LocationSearch): Promise<string> {
  const where = and(publiclyVisibleSql(), ...locationConditions(search));
  return queryPlan(db, db.select({ id: listings.listingId }).from(listings).where(where).toSQL(), [
    "enable_seqscan = off",
  ]);
}

const SEARCHES: Record<string, string>[] = [
  { where: "rmit-city", radius_km: "1", sort: "distance" },
  { where: "rmit-city", sort: "distance" },
  { where: "rmit-city", radius_km: "5", sort: "distance" },
  { where: "rmit-city", radius_km: "10" },
  { where: "royal-melbourne-hospital", radius_km: "5", sort: "price-asc" },
  { where: "-37.79,144.99", radius_km: "2", sort: "distance" },
  { bbox: "-37.83,144.93,-37.79,144.99" },
  { where: "rmit-city", radius_km: "5", bbox: "-37.83,144.93,-37.79,144.99", sort: "distance" },
  { where: "carlton-3053", sort: "distance" },
  { where: "carlton-3053" },
  { where: "3053" },
];

describeEachDatabase("location search", (use) => {
  it("returns exactly the listings, order and distances a brute-force haversine over the same rows gives", async () => {
    const { db } = use();
    const rows = await insertListings(db);
    for (const query of SEARCHES) {
      const { location, found, total } = await allPages(db, query);
      const expected = rows.filter((row) => row.public && matchesLocation(location, row));
      const label = JSON.stringify(query);
      expect(expected.length, `${label} finds something`).toBeGreaterThan(0);
      expect(total, label).toBe(expected.length);
      if (location.sortByDistance) {
        expect(
          found.map((listing) => listing.id),
          label,
        ).toEqual(expected.sort(compareByDistance(location)).map((row) => row.id));
      } else {
        expect(found.map((listing) => listing.id).sort(), label).toEqual(expected.map((row) => row.id).sort());
      }
      for (const listing of found) {
        const row = rows.find((candidate) => candidate.id === listing.id)!;
        const metres = distanceMetres(location, row);
        if (metres === null) expect(listing.distanceMetres, label).toBeUndefined();
        else expect(Math.abs(listing.distanceMetres! - metres), label).toBeLessThanOrEqual(50.001);
      }
    }
  });

  it("gives the same rows, order and distances when the table is large enough to cap the count", async () => {
    const { db } = use();
    const rows = await insertListings(db);
    // As on a large table: the matches' ids first, up to the cap; past it, the walk outward from the place.
    const large: SearchOptions = { exactCostlyCountMaxListings: -2, totalCap: 30 };
    let capped = 0;
    for (const query of SEARCHES) {
      const { location, found, total, exact } = await allPages(db, query, large);
      const expected = rows.filter((row) => row.public && matchesLocation(location, row));
      const label = JSON.stringify(query);
      if (expected.length > 30) {
        capped += 1;
        expect([total, exact], label).toEqual([30, false]);
      } else expect([total, exact], label).toEqual([expected.length, true]);
      const sorted = location.sortByDistance ? expected.sort(compareByDistance(location)) : expected;
      const ids = found.map((listing) => listing.id);
      expect(location.sortByDistance ? ids : ids.sort(), label).toEqual(
        location.sortByDistance ? sorted.map((row) => row.id) : sorted.map((row) => row.id).sort(),
      );
      for (const listing of found) {
        const metres = distanceMetres(
          location,
          rows.find((row) => row.id === listing.id)!,
        );
        if (metres === null) expect(listing.distanceMetres, label).toBeUndefined();
        else expect(Math.abs(listing.distanceMetres! - metres), label).toBeLessThanOrEqual(50.001);
      }
    }
    // Both ways were taken: searches with more matches than the cap, and searches with fewer.
    expect(capped).toBeGreaterThan(0);
    expect(capped).toBeLessThan(SEARCHES.length);
  });

  it("pages nearest first exactly when more rooms tie with a page's last than the walk reads past it", async () => {
    const { db } = use();
    // 40 rooms in one building 800 m north of RMIT City, ten nearer and ten farther: every page from
    // the second ends inside the building, with 16 or more of its rooms walked past.
    const building = { latitude: RMIT_CITY.lat + 0.0071944, longitude: RMIT_CITY.lng };
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const north = i < 10 ? 0.001 * (i + 1) : i < 50 ? null : 0.0072 + 0.001 * (i - 49);
      const position =
        north === null ? building : { latitude: RMIT_CITY.lat + north, longitude: RMIT_CITY.lng + 0.0001 * i };
      ids.push(await createTestListing(db, { ...position, address: `${i} Swanston Street` }));
    }
    const { found } = await allPages(db, { where: "rmit-city", sort: "distance" }, { exactCostlyCountMaxListings: -2 });
    const expected = (await db.select().from(listings))
      .map((row) => ({
        id: row.listingId,
        metres: haversineMetres(RMIT_CITY, { lat: row.latitude!, lng: row.longitude! }),
      }))
      .sort((a, b) => (Math.abs(a.metres - b.metres) > 0.001 ? a.metres - b.metres : a.id < b.id ? -1 : 1));
    expect(found.map((listing) => listing.id)).toEqual(expected.map((row) => row.id));
    expect(new Set(found.map((listing) => listing.id))).toEqual(new Set(ids));
  });

  it("breaks distance ties by id and keeps listings with only a suburb out of a radius", async () => {
    const { db } = use();
    const rows = await insertListings(db);
    const { found } = await allPages(db, { where: "rmit-city", sort: "distance" });
    const tied = found.filter((listing) => listing.distanceMetres === 800);
    expect(tied.length).toBeGreaterThanOrEqual(5);
    const tiedIds = found
      .filter((listing) => {
        const row = rows.find((candidate) => candidate.id === listing.id)!;
        return (
          row.latitude !== null &&
          Math.abs(haversineMetres(RMIT_CITY, { lat: row.latitude, lng: row.longitude! }) - 800) < 0.1
        );
      })
      .map((listing) => listing.id);
    expect(tiedIds).toEqual([...tiedIds].sort());
    const unplaced = new Set(rows.filter((row) => row.latitude === null).map((row) => row.id));
    expect(found.some((listing) => unplaced.has(listing.id))).toBe(false);
    // In a suburb, they are kept, last when sorted by distance, and given no distance.
    const carlton = await allPages(db, { where: "carlton-3053", sort: "distance" });
    const last = carlton.found.at(-1)!;
    expect(unplaced.has(last.id)).toBe(true);
    expect(last.distanceMetres).toBeUndefined();
  });

  it("finds a radius, a box, a suburb and a postcode through the location indexes, and walks nearest first", async () => {
    const { db } = use();
    // Enough rows over enough suburbs for the planner to weigh its choices (one statement: fast on PGlite).
    await db.execute(sql`insert into listings (listing_title, available_from, weekly_rent, suburb, postcode, latitude, longitude, location_precision)
      select 'Room ' || g, '2026-12-01', 300, 'Suburb ' || g % 300, (3100 + g % 300)::text,
        -38.0 + (g % 100) * 0.004, 144.7 + (g / 100) * 0.01, 'suburb'
      from generate_series(1, 3000) as g`);
    await db.execute(sql`vacuum analyze listings`);
    const plans = {
      radius: await plan(db, await located({ where: "rmit-city" })),
      box: await plan(db, await located({ bbox: "-37.83,144.93,-37.79,144.99" })),
      suburb: await plan(db, await located({ where: "carlton-3053" })),
      postcode: await plan(db, await located({ where: "3053" })),
    };
    // Nearest first walks the GiST index outward inside the radius's cube, as nearestWithin runs it.
    const nearest = await located({ where: "rmit-city", radius_km: "10", sort: "distance" });
    const walk = await queryPlan(
      db,
      nearestWalkQuery(db, nearest.radius!, and(publiclyVisibleSql(), ...locationConditions(nearest)), 24).toSQL(),
      ["enable_sort = off"],
    );
    // The map's markers in a box (rent, position and whether it is approximate) come from the index alone.
    const view = parseMapView("-37.83,144.93,-37.79,144.99", "14");
    if (!view.ok) throw new Error(view.message);
    const map = await queryPlan(
      db,
      mapPointsQuery(db, parseSearchParams(new URLSearchParams()), null, view.view, 100).toSQL(),
      ["enable_seqscan = off", "enable_bitmapscan = off"],
    );
    expect(map).toMatch(/Index Only Scan using listings_public_position_idx/);
    for (const text of [plans.radius, plans.box])
      expect(text).toMatch(/listings_(public_)?position_idx[\s\S]*Index Cond: \(\(latitude >= /);
    expect(walk).toMatch(
      /Index Scan using listings_position_on_sphere_idx[\s\S]*Index Cond: [\s\S]*Order By: \(cube\(/,
    );
    expect(walk).not.toContain("Sort");
    // The suburb's own index, or the postcode's (the suburb's postcode narrows as well).
    expect(plans.suburb).toMatch(/listings_public_(suburb|postcode)_idx/);
    for (const text of Object.values(plans)) expect(text).not.toContain("Seq Scan on listings");
    expect(plans.postcode).toContain("listings_public_postcode_idx");
  });
});
