import { describe, expect, it } from "vitest";
import {
  formatCoordinates,
  formatDistance,
  openStreetMapUrl,
  placeTypeLabel,
} from "~/app/components/listing-map/map-format";

describe("formatDistance", () => {
  it("shows metres to the nearest 10 under a kilometre", () => {
    expect(formatDistance(0)).toBe("0 m");
    expect(formatDistance(7.4)).toBe("7 m");
    expect(formatDistance(346)).toBe("350 m");
    expect(formatDistance(994)).toBe("990 m");
  });

  it("switches to kilometres once the rounded distance reaches 1000 m", () => {
    expect(formatDistance(996)).toBe("1.0 km");
    expect(formatDistance(1000)).toBe("1.0 km");
    expect(formatDistance(1260)).toBe("1.3 km");
  });

  it("shows nothing for impossible distances", () => {
    expect(formatDistance(Number.NaN)).toBe("");
    expect(formatDistance(-1)).toBe("");
  });
});

describe("placeTypeLabel", () => {
  it("prefers the most specific type", () => {
    expect(placeTypeLabel(["tourist_attraction", "museum", "point_of_interest"])).toBe("Museum");
    expect(placeTypeLabel(["point_of_interest", "establishment"])).toBe("Point of interest");
    expect(placeTypeLabel(["establishment"])).toBe("Place");
  });
});

describe("openStreetMapUrl and formatCoordinates", () => {
  const degraves = { lat: -37.816812, lng: 144.965712 };
  it("links to the point at zoom 15 with a marker", () => {
    expect(openStreetMapUrl(degraves)).toBe(
      "https://www.openstreetmap.org/?mlat=-37.81681&mlon=144.96571#map=15/-37.81681/144.96571",
    );
  });
  it("writes hemispheres instead of signs", () => {
    expect(formatCoordinates(degraves)).toBe("37.81681° S, 144.96571° E");
    expect(formatCoordinates({ lat: 51.5, lng: -0.12 })).toBe("51.50000° N, 0.12000° W");
  });
});
