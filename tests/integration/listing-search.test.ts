import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { searchFor } from "~/tests/support/search";
import { expect, it } from "vitest";
import { listings } from "~/db/schema";
import type { ListingPhoto } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { featuredListings, findListing, orderFor, searchListings } from "~/modules/listings/listing-queries.server";
import { parseSearchParams, SORT_OPTIONS } from "~/modules/listings/search-params";
import { publiclyVisibleSql } from "~/modules/listings/visibility.server";
import { createTestListing } from "~/tests/support/factories";
import { queryPlan } from "~/tests/support/query-plan";
import { describeEachDatabase } from "~/tests/support/test-database";

const day = (offset: number) => new Date(Date.UTC(2026, 10, 1 + offset));

async function insertFixtures(db: Database) {
  for (const listing of [
    {
      title: "Sunny room in Southbank",
      description: "Ensuite · Balcony\nLovely views",
      weeklyRent: 450,
      availableFrom: "2026-12-01",
      createdAt: day(5),
      // Stored as plain URLs, one of the legacy shapes photos arrive in.
      photos: ["/a.webp", "/b.webp"] as unknown as ListingPhoto[],
    },
    {
      title: "Quiet Carlton terrace room",
      description: "Shared bathroom\nCLOSE to the university, with a BALCONY",
      weeklyRent: 320,
      availableFrom: "2026-11-25",
      createdAt: day(4),
    },
    {
      title: "Docklands apartment room 50% off",
      description: "Gym · Pool\nWaterfront",
      weeklyRent: 610.5,
      availableFrom: "2027-01-10",
      createdAt: day(3),
    },
    {
      title: "Fitzroy warehouse room",
      description: "Pet-friendly\nArt studio downstairs",
      weeklyRent: 380,
      availableFrom: "2026-12-15",
      createdAt: day(2),
    },
    {
      title: "Let room in Richmond (no date)",
      description: "Balcony\nCurrently let",
      weeklyRent: 300,
      availableFrom: null,
      createdAt: day(6),
    },
  ]) {
    await createTestListing(db, listing);
  }
}

const search = searchFor;
const titles = (result: { listings: { title: string }[] }) => result.listings.map((listing) => listing.title);

