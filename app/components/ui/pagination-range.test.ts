import { describe, expect, it } from "vitest";
import { paginationRange } from "~/app/components/ui/pagination-range";

const E = "ellipsis";

describe("paginationRange", () => {
  it("lists short ranges in full", () => {
    expect(paginationRange(1, 0)).toEqual([]);
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each([
    [1, [1, 2, 3, 4, 5, E, 20]],
    [4, [1, 2, 3, 4, 5, E, 20]],
    [5, [1, E, 4, 5, 6, E, 20]],
    [10, [1, E, 9, 10, 11, E, 20]],
    [16, [1, E, 15, 16, 17, E, 20]],
    [17, [1, E, 16, 17, 18, 19, 20]],
    [20, [1, E, 16, 17, 18, 19, 20]],
  ])("shows page %i of 20 as %j", (page, expected) => {
    expect(paginationRange(page, 20)).toEqual(expected);
  });

  it("keeps a constant length so the control does not jump", () => {
    for (let page = 1; page <= 30; page++) expect(paginationRange(page, 30)).toHaveLength(7);
  });

  it("never leaves a one-page gap behind an ellipsis", () => {
    expect(paginationRange(4, 8)).toEqual([1, 2, 3, 4, 5, E, 8]);
    expect(paginationRange(5, 8)).toEqual([1, E, 4, 5, 6, 7, 8]);
  });

  it("clamps an out-of-range current page", () => {
    expect(paginationRange(0, 20)).toEqual(paginationRange(1, 20));
    expect(paginationRange(99, 20)).toEqual(paginationRange(20, 20));
  });

  it("honours a wider sibling window", () => {
    expect(paginationRange(10, 20, 2)).toEqual([1, E, 8, 9, 10, 11, 12, E, 20]);
  });
});
