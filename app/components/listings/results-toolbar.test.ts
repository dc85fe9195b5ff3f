import { describe, expect, it } from "vitest";
import { sortOptionsFor } from "~/app/components/listings/results-toolbar";

describe("sortOptionsFor", () => {
  it("offers nearest first only with a place", () => {
    const values = (hasPlace: boolean) => sortOptionsFor(hasPlace).map((option) => option.value);
    expect(values(false)).toEqual(["newest", "title-asc", "title-desc", "price-asc", "price-desc"]);
    expect(sortOptionsFor(true).at(-1)).toEqual({ value: "distance", label: "Nearest first" });
  });
});