describeEachDatabase("listing search", (use) => {
  it("returns only listings with an availability date, newest first, with the exact total", async () => {
    const { db } = use();
    await insertFixtures(db);
    const result = await search(db, "");
    expect(result.total).toBe(4);
    expect(titles(result)).toEqual([
      "Sunny room in Southbank",
      "Quiet Carlton terrace room",
      "Docklands apartment room 50% off",
      "Fitzroy warehouse room",
    ]);
    expect(result.listings[0]).toMatchObject({
      features: "Ensuite · Balcony",
      details: "Lovely views",
      weeklyRent: 450,
      availableFrom: "2026-12-01",
      photo: { url: "/a.webp" },
    });
  });

  it("matches title and keyword case-insensitively anywhere, and wildcards literally", async () => {
    const { db } = use();
    await insertFixtures(db);
    expect(titles(await search(db, "title=SOUTHBANK"))).toEqual(["Sunny room in Southbank"]);
    expect(titles(await search(db, "keyword=balcony"))).toEqual([
      "Sunny room in Southbank",
      "Quiet Carlton terrace room",
    ]);
    expect(titles(await search(db, "title=50%25"))).toEqual(["Docklands apartment room 50% off"]);
    expect((await search(db, "title=%25")).total).toBe(1);
    expect((await search(db, "title=_")).total).toBe(0);
  });

  it("bounds by availability date and by whole-dollar prices", async () => {
    const { db } = use();
    await insertFixtures(db);
    expect(titles(await search(db, "availableFrom=2026-12-01"))).toEqual([
      "Sunny room in Southbank",
      "Docklands apartment room 50% off",
      "Fitzroy warehouse room",
    ]);
    expect(titles(await search(db, "minPrice=380&maxPrice=450&sort=price-asc"))).toEqual([
      "Fitzroy warehouse room",
      "Sunny room in Southbank",
    ]);
    expect((await search(db, "minPrice=0&maxPrice=")).total).toBe(4);
  });

  it("sorts by title and by price both ways", async () => {
    const { db } = use();
    await insertFixtures(db);
    expect(titles(await search(db, "sort=title-asc"))[0]).toBe("Docklands apartment room 50% off");
    expect(titles(await search(db, "sort=title-desc"))[0]).toBe("Sunny room in Southbank");
    expect((await search(db, "sort=price-asc")).listings.map((listing) => listing.weeklyRent)).toEqual([
      320, 380, 450, 610.5,
    ]);
    expect((await search(db, "sort=price-desc")).listings[0]?.weeklyRent).toBe(610.5);
  });

  it("pages without overlap and keeps the total", async () => {
    const { db } = use();
    await insertFixtures(db);
    const first = await search(db, "pageSize=6&page=1");
    expect(first.listings).toHaveLength(4);
    const pageTwo = await search(db, "pageSize=6&page=2");
    expect(pageTwo).toEqual({ ok: true, listings: [], total: 4, totalIsExact: true });
  });

  it("reads every sort's page in the order of an index, sorting no rows, and ties at one price never overlap", async () => {
    const { db } = use();
    const word = `Tie${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i++) await createTestListing(db, { title: `${word} room`, weeklyRent: 555 });
    for (const sort of SORT_OPTIONS.map((option) => option.value).filter((value) => value !== "distance")) {
      const query = db
        .select({ id: listings.listingId })
        .from(listings)
        .where(publiclyVisibleSql())
        .orderBy(...orderFor(sort, null))
        .limit(12)
        .toSQL();
      const plan = await queryPlan(db, query, [
        "enable_sort = off",
        "enable_incremental_sort = off",
        "enable_seqscan = off",
      ]);
      expect(plan, sort).not.toMatch(/Sort/);
      // Pages of two through five rooms of one title and price: each room once.
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const state = { ...parseSearchParams(new URLSearchParams({ title: word, sort })), pageSize: 2, page };
        const result = await searchListings(db, state);
        if (result.ok) seen.push(...result.listings.map((listing) => listing.id));
      }
      expect(new Set(seen).size, sort).toBe(5);
    }
  });

  it("folds non-ASCII case on both sides, and follows an edited title", async () => {
    const { db } = use();
    const id = await createTestListing(db, {
      title: "Café ÉTOILE studio",
      description: "Über quiet\nNear the ÅRHUS bakery",
    });
    expect(titles(await search(db, "title=étoile"))).toEqual(["Café ÉTOILE studio"]);
    expect(titles(await search(db, "keyword=århus"))).toEqual(["Café ÉTOILE studio"]);
    await db.update(listings).set({ listingTitle: "Brunswick loft" }).where(eq(listings.listingId, id));
    expect((await search(db, "title=étoile")).total).toBe(0);
    expect(titles(await search(db, "title=LOFT"))).toEqual(["Brunswick loft"]);
  });

  it("on a large table, counts a text search only up to the cap, and says the total is not exact", async () => {
    const { db } = use();
    for (let i = 0; i < 8; i++) await createTestListing(db, { title: `Garden room ${i}`, createdAt: day(i) });
    await createTestListing(db, { title: "Garden flat" });
    await db.execute(sql`analyze listings`);
    const state = parseSearchParams(new URLSearchParams("title=room&pageSize=6"));
    const large = { exactCostlyCountMaxListings: 0, totalCap: 5 };

    const capped = await searchListings(db, state, large);
    expect(capped).toMatchObject({ ok: true, total: 5, totalIsExact: false });
    expect(titles(capped as { listings: { title: string }[] })).toHaveLength(6);
    // Fewer matches than the cap are counted exactly; so is every search on a small table.
    expect(await searchListings(db, state, { ...large, totalCap: 20 })).toMatchObject({ total: 8, totalIsExact: true });
    expect(await searchListings(db, state, { totalCap: 5 })).toMatchObject({ total: 8, totalIsExact: true });
    // Searches without a text term or stay-fit filter use the indexes and keep the exact total.
    const all = parseSearchParams(new URLSearchParams("pageSize=6"));
    expect(await searchListings(db, all, large)).toMatchObject({ total: 9, totalIsExact: true });
    // A broad stay-fit filter is capped like a common term (every test listing takes 3–12 months).
    const stay = parseSearchParams(new URLSearchParams("stay=6&pageSize=6"));
    expect(await searchListings(db, stay, large)).toMatchObject({ ok: true, total: 5, totalIsExact: false });
    // The last page of a capped search still shows its rows.
    const last = await searchListings(db, { ...state, page: 2 }, large);
    expect(last).toMatchObject({ ok: true, total: 8, totalIsExact: true });
  });

  it("on a very large table, counts every search only up to the cap, with or without filters", async () => {
    const { db } = use();
    const word = `Vast${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 8; i++) await createTestListing(db, { title: `${word} room ${i}`, weeklyRent: 400 + i });
    await db.execute(sql`analyze listings`);
    const veryLarge = { exactCountMaxListings: 0, totalCap: 5 };
    const state = (query: string) => ({ ...parseSearchParams(new URLSearchParams(query)), pageSize: 6 });
    // No filter, a price range and a sort by price: the total stops at the cap, the page is whole.
    for (const query of ["", "minPrice=400&maxPrice=407", "sort=price-desc"]) {
      const capped = await searchListings(db, state(query), veryLarge);
      expect(capped, query).toMatchObject({ ok: true, total: 5, totalIsExact: false });
      expect((capped as { listings: unknown[] }).listings, query).toHaveLength(6);
    }
    // Fewer matches than the cap are still counted exactly.
    expect(await searchListings(db, state(`title=${word}&minPrice=405`), veryLarge)).toMatchObject({
      ok: true,
      total: 3,
      totalIsExact: true,
    });
    // Below the size, the same searches count exactly.
    expect(await searchListings(db, state("minPrice=400&maxPrice=407"), { totalCap: 5 })).toMatchObject({
      total: 8,
      totalIsExact: true,
    });
  });

  it("a card carries the start of long details; the listing page all of them", async () => {
    const { db } = use();
    const details = "Quiet street, light all day. ".repeat(100).trim();
    const id = await createTestListing(db, { title: "Long story room", description: `Ensuite\n${details}` });
    const [card] = (await search(db, "title=Long story")).listings;
    expect(card?.details.length).toBeLessThanOrEqual(401);
    expect(card?.details.endsWith("…")).toBe(true);
    expect(details.startsWith(card?.details.slice(0, -1) ?? "x")).toBe(true);
    expect((await findListing(db, id))?.details).toBe(details);
  });

  it("featured listings are the newest with a date; a listing is found by id and a bad id is not", async () => {
    const { db } = use();
    await insertFixtures(db);
    const featured = await featuredListings(db, 2);
    expect(titles({ listings: featured })).toEqual(["Sunny room in Southbank", "Quiet Carlton terrace room"]);
    const detail = await findListing(db, featured[0]?.id ?? "");
    expect(detail).toMatchObject({
      title: "Sunny room in Southbank",
      photos: [{ url: "/a.webp" }, { url: "/b.webp" }],
    });
    expect(await findListing(db, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await findListing(db, "not-a-uuid' or 1=1 --")).toBeNull();
  });
});
