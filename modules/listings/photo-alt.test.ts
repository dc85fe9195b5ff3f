import { describe, expect, it } from "vitest";
import { generatedAlt, withAltText } from "~/modules/listings/photo-alt";

const listing = { title: "Sunny room off Degraves Street ☀️", roomType: "ensuite" as const };

describe("generatedAlt", () => {
  it("names the room on the cover and counts the photos, from the listing's own facts", () => {
    expect(generatedAlt(listing, 0, 6)).toBe("Ensuite bedroom, photo 1 of 6, Sunny room off Degraves Street");
    expect(generatedAlt(listing, 2, 6)).toBe("Photo 3 of 6, Sunny room off Degraves Street");
    expect(generatedAlt({ ...listing, roomType: "studio" }, 0)).toBe("Studio, photo 1, Sunny room off Degraves Street");
  });
});

describe("withAltText", () => {
  it("keeps a photo's own alt text and fills in the rest", () => {
    const photos = withAltText(
      [
        { url: "/a.jpg", alt: "A desk by the window" },
        { url: "/b.jpg", alt: "  " },
      ],
      listing,
    );
    expect(photos.map((photo) => photo.alt)).toEqual([
      "A desk by the window",
      "Photo 2 of 2, Sunny room off Degraves Street",
    ]);
  });
});
