import { beforeEach, expect, it, vi } from "vitest";
import { geocodeCache } from "~/db/schema";
import type { GeocodeResult, MapsAdapter, MapsProvider } from "~/lib/adapters/maps/maps-adapter";
import { MapsServiceError } from "~/lib/adapters/maps/maps-adapter";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import {
  clearGeocodeMisses,
  DEFAULT_MAP_CENTER,
  locateListing,
  type ListingLocationInput,
} from "~/modules/places/listing-location.server";
import { describeEachDatabase } from "~/tests/support/test-database";

const DEGRAVES = { lat: -37.81681, lng: 144.96571 };

const listing = (overrides: Partial<ListingLocationInput> = {}): ListingLocationInput => ({
  id: "11111111-1111-4111-8111-111111111111",
  address: "12 Degraves Street",
  suburb: "Melbourne",
  state: "VIC",
  postcode: "3000",
  latitude: null,
  longitude: null,
  ...overrides,
});

/** A maps adapter that answers geocodes from a function and counts the calls. */
function countingAdapter(answer: (address: string) => GeocodeResult | null | Error, provider: MapsProvider = "google") {
  const geocode = vi.fn(async (address: string) => {
    const result = answer(address);
    if (result instanceof Error) throw result;
    return result;
  });
  const adapter: MapsAdapter = { provider, geocode, nearbyPlaces: async () => [], autocomplete: async () => [] };
  return { adapter, geocode };
}

beforeEach(() => clearGeocodeMisses());

describeEachDatabase("listing location", (use) => {
  it("geocodes the address and caches it, so the next view does not ask the provider", async () => {
    const { db } = use();
    const { adapter, geocode } = countingAdapter(() => ({ ...DEGRAVES, precision: "address" }));

    const first = await locateListing(db, listing(), { adapter });
    expect(first).toEqual({ center: DEGRAVES, source: "geocoded", precision: "address" });
    expect(geocode).toHaveBeenCalledOnce();
    expect(geocode).toHaveBeenCalledWith("12 Degraves Street, Melbourne VIC 3000");

    const rows = await db.select().from(geocodeCache);
    expect(rows).toEqual([
      expect.objectContaining({
        address: "12 degraves street, melbourne vic 3000",
        lat: DEGRAVES.lat,
        lng: DEGRAVES.lng,
        precision: "address",
        provider: "google",
      }),
    ]);

    // Another listing at the same address, typed differently, is a cache hit.
    const second = await locateListing(
      db,
      listing({ id: "other", address: "12  DEGRAVES street", suburb: "melbourne" }),
      {
        adapter,
      },
    );
    expect(second).toEqual(first);
    expect(geocode).toHaveBeenCalledOnce();
  });

  it("refreshes an entry another provider made", async () => {
    const { db } = use();
    await db.insert(geocodeCache).values({
      address: "12 degraves street, melbourne vic 3000",
      lat: -37.8152,
      lng: 144.9639,
      precision: "suburb",
      provider: "offline",
    });
    const { adapter, geocode } = countingAdapter(() => ({ ...DEGRAVES, precision: "address" }));
    expect((await locateListing(db, listing(), { adapter })).center).toEqual(DEGRAVES);
    expect(geocode).toHaveBeenCalledOnce();
    const [row] = await db.select().from(geocodeCache);
    expect(row).toMatchObject({ provider: "google", precision: "address", lat: DEGRAVES.lat });
  });

  it("shares one provider call between concurrent views", async () => {
    const { db } = use();
    const { adapter, geocode } = countingAdapter(() => ({ ...DEGRAVES, precision: "address" }));
    const results = await Promise.all([1, 2, 3].map(() => locateListing(db, listing(), { adapter })));
    expect(results.every((result) => result.source === "geocoded")).toBe(true);
    expect(geocode).toHaveBeenCalledOnce();
  });

  it("falls back to the listing's coordinates when the address cannot be geocoded", async () => {
    const { db } = use();
    const { adapter, geocode } = countingAdapter(() => null);
    const coordinates = { latitude: -37.8102, longitude: 144.9701 };
    expect(await locateListing(db, listing(coordinates), { adapter })).toEqual({
      center: { lat: -37.8102, lng: 144.9701 },
      source: "coordinates",
      precision: "address",
    });
    // The miss is remembered for a while: the next view does not ask again.
    await locateListing(db, listing(coordinates), { adapter });
    expect(geocode).toHaveBeenCalledOnce();
    expect(await db.select().from(geocodeCache)).toEqual([]);
  });

  it("falls back to the coordinates when the provider fails, and never throws", async () => {
    const { db } = use();
    const { adapter } = countingAdapter(
      () => new MapsServiceError("Google Maps geocode failed: REQUEST_DENIED", "google", "REQUEST_DENIED"),
    );
    const result = await locateListing(db, listing({ latitude: -37.8102, longitude: 144.9701 }), { adapter });
    expect(result.source).toBe("coordinates");
  });

  it("prefers stored coordinates to a suburb-level geocode, but uses the suburb when there are none", async () => {
    const { db } = use();
    const { adapter } = countingAdapter(() => ({ lat: -37.8152, lng: 144.9639, precision: "suburb" }), "offline");
    expect(await locateListing(db, listing({ latitude: -37.8102, longitude: 144.9701 }), { adapter })).toMatchObject({
      source: "coordinates",
    });
    expect(await locateListing(db, listing(), { adapter })).toEqual({
      center: { lat: -37.8152, lng: 144.9639 },
      source: "geocoded",
      precision: "suburb",
    });
  });

  it("falls back to the Melbourne CBD when there is neither a usable address nor coordinates", async () => {
    const { db } = use();
    const { adapter, geocode } = countingAdapter(() => new Error("network down"));
    expect(await locateListing(db, listing({ latitude: 0, longitude: 0 }), { adapter })).toEqual({
      center: DEFAULT_MAP_CENTER,
      source: "default",
      precision: "city",
    });
    const empty = listing({
      address: null,
      suburb: null,
      state: null,
      postcode: null,
      latitude: null,
      longitude: null,
    });
    expect(await locateListing(db, empty, { adapter })).toMatchObject({ source: "default" });
    expect(geocode).toHaveBeenCalledOnce();
  });

  it("still answers when the cache table cannot be used", async () => {
    const { adapter } = countingAdapter(() => ({ ...DEGRAVES, precision: "address" }));
    const broken = {
      select: () => {
        throw new Error("database unavailable");
      },
      insert: () => {
        throw new Error("database unavailable");
      },
    } as unknown as Parameters<typeof locateListing>[0];
    expect(await locateListing(broken, listing(), { adapter })).toMatchObject({ source: "geocoded", center: DEGRAVES });
  });

  it("places a listing with the offline gazetteer and caches that", async () => {
    const { db } = use();
    const offline = new OfflineMapsAdapter();
    const result = await locateListing(db, listing({ address: "Degraves Street" }), { adapter: offline });
    expect(result.source).toBe("geocoded");
    expect(result.precision).toBe("suburb");
    expect(result.center.lat).toBeCloseTo(-37.815, 2);
    expect(result.center.lng).toBeCloseTo(144.964, 2);
    const [row] = await db.select().from(geocodeCache);
    expect(row).toMatchObject({ address: "degraves street, melbourne vic 3000", provider: "offline" });
  });
});
