import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalUrl, DEFAULT_SHARE_IMAGE, pageMeta, rootMetaData, summarise } from "~/app/seo/meta";

const root = { siteName: "Laneway Rooms", publicUrl: "https://rooms.example" };

const find = (descriptors: ReturnType<typeof pageMeta>, key: string, value: string) =>
  descriptors.find((descriptor) => (descriptor as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined;

describe("pageMeta", () => {
  const meta = pageMeta({ title: "About", description: "Who we are.", path: "/about" }, root);

  it("titles the page 'Page | Site' and describes it", () => {
    expect(meta[0]).toEqual({ title: "About | Laneway Rooms" });
    expect(find(meta, "name", "description")?.content).toBe("Who we are.");
  });

  it("links the canonical URL from PUBLIC_URL", () => {
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://rooms.example/about",
    });
  });

  it("has Open Graph and Twitter card tags", () => {
    const og = (property: string) => find(meta, "property", property)?.content;
    expect(og("og:title")).toBe("About");
    expect(og("og:description")).toBe("Who we are.");
    expect(og("og:url")).toBe("https://rooms.example/about");
    expect(og("og:type")).toBe("website");
    expect(og("og:site_name")).toBe("Laneway Rooms");
    expect(og("og:locale")).toBe("en_AU");
    expect(og("og:image")).toBe(`https://rooms.example${DEFAULT_SHARE_IMAGE}`);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "robots")).toBeUndefined();
  });

  it("makes a page image absolute and keeps absolute images", () => {
    const local = pageMeta(
      { description: "d", path: "/listing/1", image: "/demo/rooms/room-01.webp", type: "article" },
      root,
    );
    expect(find(local, "property", "og:image")?.content).toBe("https://rooms.example/demo/rooms/room-01.webp");
    expect(find(local, "property", "og:type")?.content).toBe("article");
    const remote = pageMeta(
      { description: "d", path: "/", image: "https://cdn.example/a.jpg", imageAlt: "A room" },
      root,
    );
    expect(find(remote, "property", "og:image")?.content).toBe("https://cdn.example/a.jpg");
    expect(find(remote, "property", "og:image:alt")?.content).toBe("A room");
  });

  it("uses the site name alone, or a full title, when asked", () => {
    expect(pageMeta({ description: "d", path: "/" }, root)[0]).toEqual({ title: "Laneway Rooms" });
    const home = pageMeta({ fullTitle: "Laneway Rooms | Rooms in Melbourne", description: "d", path: "/" }, root);
    expect(home[0]).toEqual({ title: "Laneway Rooms | Rooms in Melbourne" });
    expect(find(home, "property", "og:title")?.content).toBe("Laneway Rooms | Rooms in Melbourne");
  });

  it("follows the configured site name", () => {
    const meta = pageMeta({ title: "Blog", description: "d", path: "/blog" }, { ...root, siteName: "CBD Rooms" });
    expect(meta[0]).toEqual({ title: "Blog | CBD Rooms" });
    expect(find(meta, "property", "og:site_name")?.content).toBe("CBD Rooms");
  });

  it("still titles and describes a page without root data, but has no canonical URL", () => {
    const meta = pageMeta({ title: "About", description: "d", path: "/about" }, undefined);
    expect(meta[0]).toEqual({ title: "About | Laneway Rooms" });
    expect(find(meta, "rel", "canonical")).toBeUndefined();
    expect(find(meta, "property", "og:url")).toBeUndefined();
    expect(find(meta, "property", "og:image")).toBeUndefined();
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary");
  });

  it("asks not to be indexed when told", () => {
    const meta = pageMeta({ title: "Search", description: "d", path: "/search", noIndex: true }, root);
    expect(find(meta, "name", "robots")?.content).toBe("noindex");
  });

  it("shortens long descriptions", () => {
    const meta = pageMeta({ description: "word ".repeat(100), path: "/" }, root);
    const content = find(meta, "name", "description")?.content ?? "";
    expect(content.length).toBeLessThanOrEqual(160);
    expect(content.endsWith("…")).toBe(true);
  });
});

describe("rootMetaData", () => {
  it("takes siteName and publicUrl from the root match", () => {
    expect(
      rootMetaData([
        { id: "root", loaderData: { ...root, other: 1 } },
        { id: "routes/about", loaderData: null },
      ]),
    ).toEqual(root);
    expect(rootMetaData([{ id: "routes/about", loaderData: root }])).toBeUndefined();
    expect(rootMetaData([{ id: "root", loaderData: undefined }])).toBeUndefined();
  });
});

describe("helpers", () => {
  it("absoluteUrl resolves site paths and refuses everything else", () => {
    expect(absoluteUrl("/a b.png", "https://rooms.example/")).toBe("https://rooms.example/a%20b.png");
    expect(absoluteUrl("https://cdn.example/x.png", undefined)).toBe("https://cdn.example/x.png");
    for (const bad of ["//evil.example/x.png", "javascript:alert(1)", "data:image/png;base64,AA", "x.png", "/\\evil"]) {
      expect(absoluteUrl(bad, "https://rooms.example")).toBeUndefined();
    }
    expect(absoluteUrl("/x.png", undefined)).toBeUndefined();
  });

  it("canonicalUrl joins PUBLIC_URL and the path without its fragment", () => {
    expect(canonicalUrl("/search?title=room#results", "https://rooms.example/")).toBe(
      "https://rooms.example/search?title=room",
    );
    expect(canonicalUrl("about", "https://rooms.example")).toBe("https://rooms.example/about");
  });

  it("summarise collapses whitespace and cuts at a word", () => {
    expect(summarise("  Sunny   room\nnear trams ")).toBe("Sunny room near trams");
    expect(summarise("alpha beta gamma delta", 15)).toBe("alpha beta…");
  });
});
