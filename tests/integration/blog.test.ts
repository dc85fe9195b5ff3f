import { expect, it } from "vitest";
import { blogPosts, newsletterSubscribers } from "~/db/schema";
import { demoPosts } from "~/scripts/seed/demo-posts";
import type { Database } from "~/lib/db/client.server";
import { featuredPosts, findPublishedPost, latestPosts } from "~/modules/blog/blog-queries.server";
import { subscribe } from "~/modules/newsletter/subscribe.server";
import { testStorage } from "~/tests/support/services";
import { describeEachDatabase } from "~/tests/support/test-database";

const DAY = 24 * 60 * 60 * 1000;

type PostInsert = typeof blogPosts.$inferInsert;

function post(slug: string, daysAgo: number | null, patch: Partial<PostInsert> = {}): PostInsert {
  return {
    title: `Post ${slug}`,
    slug,
    content: `<p>Body of ${slug}</p>`,
    excerpt: `Excerpt of ${slug}`,
    status: daysAgo === null ? "draft" : "published",
    type: "blog",
    publishedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
    ...patch,
  };
}

async function insertDemoPosts(db: Database) {
  await db.insert(blogPosts).values(demoPosts(new Date()));
}

describeEachDatabase("blog queries", (use) => {
  it("featured: the 2 newest published blog posts; latest: the next 4 (demo data)", async () => {
    const { db } = use();
    await insertDemoPosts(db);
    const featured = await featuredPosts(db, testStorage());
    const latest = await latestPosts(db, testStorage());
    expect(featured.map((row) => row.slug)).toEqual([
      "how-to-choose-a-suburb-for-a-6-month-stay",
      "bond-and-rental-laws-in-victoria-for-room-renters",
    ]);
    expect(latest.map((row) => row.slug)).toEqual([
      "moving-to-melbourne-for-work-your-first-two-weeks",
      "getting-around-inner-melbourne-without-a-car",
      "living-in-a-share-house-setting-expectations",
      "landlords-checklist-for-furnishing-a-mid-term-room",
    ]);
    for (const row of [...featured, ...latest]) expect(row.type).toBe("blog");
    const dates = [...featured, ...latest].map((row) => Date.parse(row.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("orders by published_at, not created_at, and leaves out news, press, drafts and future posts", async () => {
    const { db } = use();
    await db
      .insert(blogPosts)
      .values([
        post("oldest-but-created-last", 30, { createdAt: new Date() }),
        post("newest", 1, { createdAt: new Date(Date.now() - 90 * DAY) }),
        post("second", 2),
        post("third", 3),
        post("a-news-item", 0.5, { type: "news" }),
        post("a-press-release", 0.5, { type: "press" }),
        post("a-draft", null),
        post("scheduled", -2),
      ]);
    expect((await featuredPosts(db, testStorage())).map((row) => row.slug)).toEqual(["newest", "second"]);
    expect((await latestPosts(db, testStorage())).map((row) => row.slug)).toEqual(["third", "oldest-but-created-last"]);
  });

  it("findPublishedPost: a published post of any type, never a draft, a future post or an unknown slug", async () => {
    const { db } = use();
    await insertDemoPosts(db);
    await db.insert(blogPosts).values(post("scheduled", -1));

    const found = await findPublishedPost(db, testStorage(), "how-to-choose-a-suburb-for-a-6-month-stay");
    expect(found?.title).toBe("How to choose a suburb for a 6-month stay in Melbourne");
    expect(found?.content).toContain("<h2>");
    expect(found?.featuredImage).toBe("/demo/blog/blog-terraces.webp");
    expect((await findPublishedPost(db, testStorage(), "laneway-rooms-launches-professional-plan"))?.type).toBe(
      "press",
    );

    const drafts = demoPosts(new Date()).filter((row) => row.status === "draft");
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(await findPublishedPost(db, testStorage(), draft.slug)).toBeNull();
    expect(await findPublishedPost(db, testStorage(), "scheduled")).toBeNull();
    expect(await findPublishedPost(db, testStorage(), "no-such-post")).toBeNull();
    expect(await findPublishedPost(db, testStorage(), "Not A Slug'; drop table blog_posts;--")).toBeNull();
  });

  it("sanitizes content and featured images on the way out", async () => {
    const { db } = use();
    await db.insert(blogPosts).values(
      post("hostile", 1, {
        content: `<p onclick="alert(1)">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
        featuredImage: "javascript:alert(1)",
      }),
    );
    const found = await findPublishedPost(db, testStorage(), "hostile");
    expect(found?.content).toBe("<p>Hi</p><a>x</a>");
    expect(found?.featuredImage).toBeNull();
    expect((await featuredPosts(db, testStorage()))[0]?.featuredImage).toBeNull();
  });
});

describeEachDatabase("newsletter subscribe", (use) => {
  it("stores the address trimmed and lower-cased with its source", async () => {
    const { db } = use();
    expect(await subscribe(db, { email: "  Jane@Example.com ", source: "blog" })).toEqual({ ok: true });
    const rows = await db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "jane@example.com", source: "blog" });
  });

  it("deduplicates (also across letter case) and answers the same either way", async () => {
    const { db } = use();
    const first = await subscribe(db, { email: "sam@example.com", source: "footer" });
    const again = await subscribe(db, { email: "SAM@EXAMPLE.COM", source: "blog" });
    expect(again).toEqual(first);
    const rows = await db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "sam@example.com", source: "footer" });
  });

  it("rejects an invalid e-mail or source and stores nothing", async () => {
    const { db } = use();
    for (const input of [
      { email: "not-an-email", source: "blog" },
      { email: "", source: "footer" },
      { email: undefined, source: "footer" },
      { email: `${"a".repeat(250)}@example.com`, source: "blog" },
      { email: "ok@example.com", source: "admin" },
    ]) {
      const result = await subscribe(db, input);
      expect(result.ok).toBe(false);
    }
    expect(await subscribe(db, { email: "nope", source: "blog" })).toEqual({
      ok: false,
      error: "Enter a valid e-mail address",
    });
    expect(await db.select().from(newsletterSubscribers)).toHaveLength(0);
  });
});
