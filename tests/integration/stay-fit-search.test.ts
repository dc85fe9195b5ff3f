import { sql } from "drizzle-orm";
import { searchFor } from "~/tests/support/search";
import { expect, it } from "vitest";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { parseListingForm } from "~/modules/listings/listing-form";
import { createListing, findListingForEdit, updateListing } from "~/modules/listings/listing-write.server";
import { parseSearchParams } from "~/modules/listings/search-params";
import { fitsStay, type StayFitListing } from "~/modules/listings/stay-fit";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testMaps, testStorage } from "~/tests/support/services";

/** Listings on the boundaries the filters care about; the title says what each is. */
const FIXTURES = [
  {
    title: "A 4–9 month ensuite from 1 March, internet and water (capped), $400 + $24",
    availableFrom: "2027-03-01",
    minLeaseMonths: 4,
    maxLeaseMonths: 9,
    billsIncluded: ["internet", "water"] as const,
    billsCap: 40,
    billsEstimate: 24,
    weeklyRent: 400,
    roomType: "ensuite" as const,
  },
  {
    title: "B 6 months only, studio from 28 February, all bills, $450",
    availableFrom: "2027-02-28",
    minLeaseMonths: 6,
    maxLeaseMonths: 6,
    billsIncluded: ["power", "gas", "internet", "water"] as const,
    billsCap: null,
    billsEstimate: null,
    weeklyRent: 450,
    roomType: "studio" as const,
  },
  {
    title: "C 3–12 month private room from 2 March, no bills, $380 + $45.50",
    availableFrom: "2027-03-02",
    minLeaseMonths: 3,
    maxLeaseMonths: 12,
    billsIncluded: [] as const,
    billsCap: null,
    billsEstimate: 45.5,
    weeklyRent: 380,
    roomType: "private_room" as const,
  },
  {
    title: "D 10–12 month whole apartment from 1 January, power and gas, $700 + $10",
    availableFrom: "2027-01-01",
    minLeaseMonths: 10,
    maxLeaseMonths: 12,
    billsIncluded: ["power", "gas"] as const,
    billsCap: 60,
    billsEstimate: 10,
    weeklyRent: 700,
    roomType: "whole_apartment" as const,
  },
  {
    title: "E rent on request, 3–12 months from 1 February",
    availableFrom: "2027-02-01",
    minLeaseMonths: 3,
    maxLeaseMonths: 12,
    billsIncluded: [] as const,
    billsCap: null,
    billsEstimate: 30,
    weeklyRent: null,
    roomType: "private_room" as const,
  },
];

const QUERIES = [
  "moveIn=2027-03-01",
  "moveIn=2027-02-28",
  "moveIn=2027-02-27",
  "moveIn=2026-12-31",
  "stay=3",
  "stay=4",
  "stay=6",
  "stay=9",
  "stay=10",
  "stay=12",
  "bills=internet",
  "bills=water&bills=internet",
  "bills=power,gas",
  "bills=power&bills=gas&bills=internet&bills=water",
  "roomType=ensuite",
  "roomType=studio",
  "roomType=whole_apartment",
  "roomType=private_room",
  "maxAllIn=424",
  "maxAllIn=423",
  "maxAllIn=425",
  "maxAllIn=450",
  "maxAllIn=449",
  "maxAllIn=710",
  "maxAllIn=709",
  "moveIn=2027-03-01&stay=6",
  "moveIn=2027-03-01&stay=9&bills=water&maxAllIn=424",
  "stay=12&bills=power&maxPrice=700",
];

async function insertFixtures(db: Database) {
  const ids = new Map<string, string>();
  for (const fixture of FIXTURES) {
    ids.set(fixture.title, await createTestListing(db, { ...fixture, billsIncluded: [...fixture.billsIncluded] }));
  }
  return ids;
}

const search = searchFor;

async function searchTitles(db: Database, query: string) {
  const result = await search(db, `${query}&pageSize=48`);
  return { titles: result.listings.map((listing) => listing.title).sort(), total: result.total };
}

const fixtureFacts = (fixture: (typeof FIXTURES)[number]): StayFitListing => ({
  ...fixture,
  billsIncluded: [...fixture.billsIncluded],
  allInWeeklyCost: fixture.weeklyRent === null ? null : fixture.weeklyRent + (fixture.billsEstimate ?? 0),
});

