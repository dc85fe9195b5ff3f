import { describe, expect, it } from "vitest";
import { postInputSchema, slugify } from "~/modules/blog/post-input";

describe("slugify", () => {
  it("suggests a URL-safe slug from a title", () => {
    expect(slugify("Moving to Melbourne: A Guide!")).toBe("moving-to-melbourne-a-guide");
    expect(slugify("  Café & Co — 2026  ")).toBe("cafe-and-co-2026");
    expect(slugify("!!!")).toBe("");
  });
});

describe("postInputSchema", () => {
  it("defaults to a draft blog post and empties blank optional fields", () => {
    const parsed = postInputSchema.parse({
      title: " T ",
      slug: "t",
      content: "<p>c</p>",
      excerpt: " ",
      featuredImage: "",
    });
    expect(parsed).toEqual({
      title: "T",
      slug: "t",
      content: "<p>c</p>",
      excerpt: null,
      featuredImage: null,
      status: "draft",
      type: "blog",
    });
  });

  it("accepts https and site-path images only", () => {
    const image = (featuredImage: string) =>
      postInputSchema.safeParse({ title: "t", slug: "t", content: "c", featuredImage }).success;
    expect(image("https://example.com/a.jpg")).toBe(true);
    expect(image("/uploads/a.webp")).toBe(true);
    expect(image("http://example.com/a.jpg")).toBe(false);
    expect(image("//evil.example/a.jpg")).toBe(false);
    expect(image("data:image/png;base64,AAAA")).toBe(false);
  });
});
