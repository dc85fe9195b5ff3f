import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { MapsServiceError, type GeocodeResult, type MapsAdapter } from "~/lib/adapters/maps/maps-adapter";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import { parseListingForm, type ListingFormInput } from "~/modules/listings/listing-form";
import { placeUnplacedListings } from "~/modules/listings/listing-placement.server";
import { createListing, updateListing } from "~/modules/listings/listing-write.server";
import { publicPosition } from "~/modules/listings/public-position.server";
import { clearGeocodeMisses } from "~/modules/places/listing-location.server";
import { apiOn, call } from "~/tests/support/api-client";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { testMaps, testStorage } from "~/tests/support/services";
import { describeEachDatabase } from "~/tests/support/test-database";

const STREET = { lat: -37.79771, lng: 144.96712, precision: "address" } as const;
const CARLTON = { lat: -37.8001, lng: 144.9671, precision: "suburb" } as const;
const STREET_LINE = "12 lygon street, carlton vic 3053";
const SUBURB_LINE = "carlton vic 3053";

/** A maps adapter that knows two lines (or fails every request), and records what it was asked. */
function fakeMaps(answers: Record<string, GeocodeResult> | "fail"): MapsAdapter & { asked: string[] } {
  const asked: string[] = [];
  return {
    provider: "offline",
    asked,
    async geocode(address) {
      asked.push(address.toLowerCase());
      if (answers === "fail") throw new MapsServiceError("the provider is down", "offline", "HTTP 503");
      return answers[address.toLowerCase()] ?? null;
    },
    nearbyPlaces: async () => [],
    autocomplete: async () => [],
  };
}

const knowsCarlton = () => fakeMaps({ [STREET_LINE]: STREET, [SUBURB_LINE]: CARLTON });

