import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { analyticsSalts, listingDailyStats, listingDailyVisitors, listings } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import { recordImpressions, recordListingView, type CountedRequest } from "~/modules/analytics/counted-request";
import { ListingCounter } from "~/modules/analytics/listing-counter.server";
import { replyToConversation } from "~/modules/enquiries/conversations.server";
import { updateFavourite } from "~/modules/favourites/favourites.server";
import { createTestConversation, createTestListing, createTestViewer } from "~/tests/support/factories";
import { testSite } from "~/tests/support/services";
import { describeEachDatabase } from "~/tests/support/test-database";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

function visit(clientAddress: string, agent = CHROME, viewer: CountedRequest["viewer"] = null): CountedRequest {
  return { viewer, clientAddress, headers: new Headers({ "user-agent": agent, "accept-language": "en-AU" }) };
}

async function statsRow(db: Database, listingId: string) {
  const [row] = await db.select().from(listingDailyStats).where(eq(listingDailyStats.listingId, listingId));
  return row;
}

const noon = new Date("2026-11-20T01:00:00Z"); // 12:00 in Melbourne, 20 November

describeEachDatabase("listing analytics: counting and the flush", (use) => {
  it("adds two instances' counts into one row, and counts each address once a day whatever its user agents", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const listing = { id: await createTestListing(db, { landlordId: landlord.id }), landlordId: landlord.id };
    const first = new ListingCounter(() => noon);
    const second = new ListingCounter(() => noon);

    // One address reloading with a different user agent each time, on both instances.
    for (let i = 0; i < 5; i++) recordListingView(first, visit("203.0.113.7", `${CHROME} build/${i}`), listing);
    recordListingView(second, visit("203.0.113.7", FIREFOX), listing);
    recordListingView(second, visit("198.51.100.20", FIREFOX), listing);
    recordImpressions(first, visit("198.51.100.20"), [listing]);
    recordImpressions(second, visit("198.51.100.21"), [listing, listing]);
    await first.flush(db);
    await second.flush(db);

    expect(await statsRow(db, listing.id)).toMatchObject({
      day: "2026-11-20",
      views: 7,
      uniqueVisitors: 2,
      impressions: 3,
    });
    // Flushing again adds nothing; a later view from a known address adds a view, not a visitor.
    await first.flush(db);
    recordListingView(first, visit("198.51.100.20"), listing);
    await first.flush(db);
    expect(await statsRow(db, listing.id)).toMatchObject({ views: 8, uniqueVisitors: 2 });

    // Only keyed hashes are stored, never the address.
    const keys = await db.select().from(listingDailyVisitors);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.visitor).not.toMatch(/203|198/);
  });

  it("leaves out bots, the listing's own landlord, staff and visitors who turned analytics off", async () => {
    const { db } = use();
    const landlord = await createTestViewer(db, { role: "landlord" });
    const staff = await createTestViewer(db, { role: "staff" });
    const admin = await createTestViewer(db, { role: "admin" });
    const listing = { id: await createTestListing(db, { landlordId: landlord.id }), landlordId: landlord.id };
    const counter = new ListingCounter(() => noon);

    recordListingView(counter, visit("203.0.113.1", "Mozilla/5.0 (compatible; Googlebot/2.1)"), listing);
    recordListingView(counter, visit("203.0.113.2", "curl/8.5.0"), listing);
    recordListingView(counter, visit("203.0.113.3", `${CHROME} HeadlessChrome/131`), listing);
    recordListingView(counter, visit("203.0.113.4", CHROME, landlord), listing);
    recordListingView(counter, visit("203.0.113.5", CHROME, staff), listing);
    recordListingView(counter, visit("203.0.113.6", CHROME, admin), listing);
    recordImpressions(counter, visit("203.0.113.4", CHROME, landlord), [listing]);
    recordListingView(counter, { ...visit("203.0.113.7"), optedOut: true }, listing);
    expect(counter.isEmpty).toBe(true);
    await counter.flush(db);
    expect(await statsRow(db, listing.id)).toBeUndefined();
  });

  it("counts the page a person asks for, not the page loading its data again after a form on it is posted", async () => {
    const { db } = use();
    const listing = { id: await createTestListing(db), landlordId: null };
    const counter = new ListingCounter(() => noon);
    const from = (referrer: string) => {
      const request = visit("203.0.113.30");
      request.headers.set("referer", referrer);
      return request;
    };
    // Arrives from search, favourites the room and sends an enquiry (each reloading the page's data),
    // refreshes the posted page (posting it again), then comes back from their inbox.
    recordListingView(counter, from("https://laneway.example/search?suburb=Carlton"), listing);
    recordListingView(counter, from(`https://laneway.example/listing/${listing.id}`), listing);
    recordListingView(counter, from(`https://laneway.example/listing/${listing.id.toUpperCase()}/?near=rmit`), listing);
    recordListingView(counter, from("https://laneway.example/messages"), listing);
    // Another listing's page linking here is a new look.
    recordListingView(counter, from("https://laneway.example/listing/00000000-0000-4000-8000-000000000000"), listing);
    await counter.flush(db);
    expect(await statsRow(db, listing.id)).toMatchObject({ views: 3, uniqueVisitors: 1 });
  });

  it("counts favourites added and removed, enquiries, replies, and the first reply's wait", async () => {
    const { db } = use();
    const tenant = await createTestViewer(db);
    const landlord = await createTestViewer(db, { role: "landlord" });
    const counter = new ListingCounter(() => noon);
    const { conversationId, listingId } = await createTestConversation(db, tenant, landlord);
    counter.count(listingId, "enquiries"); // the factory opens it without the counter

    await updateFavourite(db, tenant.id, { listingId, intent: "add" }, counter);
    await updateFavourite(db, tenant.id, { listingId, intent: "add" }, counter); // no change: not counted
    await updateFavourite(db, tenant.id, { listingId, intent: "remove" }, counter);

    const services = { db, site: testSite(), analytics: counter };
    const reply = (viewer: typeof tenant, body: string, at: Date) =>
      replyToConversation(services, viewer, { conversationId, body }, { clientAddress: "10.0.0.9", now: at });
    const created = new Date();
    expect((await reply(landlord, "Yes, it is.", new Date(created.getTime() + 2 * 3_600_000))).ok).toBe(true);
    expect((await reply(tenant, "Great!", new Date(created.getTime() + 3 * 3_600_000))).ok).toBe(true);
    expect((await reply(landlord, "See you Friday.", new Date(created.getTime() + 4 * 3_600_000))).ok).toBe(true);
    await counter.flush(db);

    const row = await statsRow(db, listingId);
    expect(row).toMatchObject({ favouritesAdded: 1, favouritesRemoved: 1, enquiries: 1, replies: 2, firstReplies: 1 });
    // About two hours (the conversation was stamped a moment before `created`).
    expect(row?.firstReplySeconds).toBeGreaterThanOrEqual(7_190);
    expect(row?.firstReplySeconds).toBeLessThanOrEqual(7_210);
  });

  it("keeps the counts when a flush fails, skips deleted listings, and sweeps old visitor keys and salts", async () => {
    const { db } = use();
    const gone = await createTestListing(db);
    const kept = await createTestListing(db);
    let now = noon;
    const counter = new ListingCounter(() => now);
    recordListingView(counter, visit("203.0.113.9"), { id: kept, landlordId: null });
    recordListingView(counter, visit("203.0.113.9"), { id: gone, landlordId: null });
    const failing = {
      ...db,
      delete: db.delete.bind(db),
      transaction: () => Promise.reject(new Error("connection lost")),
    } as unknown as Database;
    await expect(counter.flush(failing)).rejects.toThrow("connection lost");
    expect(counter.isEmpty).toBe(false);

    await db.delete(listings).where(eq(listings.listingId, gone));
    await counter.flush(db);
    expect(await statsRow(db, kept)).toMatchObject({ views: 1, uniqueVisitors: 1 });
    expect(await statsRow(db, gone)).toBeUndefined();

    // Two days later the first day's keys and salt are gone; the same address counts again.
    now = new Date(noon.getTime() + 2 * 86_400_000);
    recordListingView(counter, visit("203.0.113.9"), { id: kept, landlordId: null });
    await counter.flush(db);
    const days = (await db.select().from(analyticsSalts)).map((salt) => salt.day);
    expect(days).toEqual(["2026-11-22"]);
    const rows = await db.select().from(listingDailyStats).where(eq(listingDailyStats.listingId, kept));
    expect(rows.map((row) => [row.day, row.uniqueVisitors]).sort()).toEqual([
      ["2026-11-20", 1],
      ["2026-11-22", 1],
    ]);
  });
});
