import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GoogleMapsAdapter } from "~/lib/adapters/maps/google-maps.server";
import { MapsServiceError, PLACE_TYPES } from "~/lib/adapters/maps/maps-adapter";

/**
 * A local server speaking the JSON protocol of Google's Geocoding API and Places API (Nearby
 * Search, Autocomplete, Details). Each test sets `respond` and reads `requests`.
 */
type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void;

const KEY = "test-key-AIza0123456789";
const CENTER = { lat: -37.8168, lng: 144.9657 };
let server: Server;
let baseUrl: string;
let requests: URL[] = [];
let respond: Handler = (_url, _request, response) => json(response, { status: "OK", results: [] });

function json(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url);
    respond(url, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
});

const adapter = (options: { timeoutMs?: number } = {}) => new GoogleMapsAdapter({ apiKey: KEY, baseUrl, ...options });

/** Metres → degrees of latitude, to place fake results at known distances north of the centre. */
const north = (metres: number) => ({ lat: CENTER.lat + metres / 111_195, lng: CENTER.lng });

describe("Google maps adapter: geocoding", () => {
  it("sends the address with the key, region au and an Australian component filter", async () => {
    respond = (_url, _request, response) =>
      json(response, {
        status: "OK",
        results: [
          {
            types: ["street_address"],
            geometry: { location: { lat: -37.81681, lng: 144.96571 }, location_type: "ROOFTOP" },
          },
        ],
      });
    const result = await adapter().geocode("12 Degraves Street, Melbourne VIC 3000");
    expect(result).toEqual({ lat: -37.81681, lng: 144.96571, precision: "address" });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.pathname).toBe("/maps/api/geocode/json");
    expect(request?.searchParams.get("address")).toBe("12 Degraves Street, Melbourne VIC 3000");
    expect(request?.searchParams.get("key")).toBe(KEY);
    expect(request?.searchParams.get("region")).toBe("au");
    expect(request?.searchParams.get("components")).toBe("country:AU");
  });

  it("reports an approximate result as suburb precision", async () => {
    respond = (_url, _request, response) =>
      json(response, {
        status: "OK",
        results: [
          {
            types: ["locality", "political"],
            geometry: { location: { lat: -37.8136, lng: 144.9631 }, location_type: "APPROXIMATE" },
          },
        ],
      });
    expect(await adapter().geocode("Melbourne VIC")).toEqual({ lat: -37.8136, lng: 144.9631, precision: "suburb" });
  });

  it("returns null for ZERO_RESULTS and for a blank address without calling Google", async () => {
    respond = (_url, _request, response) => json(response, { status: "ZERO_RESULTS", results: [] });
    expect(await adapter().geocode("Nowhere")).toBeNull();
    expect(await adapter().geocode("   ")).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it("turns REQUEST_DENIED into a clear error that never contains the key", async () => {
    respond = (_url, _request, response) =>
      json(response, { status: "REQUEST_DENIED", error_message: `The provided API key is invalid. (${KEY})` });
    const error = await adapter()
      .geocode("Melbourne")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MapsServiceError);
    expect((error as MapsServiceError).status).toBe("REQUEST_DENIED");
    expect((error as Error).message).toMatch(
      /^Google Maps geocode failed: REQUEST_DENIED \(the API key was refused; check GOOGLE_MAPS_API_KEY/,
    );
    expect((error as Error).message).toContain("The provided API key is invalid.");
    expect((error as Error).message).not.toContain(KEY);
  });

  it("reports quota and HTTP errors with their status", async () => {
    respond = (_url, _request, response) => json(response, { status: "OVER_QUERY_LIMIT" });
    await expect(adapter().geocode("Melbourne")).rejects.toMatchObject({
      name: "MapsServiceError",
      status: "OVER_QUERY_LIMIT",
      message: expect.stringMatching(/quota exceeded/),
    });
    respond = (_url, _request, response) => json(response, { error: "upstream" }, 503);
    await expect(adapter().geocode("Melbourne")).rejects.toMatchObject({
      status: "HTTP 503",
      message: "Google Maps geocode failed with HTTP 503",
    });
    respond = (_url, _request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html>captive portal</html>");
    };
    await expect(adapter().geocode("Melbourne")).rejects.toMatchObject({ status: "BAD_RESPONSE" });
  });

  it("gives up after the timeout", async () => {
    respond = () => {
      // Never answers.
    };
    const started = Date.now();
    await expect(adapter({ timeoutMs: 200 }).geocode("Melbourne")).rejects.toMatchObject({
      status: "TIMEOUT",
      message: "Google Maps geocode timed out after 200 ms",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports an unreachable server without leaking the key", async () => {
    const closed = new GoogleMapsAdapter({ apiKey: KEY, baseUrl: "http://127.0.0.1:1", timeoutMs: 2000 });
    const error = (await closed.geocode("Melbourne").catch((caught: unknown) => caught)) as MapsServiceError;
    expect(error.status).toBe("NETWORK");
    expect(error.message).toMatch(/^Google Maps geocode could not be reached/);
    expect(error.message).not.toContain(KEY);
  });
});

describe("Google maps adapter: nearby places", () => {
  it("asks for each of the spec's types within 1000 m and merges, de-duplicated, nearest first", async () => {
    respond = (url, _request, response) => {
      const type = url.searchParams.get("type");
      const results = {
        museum: [
          {
            place_id: "acmi",
            name: "ACMI",
            vicinity: "Federation Square",
            types: ["museum"],
            geometry: { location: north(300) },
          },
          {
            place_id: "fedsq",
            name: "Federation Square",
            vicinity: "Swanston St",
            types: ["tourist_attraction"],
            geometry: { location: north(150) },
          },
        ],
        tourist_attraction: [
          {
            place_id: "fedsq",
            name: "Federation Square",
            vicinity: "Swanston St",
            types: ["tourist_attraction"],
            geometry: { location: north(150) },
          },
          // Nearby Search may rank a prominent place just past the radius: it is dropped.
          { place_id: "far", name: "Far away", vicinity: "", types: ["park"], geometry: { location: north(1200) } },
        ],
        park: [
          {
            place_id: "gardens",
            name: "Flagstaff Gardens",
            vicinity: "William St",
            types: ["park"],
            geometry: { location: north(900) },
          },
          { place_id: "broken", name: "No geometry", types: ["park"] },
        ],
      }[type ?? ""];
      json(response, results ? { status: "OK", results } : { status: "ZERO_RESULTS", results: [] });
    };

    const places = await adapter().nearbyPlaces(CENTER, 1000);
    expect(places.map((place) => place.id)).toEqual(["fedsq", "acmi", "gardens"]);
    expect(places[0]).toEqual({
      id: "fedsq",
      name: "Federation Square",
      vicinity: "Swanston St",
      types: ["tourist_attraction"],
      location: north(150),
      distanceMetres: 150,
    });

    expect(requests.map((request) => request.searchParams.get("type")).sort()).toEqual([...PLACE_TYPES].sort());
    for (const request of requests) {
      expect(request.pathname).toBe("/maps/api/place/nearbysearch/json");
      expect(request.searchParams.get("radius")).toBe("1000");
      expect(request.searchParams.get("location")).toBe(`${CENTER.lat},${CENTER.lng}`);
      expect(request.searchParams.get("key")).toBe(KEY);
    }
  });

  it("keeps the types that answered when one type is refused", async () => {
    respond = (url, _request, response) =>
      url.searchParams.get("type") === "landmark"
        ? json(response, { status: "INVALID_REQUEST" })
        : json(response, {
            status: "OK",
            results: [
              { place_id: "p1", name: "Park", vicinity: "", types: ["park"], geometry: { location: north(10) } },
            ],
          });
    expect((await adapter().nearbyPlaces(CENTER, 1000)).map((place) => place.id)).toEqual(["p1"]);
  });

  it("fails with the provider's error when every type fails", async () => {
    respond = (_url, _request, response) =>
      json(response, {
        status: "REQUEST_DENIED",
        error_message: "API keys with referer restrictions cannot be used with this API.",
      });
    await expect(adapter().nearbyPlaces(CENTER, 1000)).rejects.toMatchObject({
      status: "REQUEST_DENIED",
      message: expect.stringContaining("Google Maps nearby search failed: REQUEST_DENIED"),
    });
  });
});

describe("Google maps adapter: autocomplete", () => {
  it("asks for Australian addresses and resolves each prediction to an address selection result", async () => {
    respond = (url, _request, response) => {
      if (url.pathname === "/maps/api/place/autocomplete/json") {
        json(response, {
          status: "OK",
          predictions: [
            { place_id: "addr-1", description: "12 Degraves Street, Melbourne VIC, Australia" },
            { place_id: "addr-2", description: "3/45 Lygon Street, Carlton VIC, Australia" },
          ],
        });
        return;
      }
      const id = url.searchParams.get("place_id");
      const components =
        id === "addr-1"
          ? [
              { long_name: "12", short_name: "12", types: ["street_number"] },
              { long_name: "Degraves Street", short_name: "Degraves St", types: ["route"] },
              { long_name: "Melbourne", short_name: "Melbourne", types: ["locality", "political"] },
              { long_name: "Victoria", short_name: "VIC", types: ["administrative_area_level_1", "political"] },
              { long_name: "Australia", short_name: "AU", types: ["country", "political"] },
              { long_name: "3000", short_name: "3000", types: ["postal_code"] },
            ]
          : [
              { long_name: "3", short_name: "3", types: ["subpremise"] },
              { long_name: "45", short_name: "45", types: ["street_number"] },
              { long_name: "Lygon Street", short_name: "Lygon St", types: ["route"] },
              { long_name: "Carlton", short_name: "Carlton", types: ["locality", "political"] },
              { long_name: "Victoria", short_name: "VIC", types: ["administrative_area_level_1", "political"] },
              { long_name: "Australia", short_name: "AU", types: ["country", "political"] },
              { long_name: "3053", short_name: "3053", types: ["postal_code"] },
            ];
      json(response, {
        status: "OK",
        result: {
          place_id: id,
          address_components: components,
          geometry: { location: id === "addr-1" ? { lat: -37.8168, lng: 144.9657 } : { lat: -37.8021, lng: 144.9669 } },
        },
      });
    };

    const suggestions = await adapter().autocomplete("12 Degraves");
    expect(suggestions).toEqual([
      {
        id: "addr-1",
        label: "12 Degraves Street, Melbourne VIC, Australia",
        streetAddress: "12 Degraves Street",
        suburb: "Melbourne",
        state: "VIC",
        postcode: "3000",
        country: "Australia",
        lat: -37.8168,
        lng: 144.9657,
        precision: "address",
      },
      expect.objectContaining({
        id: "addr-2",
        streetAddress: "3/45 Lygon Street",
        suburb: "Carlton",
        postcode: "3053",
      }),
    ]);

    const [predictions, ...details] = requests;
    expect(predictions?.pathname).toBe("/maps/api/place/autocomplete/json");
    expect(predictions?.searchParams.get("input")).toBe("12 Degraves");
    expect(predictions?.searchParams.get("components")).toBe("country:au");
    expect(predictions?.searchParams.get("types")).toBe("address");
    expect(predictions?.searchParams.get("key")).toBe(KEY);
    const token = predictions?.searchParams.get("sessiontoken");
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(details).toHaveLength(2);
    for (const request of details) {
      expect(request.pathname).toBe("/maps/api/place/details/json");
      expect(request.searchParams.get("sessiontoken")).toBe(token);
      expect(request.searchParams.get("fields")).toContain("geometry");
      expect(request.searchParams.get("key")).toBe(KEY);
    }
  });

  it("does not call Google for fewer than two characters", async () => {
    expect(await adapter().autocomplete("1")).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});