/** The listing form's input, parsed by the form's own parser. */
function form(fields: Record<string, string> = {}): ListingFormInput {
  const parsed = parseListingForm(
    new Map(
      Object.entries({
        title: "Room near Lygon Street",
        address: "12 Lygon Street",
        suburb: "Carlton",
        state: "VIC",
        postcode: "3053",
        photos: "[]",
        ...fields,
      }),
    ),
  );
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

describeEachDatabase("Listing location: precision, geocode on save, the placement task and privacy", (use) => {
  let db: Database;
  let landlord: Viewer;
  beforeEach(async () => {
    db = use().db;
    clearGeocodeMisses();
    clearApiKeyCache();
    landlord = await createTestViewer(db, { role: "landlord" });
  });

  const row = async (id: string) => {
    const [found] = await db.select().from(listings).where(eq(listings.listingId, id));
    if (!found) throw new Error("no such listing");
    return found;
  };
  const position = (found: { latitude: number | null; longitude: number | null; locationPrecision: unknown }) => ({
    lat: found.latitude,
    lng: found.longitude,
    precision: found.locationPrecision,
  });
  const create = async (input: ListingFormInput, maps: MapsAdapter) => {
    const created = await createListing(db, landlord, input, { storage: testStorage(), maps });
    if (!created.ok) throw new Error(created.reason);
    return created.value.id;
  };

  describe("geocode on save", () => {
    it("places a new listing at its street address, with the precision the provider found", async () => {
      const maps = knowsCarlton();
      const id = await create(form(), maps);
      expect(position(await row(id))).toEqual({ lat: STREET.lat, lng: STREET.lng, precision: "address" });
      expect(maps.asked).toEqual([STREET_LINE]);
    });

    it("places a listing without a street address at its suburb's centre, whatever coordinates were sent", async () => {
      const id = await create(form({ address: "", latitude: "-37.77777", longitude: "145.05555" }), knowsCarlton());
      expect(position(await row(id))).toEqual({ lat: CARLTON.lat, lng: CARLTON.lng, precision: "suburb" });
    });

    it("keeps the address search's coordinates, with the precision the search reported", async () => {
      const maps = knowsCarlton();
      const exact = await create(form({ latitude: "-37.79801", longitude: "144.96699" }), maps);
      expect(position(await row(exact))).toEqual({ lat: -37.79801, lng: 144.96699, precision: "address" });
      const coarse = await create(
        form({ latitude: "-37.8001", longitude: "144.9671", locationPrecision: "suburb" }),
        maps,
      );
      expect(position(await row(coarse))).toEqual({ lat: -37.8001, lng: 144.9671, precision: "suburb" });
      expect(maps.asked).toEqual([]);
    });

    it("keeps the position when an edit leaves the address, and geocodes a changed one", async () => {
      const id = await create(form({ latitude: "-37.79801", longitude: "144.96699" }), knowsCarlton());
      const maps = knowsCarlton();
      const edit = (fields: Record<string, string>) =>
        updateListing(db, landlord, id, form(fields), { storage: testStorage(), maps });
      // The edit form sends the stored coordinates back with the unchanged address.
      expect((await edit({ title: "Renamed", latitude: "-37.79801", longitude: "144.96699" })).ok).toBe(true);
      expect(position(await row(id))).toEqual({ lat: -37.79801, lng: 144.96699, precision: "address" });
      expect(maps.asked).toEqual([]);
      // A new street with the old coordinates (an API client that sent only the address): they are dropped.
      expect((await edit({ address: "", latitude: "-37.79801", longitude: "144.96699" })).ok).toBe(true);
      expect(position(await row(id))).toEqual({ lat: CARLTON.lat, lng: CARLTON.lng, precision: "suburb" });
      expect(maps.asked).toEqual([SUBURB_LINE]);
    });

    it("saves everything the landlord sent when the provider fails, and the task places it later", async () => {
      const id = await create(form({ description: "Sunny room\nClose to the trams." }), fakeMaps("fail"));
      const saved = await row(id);
      expect(saved).toMatchObject({
        listingTitle: "Room near Lygon Street",
        address: "12 Lygon Street",
        suburb: "Carlton",
        postcode: "3053",
        description: "Sunny room\nClose to the trams.",
      });
      expect(position(saved)).toEqual({ lat: null, lng: null, precision: null });

      // Later (the provider's failure is no longer remembered): the task fills it, and leaves its freshness alone.
      clearGeocodeMisses();
      expect(await placeUnplacedListings(db, knowsCarlton())).toEqual({ checked: 1, placed: 1, unplaced: 0, moved: 0 });
      const placed = await row(id);
      expect(position(placed)).toEqual({ lat: STREET.lat, lng: STREET.lng, precision: "address" });
      expect(placed.updatedAt).toEqual(saved.updatedAt);
      // Running it again finds nothing left to do.
      expect(await placeUnplacedListings(db, knowsCarlton())).toEqual({ checked: 0, placed: 0, unplaced: 0, moved: 0 });
    });

    it("runs in batches, counts what it cannot place yet and skips listings with nothing to geocode", async () => {
      const unknown = await createTestListing(db, { address: "1 Nowhere Road", suburb: "Atlantis", postcode: "9999" });
      const suburbOnly = await createTestListing(db, { suburb: "Carlton", state: "VIC", postcode: "3053" });
      const street = await createTestListing(db, {
        address: "12 Lygon Street",
        suburb: "Carlton",
        state: "VIC",
        postcode: "3053",
      });
      await createTestListing(db, { address: " ", suburb: null, postcode: null });
      const batches: number[] = [];
      const run = await placeUnplacedListings(db, knowsCarlton(), {
        batchSize: 1,
        onBatch: ({ checked }) => batches.push(checked),
      });
      expect(run).toEqual({ checked: 3, placed: 2, unplaced: 1, moved: 0 });
      expect(batches).toEqual([1, 2, 3]);
      expect(position(await row(suburbOnly))).toEqual({ lat: CARLTON.lat, lng: CARLTON.lng, precision: "suburb" });
      expect(position(await row(street))).toEqual({ lat: STREET.lat, lng: STREET.lng, precision: "address" });
      expect(position(await row(unknown))).toEqual({ lat: null, lng: null, precision: null });
    });
    it("moves a listing that publishes only its suburb, saved with an old street position, to the suburb's centre", async () => {
      // As migration 0018 left a listing saved before precision was recorded: its old pin, marked suburb.
      const legacy = await createTestListing(db, {
        address: null,
        suburb: "Carlton",
        state: "VIC",
        postcode: "3053",
        latitude: STREET.lat,
        longitude: STREET.lng,
        locationPrecision: "suburb",
      });
      const before = await row(legacy);
      expect(await placeUnplacedListings(db, knowsCarlton())).toEqual({ checked: 1, placed: 0, unplaced: 0, moved: 1 });
      const moved = await row(legacy);
      expect(position(moved)).toEqual({ lat: CARLTON.lat, lng: CARLTON.lng, precision: "suburb" });
      expect(moved.updatedAt).toEqual(before.updatedAt);
      // At its suburb's centre, it is left alone from then on.
      expect(await placeUnplacedListings(db, knowsCarlton())).toEqual({ checked: 0, placed: 0, unplaced: 0, moved: 0 });
    });
  });

  describe("the column", () => {
    it("refuses an unknown precision, and a precision without coordinates", async () => {
      await expect(
        db.execute(sql`insert into listings (listing_title, latitude, longitude, location_precision)
          values ('Bad', -37.8, 144.9, 'street')`),
      ).rejects.toThrow();
      await expect(
        db.execute(sql`insert into listings (listing_title, location_precision) values ('Bad', 'suburb')`),
      ).rejects.toThrow();
      expect(await db.select().from(listings)).toEqual([]);
    });

    it("is backfilled by the migration: a street address's position, else only the suburb's", async () => {
      const backfill = readFileSync(
        new URL("../../db/migrations/0018_listing-location-precision.sql", import.meta.url),
        "utf8",
      )
        .split("--> statement-breakpoint")
        .find((statement) => statement.includes("UPDATE"));
      if (!backfill) throw new Error("the migration has no backfill");
      const withStreet = await createTestListing(db, { address: "12 Lygon Street", latitude: -37.8, longitude: 144.9 });
      const suburbOnly = await createTestListing(db, {
        address: "  ",
        suburb: "Carlton",
        latitude: -37.8,
        longitude: 144.9,
      });
      const unplaced = await createTestListing(db, { address: "12 Lygon Street" });
      await db.execute(sql.raw(backfill));
      expect((await row(withStreet)).locationPrecision).toBe("address");
      expect((await row(suburbOnly)).locationPrecision).toBe("suburb");
      expect((await row(unplaced)).locationPrecision).toBeNull();
    });
  });

  describe("the public position", () => {
    // A suburb-only listing holding a street position (as rows saved before precision existed may).
    const HIDDEN = { lat: -37.77777, lng: 145.05555 };
    const suburbOnlyListing = () =>
      createTestListing(db, {
        landlordId: landlord.id,
        address: null,
        suburb: "Carlton",
        state: "VIC",
        postcode: "3053",
        latitude: HIDDEN.lat,
        longitude: HIDDEN.lng,
        locationPrecision: "suburb",
      });

    it("is the suburb's centre for a suburb-only listing and the stored street position otherwise", async () => {
      const suburbOnly = await row(await suburbOnlyListing());
      expect(await publicPosition(db, suburbOnly, knowsCarlton())).toEqual({
        lat: CARLTON.lat,
        lng: CARLTON.lng,
        approximate: true,
      });
      // Not even a failing provider falls back to the stored street position.
      clearGeocodeMisses();
      await db.execute(sql`truncate geocode_cache`);
      expect(await publicPosition(db, suburbOnly, fakeMaps("fail"))).toBeNull();

      const exact = await row(await create(form(), knowsCarlton()));
      expect(await publicPosition(db, exact, fakeMaps("fail"))).toEqual({
        lat: STREET.lat,
        lng: STREET.lng,
        approximate: false,
      });
      // A row inserted without a precision reads as the migration would have set it.
      clearGeocodeMisses();
      const legacy = await row(
        await createTestListing(db, {
          suburb: "Carlton",
          state: "VIC",
          postcode: "3053",
          latitude: HIDDEN.lat,
          longitude: HIDDEN.lng,
        }),
      );
      expect((await publicPosition(db, legacy, knowsCarlton()))?.approximate).toBe(true);
    });

    it("is all the REST API shows of a suburb-only listing", async () => {
      const id = await suburbOnlyListing();
      const { key } = await createTestApiKey(db, landlord);
      const api = apiOn(db);
      const centre = await testMaps().geocode("Carlton VIC 3053");
      if (!centre) throw new Error("the gazetteer does not know Carlton");
      const one = await call(api, "GET", `/api/listings/${id}`, { key });
      expect(one.status).toBe(200);
      expect(one.json).toMatchObject({
        latitude: centre.lat,
        longitude: centre.lng,
        location_precision: "suburb",
        approximate: true,
      });
      const list = await call(api, "GET", "/api/listings", { key });
      for (const body of [JSON.stringify(one.json), JSON.stringify(list.json)]) {
        expect(body).not.toContain(String(HIDDEN.lat));
        expect(body).not.toContain(String(HIDDEN.lng));
      }
      expect(list.json?.data).toEqual([expect.objectContaining({ id, approximate: true })]);
    });
  });
});