describeEachDatabase("stay-fit search", (use) => {
  it("returns exactly the listings the stay-fit rule accepts, at every boundary", async () => {
    const { db } = use();
    await insertFixtures(db);
    for (const query of QUERIES) {
      const state = parseSearchParams(new URLSearchParams(query));
      const expected = FIXTURES.filter((fixture) => fitsStay(fixtureFacts(fixture), state))
        .filter((fixture) => state.maxPrice === undefined || (fixture.weeklyRent ?? Infinity) <= state.maxPrice)
        .map((fixture) => fixture.title)
        .sort();
      const { titles, total } = await searchTitles(db, query);
      expect({ query, titles }).toEqual({ query, titles: expected });
      expect(total).toBe(expected.length);
    }
  });

  it("spot checks: move-in on the availability date, stay at both lease ends, all-in at the boundary", async () => {
    const { db } = use();
    await insertFixtures(db);
    const letters = async (query: string) => (await searchTitles(db, query)).titles.map((title) => title[0]).join("");
    expect(await letters("moveIn=2027-03-01")).toBe("ABDE");
    expect(await letters("stay=4")).toBe("ACE");
    expect(await letters("stay=9")).toBe("ACE");
    expect(await letters("stay=10")).toBe("CDE");
    expect(await letters("maxAllIn=424")).toBe("A");
    expect(await letters("maxAllIn=425")).toBe("A");
    expect(await letters("maxAllIn=426")).toBe("AC");
    expect(await letters("bills=internet")).toBe("AB");
  });

  it("stores the all-in weekly cost as rent plus estimated bills, and shows it on the cards", async () => {
    const { db } = use();
    await insertFixtures(db);
    const result = await search(db, "pageSize=48");
    const byLetter = new Map(result.listings.map((listing) => [listing.title[0], listing]));
    expect(byLetter.get("A")).toMatchObject({
      allInWeeklyCost: 424,
      billsIncluded: ["internet", "water"],
      billsCap: 40,
      roomType: "ensuite",
      minLeaseMonths: 4,
      maxLeaseMonths: 9,
    });
    expect(byLetter.get("C")?.allInWeeklyCost).toBe(425.5);
    expect(byLetter.get("E")?.allInWeeklyCost).toBeNull();
  });

  it("gives listings created without facts a 3–12 month furnished private room with no bills", async () => {
    const { db } = use();
    await db.execute(
      sql`insert into listings (listing_title, available_from, weekly_rent) values ('Old listing', '2027-01-01', 300)`,
    );
    const result = await search(db, "stay=3");
    expect(result.listings[0]).toMatchObject({
      title: "Old listing",
      minLeaseMonths: 3,
      maxLeaseMonths: 12,
      billsIncluded: [],
      furnished: true,
      roomType: "private_room",
      allInWeeklyCost: 300,
    });
  });

  it("the database refuses facts the form would refuse", async () => {
    const { db } = use();
    const bad = [
      { minLeaseMonths: 2 },
      { maxLeaseMonths: 13 },
      { minLeaseMonths: 9, maxLeaseMonths: 6 },
      { billsIncluded: ["cable"] as never },
      { billsEstimate: -1 },
      { billsCap: -1, billsIncluded: ["gas" as const] },
    ];
    for (const columns of bad) {
      await expect(createTestListing(db, columns)).rejects.toThrow();
    }
  });

  it("a landlord saves and edits the facts through the listing form's parser and module", async () => {
    const { db } = use();
    const landlord: Viewer = await createTestViewer(db, { role: "landlord" });
    const form = (fields: Record<string, string | string[]>) => {
      const data = new FormData();
      data.set("title", "Form room");
      data.set("photos", "[]");
      data.set("weeklyRent", "400");
      for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
      const parsed = parseListingForm(data);
      if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
      return parsed.data;
    };
    const created = await createListing(
      db,
      landlord,
      form({
        minLeaseMonths: "6",
        maxLeaseMonths: "12",
        billsIncluded: ["internet"],
        billsEstimate: "20",
        roomType: "studio",
      }),
      { storage: testStorage(), maps: testMaps() },
    );
    if (!created.ok) throw new Error(created.reason);
    const row = await findListingForEdit(db, landlord, created.value.id);
    expect(row).toMatchObject({
      minLeaseMonths: 6,
      billsIncluded: ["internet"],
      billsEstimate: 20,
      furnished: false,
      roomType: "studio",
      allInWeeklyCost: 420,
    });

    const updated = await updateListing(
      db,
      landlord,
      created.value.id,
      form({ furnished: "true", roomType: "ensuite" }),
      { storage: testStorage(), maps: testMaps() },
    );
    expect(updated.ok).toBe(true);
    expect(await findListingForEdit(db, landlord, created.value.id)).toMatchObject({
      minLeaseMonths: 3,
      maxLeaseMonths: 12,
      billsIncluded: [],
      billsEstimate: null,
      furnished: true,
      roomType: "ensuite",
      allInWeeklyCost: 400,
    });

    // Someone else's landlord cannot change them.
    const other = await createTestViewer(db, { role: "landlord" });
    const refused = await updateListing(db, other, created.value.id, form({ roomType: "whole_apartment" }), {
      storage: testStorage(),
      maps: testMaps(),
    });
    expect(refused).toEqual({ ok: false, reason: "not-found" });
    expect((await findListingForEdit(db, landlord, created.value.id))?.roomType).toBe("ensuite");
  });
});
