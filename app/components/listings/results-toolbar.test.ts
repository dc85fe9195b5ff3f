import { describe, expect, it } from "vitest";
import { sortOptionsFor } from "~/app/components/listings/results-toolbar";

describe("sortOptionsFor", () => {
  it("offers nearest first only with a place", () => {
    const values = (where?: string) => sortOptionsFor({ where }).map((option) => option.value);
    expect(values()).toEqual(["newest", "title-asc", "title-desc", "price-asc", "price-desc"]);
    expect(values("rmit-city")).toContain("distance");
    expect(sortOptionsFor({ where: "rmit-city" }).at(-1)).toEqual({ value: "distance", label: "Nearest first" });
  });
});
