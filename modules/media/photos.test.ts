import { describe, expect, it } from "vitest";
import { normalizePhotos, photoSrcSet, photoUrl } from "~/modules/media/photos";

const ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz_-0123";

describe("photoUrl", () => {
  it("turns a bare drive id (25+ letters, digits, - or _) into an 800 px thumbnail URL", () => {
    expect(photoUrl(ID)).toBe(`https://drive.google.com/thumbnail?id=${ID}&sz=w800`);
    expect(photoUrl("a".repeat(25))).toBe(`https://drive.google.com/thumbnail?id=${"a".repeat(25)}&sz=w800`);
  });

  it("leaves a 24-character token alone (not an id) and drops it as it is no URL", () => {
    expect(photoUrl("a".repeat(24))).toBeUndefined();
  });

  it("converts drive share links in their common forms", () => {
    const thumbnail = `https://drive.google.com/thumbnail?id=${ID}&sz=w800`;
    expect(photoUrl(`https://drive.google.com/file/d/${ID}/view?usp=sharing`)).toBe(thumbnail);
    expect(photoUrl(`https://drive.google.com/open?id=${ID}`)).toBe(thumbnail);
    expect(photoUrl(`https://drive.google.com/uc?export=view&id=${ID}`)).toBe(thumbnail);
  });

  it("passes other http(s) and site-relative URLs through and drops unsafe ones", () => {
    expect(photoUrl("https://images.example.com/a.jpg")).toBe("https://images.example.com/a.jpg");
    expect(photoUrl("/uploads/abc.webp")).toBe("/uploads/abc.webp");
    expect(photoUrl("javascript:alert(1)")).toBeUndefined();
    expect(photoUrl("data:image/png;base64,AAAA")).toBeUndefined();
    expect(photoUrl("//evil.example/x.png")).toBeUndefined();
    expect(photoUrl("   ")).toBeUndefined();
  });
});

describe("normalizePhotos", () => {
  it("accepts a list of URLs", () => {
    expect(normalizePhotos(["/a.webp", "https://x.example/b.jpg"])).toEqual([
      { url: "/a.webp" },
      { url: "https://x.example/b.jpg" },
    ]);
  });

  it("accepts a list of objects with url, keeping size, alt and variants", () => {
    const photo = {
      url: "/a.webp",
      width: 1200,
      height: 800,
      alt: "Bedroom",
      variants: [{ url: "/a-480.webp", width: 480, format: "webp" }],
    };
    expect(normalizePhotos([photo])).toEqual([photo]);
  });

  it("accepts an object whose values are URLs or objects with url, in order", () => {
    expect(normalizePhotos({ first: "/1.webp", second: { url: "/2.webp" }, third: ID })).toEqual([
      { url: "/1.webp" },
      { url: "/2.webp" },
      { url: `https://drive.google.com/thumbnail?id=${ID}&sz=w800` },
    ]);
  });

  it("accepts JSON text and a single object, and drops what it cannot use", () => {
    expect(normalizePhotos('["/1.webp"]')).toEqual([{ url: "/1.webp" }]);
    expect(normalizePhotos({ url: "/only.webp" })).toEqual([{ url: "/only.webp" }]);
    expect(normalizePhotos([null, 3, { nope: 1 }, "javascript:x", "/ok.webp"])).toEqual([{ url: "/ok.webp" }]);
    expect(normalizePhotos(null)).toEqual([]);
    expect(normalizePhotos(undefined)).toEqual([]);
  });
});

describe("photoSrcSet", () => {
  it("lists WebP variants by width, or nothing when there is only one size", () => {
    expect(
      photoSrcSet({
        url: "/a.webp",
        variants: [
          { url: "/a-480.webp", width: 480, format: "webp" },
          { url: "/a.webp", width: 1200, format: "webp" },
        ],
      }),
    ).toBe("/a-480.webp 480w, /a.webp 1200w");
    expect(photoSrcSet({ url: "/a.webp" })).toBeUndefined();
  });

  it("lists the AVIF variants when asked", () => {
    const photo = {
      url: "/a/1600.jpg",
      variants: [
        { url: "/a/400.webp", width: 400, format: "webp" as const },
        { url: "/a/400.avif", width: 400, format: "avif" as const },
        { url: "/a/1600.avif", width: 1600, format: "avif" as const },
      ],
    };
    expect(photoSrcSet(photo, "avif")).toBe("/a/400.avif 400w, /a/1600.avif 1600w");
    expect(photoSrcSet(photo)).toBeUndefined();
  });
});
