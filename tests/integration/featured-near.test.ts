import { expect, it } from "vitest";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { FEATURED_COUNT, featuredNear } from "~/modules/listings/featured-near.server";
import { LOCATION_REFUSAL_MESSAGES } from "~/modules/listings/location-filter";
import { createTestListing } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const places = new OfflineMapsAdapter();
// RMIT City in the gazetteer.
const RMIT_CITY = { lat: -37.808, lng: 144.9635 };
const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n));

/** A room at a street address `north` degrees of latitude north of RMIT City (0.001° ≈ 111 m). */
function northOfRmit(db: Database, title: string, north: number, createdDay: number, columns = {}) {
  return createTestListing(db, {
    title,
    address: "1 Test Lane",
    suburb: "Melbourne",
    postcode: "3000",
    latitude: RMIT_CITY.lat + north,
    longitude: RMIT_CITY.lng,
    locationPrecision: "address",
    createdAt: day(createdDay),
    ...columns,
  });
}

/**
 * Rooms 220 m, 560 m and about 1.5 km north of RMIT City; one in Clayton (about 19 km) and one in
 * Carlton 3053, each newer than the last; and a hidden room (no availability date) 100 m away.
 */
async function roomsAroundRmit(db: Database) {
  const nearer = await northOfRmit(db, "Nearer", 0.002, 1);
  const near = await northOfRmit(db, "Near", 0.005, 2);
  const further = await northOfRmit(db, "Further", 0.0135, 3);
  const clayton = await createTestListing(db, {
    title: "Clayton",
    address: "2 Test Lane",
    suburb: "Clayton",
    postcode: "3168",
    latitude: -37.9105,
    longitude: 145.1362,
    locationPrecision: "address",
    createdAt: day(4),
  });
  const carlton = await createTestListing(db, {
    title: "Carlton",
    address: "3 Test Lane",
    suburb: "Carlton",
    postcode: "3053",
    latitude: -37.8001,
    longitude: 144.9671,
    locationPrecision: "address",
    createdAt: day(5),
  });
  await northOfRmit(db, "Hidden", 0.001, 6, { availableFrom: null });
  return { nearer, near, further, clayton, carlton };
}

const titles = (result: { listings: { title: string }[] }) => result.listings.map((listing) => listing.title);

describeEachDatabase("the home page's featured rooms near a chosen place", (use) => {
  it("without a place are the newest public rooms everywhere, with no distances", async () => {
    const { db } = use();
    await roomsAroundRmit(db);
    const result = await featuredNear(db, places, {});
    expect(titles(result)).toEqual(["Carlton", "Clayton", "Further", "Near", "Nearer"]);
    expect(result.near).toBeNull();
    expect(result.ignored).toBeNull();
    expect(result.distanceLines).toEqual({});
  });

  it("around a named place are the newest public rooms within 2 km, each with its walk, and link to the same search", async () => {
    const { db } = use();
    const rooms = await roomsAroundRmit(db);
    const result = await featuredNear(db, places, { where: "rmit-city" });
    // Carlton 3053 (the listing, about 900 m away) is within 2 km too; Clayton and the hidden room are not shown.
    expect(titles(result)).toEqual(["Carlton", "Further", "Near", "Nearer"]);
    expect(result.near).toEqual({
      place: { id: "rmit-city", name: "RMIT City", kind: "campus" },
      radiusKm: 2,
      searchHref: "/search?where=rmit-city",
    });
    expect(result.ignored).toBeNull();
    expect(result.distanceLines[rooms.nearer]).toBe("220 m · about 3 min walk to RMIT City");
    expect(result.distanceLines[rooms.near]).toBe("560 m · about 7 min walk to RMIT City");
    expect(result.distanceLines[rooms.further]).toBe("1.5 km · about 20 min walk to RMIT City");
    expect(result.distanceLines[rooms.clayton]).toBeUndefined();
  });

  it("keeps the radius chosen: 1 km leaves out the room 1.5 km away, and the link keeps it", async () => {
    const { db } = use();
    await roomsAroundRmit(db);
    const result = await featuredNear(db, places, { where: "rmit-city", radiusKm: "1" });
    expect(titles(result)).toEqual(["Carlton", "Near", "Nearer"]);
    expect(result.near?.radiusKm).toBe(1);
    expect(result.near?.searchHref).toBe("/search?where=rmit-city&radius_km=1");
  });

  it("in a suburb are the rooms in it, whatever their distance, and say no radius", async () => {
    const { db } = use();
    await roomsAroundRmit(db);
    const result = await featuredNear(db, places, { where: "carlton-3053" });
    expect(titles(result)).toEqual(["Carlton"]);
    expect(result.near).toMatchObject({ place: { name: "Carlton", kind: "suburb" }, radiusKm: null });
  });

  it(`shows at most ${FEATURED_COUNT}, the newest`, async () => {
    const { db } = use();
    for (let i = 0; i < FEATURED_COUNT + 2; i++) await northOfRmit(db, `Room ${i}`, 0.001 * (i + 1), i);
    const result = await featuredNear(db, places, { where: "rmit-city" });
    expect(titles(result)).toEqual(["Room 7", "Room 6", "Room 5", "Room 4", "Room 3", "Room 2"]);
  });

  it("with a place it cannot find is the usual list, and says why", async () => {
    const { db } = use();
    await roomsAroundRmit(db);
    const result = await featuredNear(db, places, { where: "Atlantis" });
    expect(titles(result)).toEqual(["Carlton", "Clayton", "Further", "Near", "Nearer"]);
    expect(result.near).toBeNull();
    expect(result.ignored).toEqual({ reason: "unknown-place", message: LOCATION_REFUSAL_MESSAGES["unknown-place"] });
    expect(result.distanceLines).toEqual({});
  });

  it("with coordinates outside Australia or a radius that is not a number is the usual list, and says why", async () => {
    const { db } = use();
    await roomsAroundRmit(db);
    const abroad = await featuredNear(db, places, { where: "51.5,-0.12" });
    expect(abroad.ignored?.reason).toBe("outside-australia");
    expect(titles(abroad)).toHaveLength(5);
    const badRadius = await featuredNear(db, places, { where: "rmit-city", radiusKm: "NaN" });
    expect(badRadius.ignored?.reason).toBe("invalid-radius");
    expect(badRadius.near).toBeNull();
    expect(titles(badRadius)).toHaveLength(5);
  });
});
