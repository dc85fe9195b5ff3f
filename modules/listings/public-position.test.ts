import { describe, expect, it } from "vitest";
import { haversineMetres } from "~/lib/adapters/maps/geo";
import { publicDistanceMetres } from "~/modules/listings/public-position.server";

const rmitCity = { lat: -37.808, lng: 144.9635 };
const carltonCentre = { lat: -37.8001, lng: 144.9671 };

describe("publicDistanceMetres", () => {
  it("keeps the measured distance of a listing shown at its street address", () => {
    expect(publicDistanceMetres(rmitCity, { ...carltonCentre, approximate: false }, 1234)).toBe(1234);
  });

  it("measures an approximate listing to its suburb's centre, never to its stored street position", () => {
    const shown = publicDistanceMetres(rmitCity, { ...carltonCentre, approximate: true }, 412);
    expect(shown).toBe(Math.round(haversineMetres(rmitCity, carltonCentre)));
    expect(shown).not.toBe(412);
  });

  it("adds no distance outside a location search and none without an origin", () => {
    expect(publicDistanceMetres(rmitCity, { ...carltonCentre, approximate: true }, undefined)).toBeUndefined();
    expect(publicDistanceMetres(null, { ...carltonCentre, approximate: true }, null)).toBeNull();
    expect(publicDistanceMetres(rmitCity, null, null)).toBeNull();
  });
});
