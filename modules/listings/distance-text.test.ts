import { describe, expect, it } from "vitest";
import { distanceLine, formatDistance, walkingMinutes } from "~/modules/listings/distance-text";

describe("formatDistance", () => {
  it("gives metres to the nearest 10 under a kilometre, then kilometres to one decimal", () => {
    expect(formatDistance(0)).toBe("10 m");
    expect(formatDistance(444)).toBe("440 m");
    expect(formatDistance(445)).toBe("450 m");
    expect(formatDistance(994)).toBe("990 m");
    expect(formatDistance(995)).toBe("1.0 km");
    expect(formatDistance(1000)).toBe("1.0 km");
    expect(formatDistance(1249)).toBe("1.2 km");
    expect(formatDistance(7400)).toBe("7.4 km");
  });
});

describe("walkingMinutes at 4.8 km/h", () => {
  it("rounds to the minute under 10 minutes, at least 1", () => {
    expect(walkingMinutes(0)).toBe(1);
    expect(walkingMinutes(80)).toBe(1);
    expect(walkingMinutes(360)).toBe(5); // 4.5 min
    expect(walkingMinutes(759)).toBe(9); // 9.49 min
  });
  it("rounds to the nearest 5 from 10 minutes", () => {
    expect(walkingMinutes(768)).toBe(10); // 9.6 min
    expect(walkingMinutes(800)).toBe(10);
    expect(walkingMinutes(990)).toBe(10); // 12.4 min
    expect(walkingMinutes(1000)).toBe(15); // 12.5 min
    expect(walkingMinutes(1200)).toBe(15);
  });
  it("gives no estimate beyond an hour", () => {
    expect(walkingMinutes(4800)).toBe(60);
    expect(walkingMinutes(4801)).toBeNull();
  });
});

describe("distanceLine", () => {
  it("says the distance and the walk to the place", () => {
    expect(distanceLine(1200, "RMIT City")).toBe("1.2 km · about 15 min walk to RMIT City");
    expect(distanceLine(450, "RMIT City")).toBe("450 m · about 6 min walk to RMIT City");
  });
  it("says only the distance beyond an hour's walk", () => {
    expect(distanceLine(7400, "RMIT City")).toBe("7.4 km to RMIT City");
  });
});
