import { expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import { sitemapContent, sitemapXml } from "~/modules/seo/sitemap.server";
import { createTestListing } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const at = (iso: string) => new Date(iso);

describeEachDatabase("sitemap", (use) => {
  it("lists listings with an availability date and published posts, with their last change", async () => {
    const { db } = use();
    const dated = await createTestListing(db, {
      title: "Dated room",
      availableFrom: "2026-12-01",
      updatedAt: at("2026-11-03T10:00:00Z"),
    });
    const undated = await createTestListing(db, { title: "Let room without a date", availableFrom: null });
    const alsoDated = await createTestListing(db, {
      title: "Another dated room",
      availableFrom: "2027-01-15",
      updatedAt: at("2026-11-01T08:30:00Z"),
    });
    await db.insert(blogPosts).values([
      {
        title: "Published",
        slug: "published-post",
        content: "<p>x</p>",
        status: "published",
        publishedAt: at("2026-10-01T00:00:00Z"),
        updatedAt: at("2026-10-05T12:00:00Z"),
      },
      { title: "Draft", slug: "draft-post", content: "<p>x</p>", status: "draft" },
      {
        title: "Scheduled",
        slug: "scheduled-post",
        content: "<p>x</p>",
        status: "published",
        publishedAt: at("2999-01-01T00:00:00Z"),
      },
    ]);

    const content = await sitemapContent(db);
    expect(content.listings.map((listing) => listing.id).sort()).toEqual([dated, alsoDated].sort());
    expect(content.listings.map((listing) => listing.id)).not.toContain(undated);
    expect(content.listings.find((listing) => listing.id === dated)?.updatedAt).toEqual(at("2026-11-03T10:00:00Z"));
    expect(content.posts).toEqual([{ slug: "published-post", updatedAt: at("2026-10-05T12:00:00Z") }]);

    const xml = await sitemapXml("https://rooms.example", db);
    expect(xml).toContain(
      `<loc>https://rooms.example/listing/${dated}</loc>\n    <lastmod>2026-11-03T10:00:00Z</lastmod>`,
    );
    expect(xml).toContain(
      `<loc>https://rooms.example/blog/published-post</loc>\n    <lastmod>2026-10-05T12:00:00Z</lastmod>`,
    );
    expect(xml).toContain("<loc>https://rooms.example/cookies</loc>");
    expect(xml).not.toContain(undated);
    expect(xml).not.toContain("draft-post");
    expect(xml).not.toContain("scheduled-post");
  });

  it("still lists the static pages on an empty database", async () => {
    const xml = await sitemapXml("http://localhost:3000/", use().db);
    expect(xml.match(/<url>/g)).toHaveLength(11);
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
  });
});
