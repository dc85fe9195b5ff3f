import { describe, expect, it } from "vitest";
import { featuredImageSrcSet, formatPostDate, postDateAttribute } from "~/modules/blog/post-format";

describe("formatPostDate", () => {
  it("formats as 'MMMM d, yyyy' on the Melbourne calendar", () => {
    expect(formatPostDate("2024-03-12T00:30:00.000Z")).toBe("March 12, 2024");
    // 11 pm UTC on 1 Sep is already 2 Sep in Melbourne.
    expect(formatPostDate(new Date("2024-09-01T23:00:00.000Z"))).toBe("September 2, 2024");
    expect(postDateAttribute("2024-09-01T23:00:00.000Z")).toBe("2024-09-02");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatPostDate("not a date")).toBe("");
  });
});

describe("featuredImageSrcSet", () => {
  it("offers the 600 px copy of a demo image", () => {
    expect(featuredImageSrcSet("/demo/blog/blog-tram.webp")).toBe(
      "/demo/blog/blog-tram-600.webp 600w, /demo/blog/blog-tram.webp 1200w",
    );
    expect(featuredImageSrcSet("https://example.com/a.webp")).toBeUndefined();
  });
});
