import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { favourites, listings } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import {
  awaitsFirstListing,
  ownsAnyListing,
  propertiesFor,
  runPropertyAction,
} from "~/modules/listings/properties.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

const MISSING_LISTING = "00000000-0000-4000-8000-000000000000";

const day = (offset: number) => new Date(Date.UTC(2026, 4, 1 + offset));

/**
 * Lena owns 15 listings (newest "Lena room 15"), Sam owns 3, one has no owner. A few carry words to
 * search for in their title or description, and one has a literal "50%" and "_" in it.
 */
async function insertFixtures(db: Database) {
  const lena = await createTestViewer(db, { role: "landlord" });
  // Lena's address on Sam's session: ownership must come from the id, never from the e-mail.
  const sam = { ...(await createTestViewer(db, { role: "landlord" })), email: lena.email };
  const admin = await createTestViewer(db, { role: "admin" });
  const tina = await createTestViewer(db, { role: "tenant" });
  const specialTitles = new Map([
    [8, "Lena Balcony studio 8"],
    [10, "Lena room 10 at 50% off_peak"],
  ]);
  const lenas = Array.from({ length: 15 }, (_, index) => ({
    title: specialTitles.get(index + 1) ?? `Lena room ${index + 1}`,
    description: index === 4 ? "Desk\nA sunny BALCONY over the lane" : "Desk\nQuiet street",
    landlordId: lena.id,
    landlordEmail: lena.email,
    createdAt: day(index),
  }));
  const ids = new Map<string, string>();
  for (const listing of [
    ...lenas,
    { title: "Sam balcony room", landlordId: sam.id, landlordEmail: sam.email, createdAt: day(20) },
    { title: "Sam room 2", landlordId: sam.id, landlordEmail: sam.email, createdAt: day(21) },
    { title: "Sam room 3", landlordId: sam.id, landlordEmail: sam.email, createdAt: day(22) },
    { title: "Unowned room", landlordEmail: lena.email, createdAt: day(30) },
  ]) {
    ids.set(listing.title, await createTestListing(db, listing));
  }
  const idOf = (title: string) => ids.get(title) ?? "";
  return { lena, sam, admin, tina, idOf };
}

const titles = (result: { rows: { title: string }[] }) => result.rows.map((row) => row.title);
const query = (q = "", page = 1, pageSize = 12) => ({ q, page, pageSize });

async function statusOf(db: Database, id: string) {
  const [row] = await db.select({ status: listings.status }).from(listings).where(eq(listings.listingId, id));
  return row?.status;
}

describeEachDatabase("properties", (use) => {
  it("a landlord sees only their own listings (by owner id), newest first, with the exact total", async () => {
    const { db } = use();
    const { lena, sam, tina } = await insertFixtures(db);

    const first = await propertiesFor(db, lena, query());
    expect(first.total).toBe(15);
    expect(first.rows).toHaveLength(12);
    expect(titles(first)[0]).toBe("Lena room 15");
    expect(first.rows.every((row) => row.landlordId === lena.id)).toBe(true);
    expect(first.rows[0]).toMatchObject({ status: "available", features: "Desk", details: "Quiet street" });

    const second = await propertiesFor(db, lena, query("", 2));
    expect(second.total).toBe(15);
    expect(titles(second)).toEqual(["Lena room 3", "Lena room 2", "Lena room 1"]);
    // No overlap between pages, and nothing left out.
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(15);

    // Sam has Lena's e-mail on his account and an unowned listing carries it too: neither counts.
    const sams = await propertiesFor(db, sam, query());
    expect(sams.total).toBe(3);
    expect(titles(sams)).toEqual(["Sam room 3", "Sam room 2", "Sam balcony room"]);

    expect(await propertiesFor(db, tina, query())).toEqual({ rows: [], total: 0 });
  });

  it("an admin sees every listing", async () => {
    const { db } = use();
    const { admin } = await insertFixtures(db);
    const all = await propertiesFor(db, admin, query("", 1, 48));
    expect(all.total).toBe(19);
    expect(all.rows).toHaveLength(19);
    expect(titles(all).slice(0, 2)).toEqual(["Unowned room", "Sam room 3"]);

    const paged = await propertiesFor(db, admin, query("", 2, 12));
    expect(paged.total).toBe(19);
    expect(paged.rows).toHaveLength(7);
  });

  it("searches title or description case-insensitively, within the viewer's own listings", async () => {
    const { db } = use();
    const { lena, admin } = await insertFixtures(db);

    // "Lena Balcony studio 8" by title, "Lena room 5" by description; Sam's balcony room is not Lena's.
    const lenas = await propertiesFor(db, lena, query("balcony"));
    expect(lenas.total).toBe(2);
    expect(titles(lenas)).toEqual(["Lena Balcony studio 8", "Lena room 5"]);
    expect(titles(await propertiesFor(db, lena, query("SUNNY balcony")))).toEqual(["Lena room 5"]);

    const everyone = await propertiesFor(db, admin, query("BaLcOnY"));
    expect(titles(everyone)).toEqual(["Sam balcony room", "Lena Balcony studio 8", "Lena room 5"]);

    // % and _ match themselves, not any text.
    expect(titles(await propertiesFor(db, lena, query("50%")))).toEqual(["Lena room 10 at 50% off_peak"]);
    expect(titles(await propertiesFor(db, lena, query("f_p")))).toEqual(["Lena room 10 at 50% off_peak"]);
    expect(await propertiesFor(db, lena, query("%"))).toMatchObject({ total: 1 });
    expect(await propertiesFor(db, lena, query("room_1"))).toEqual({ rows: [], total: 0 });
    expect(await propertiesFor(db, lena, query("nothing like this"))).toEqual({ rows: [], total: 0 });
  });

  it("marks a listing let and available again, only the viewer's own (admins any)", async () => {
    const { db } = use();
    const { lena, admin, idOf } = await insertFixtures(db);
    const own = idOf("Lena room 1");
    const sams = idOf("Sam room 2");

    expect(await runPropertyAction(db, lena, { intent: "status", listingId: own, status: "let" })).toEqual({
      ok: true,
      message: "Listing marked as let.",
    });
    expect(await statusOf(db, own)).toBe("let");
    const onPageTwo = await propertiesFor(db, lena, query("", 2));
    expect(onPageTwo.rows.find((row) => row.id === own)?.status).toBe("let");
    expect(await runPropertyAction(db, lena, { intent: "status", listingId: own, status: "available" })).toEqual({
      ok: true,
      message: "Listing marked as available.",
    });
    expect(await statusOf(db, own)).toBe("available");

    // Another landlord's listing and a missing one answer the same, and the row is untouched.
    for (const listingId of [sams, MISSING_LISTING, "not-a-uuid"]) {
      expect(await runPropertyAction(db, lena, { intent: "status", listingId, status: "let" })).toEqual({
        ok: false,
        reason: "not-found",
      });
    }
    expect(await statusOf(db, sams)).toBe("available");

    expect(await runPropertyAction(db, admin, { intent: "status", listingId: sams, status: "let" })).toEqual({
      ok: true,
      message: "Listing marked as let.",
    });
    expect(await statusOf(db, sams)).toBe("let");
  });

  it("deletes only the viewer's own listing (admins any), with its favourites", async () => {
    const { db } = use();
    const { lena, sam, admin, tina, idOf } = await insertFixtures(db);
    const own = idOf("Lena room 2");
    const sams = idOf("Sam room 3");
    await db.insert(favourites).values({ userId: tina.id, listingId: own });

    expect(await runPropertyAction(db, sam, { intent: "delete", listingId: own })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await statusOf(db, own)).toBe("available");

    expect(await runPropertyAction(db, lena, { intent: "delete", listingId: own })).toEqual({
      ok: true,
      message: "Listing deleted.",
    });
    expect(await db.select().from(listings).where(eq(listings.listingId, own))).toEqual([]);
    expect(await db.select().from(favourites)).toEqual([]);
    expect((await propertiesFor(db, lena, query())).total).toBe(14);
    // Already gone: not found.
    expect(await runPropertyAction(db, lena, { intent: "delete", listingId: own })).toMatchObject({
      reason: "not-found",
    });

    expect(await runPropertyAction(db, admin, { intent: "delete", listingId: sams })).toMatchObject({ ok: true });
    expect((await propertiesFor(db, sam, query())).total).toBe(2);
  });

  it("refuses viewers who may not manage listings, saying why", async () => {
    const { db } = use();
    const { lena, tina, idOf } = await insertFixtures(db);
    const own = idOf("Lena room 3");
    const lapsed = { ...lena, subscriptionStatus: "cancelled" as const };

    expect(await runPropertyAction(db, lapsed, { intent: "delete", listingId: own })).toEqual({
      ok: false,
      reason: "subscription-required",
    });
    expect(await runPropertyAction(db, tina, { intent: "delete", listingId: own })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    const staff = await createTestViewer(db, { role: "staff" });
    expect(await runPropertyAction(db, staff, { intent: "delete", listingId: own })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(await statusOf(db, own)).toBe("available");
  });
});

describeEachDatabase("a landlord's first listing", (use) => {
  it("only an active landlord with no listing of their own is awaiting their first", async () => {
    const { db } = use();
    const fresh = await createTestViewer(db, { role: "landlord" });
    const other = await createTestViewer(db, { role: "landlord" });
    const lapsed = await createTestViewer(db, { role: "landlord", subscriptionStatus: "cancelled" });
    const tenant = await createTestViewer(db, { role: "tenant" });
    const admin = await createTestViewer(db, { role: "admin" });
    await createTestListing(db, { landlordId: other.id });
    await createTestListing(db);

    expect(await awaitsFirstListing(db, fresh)).toBe(true);
    // Someone else's listing, or one without an owner, is not theirs.
    expect(await awaitsFirstListing(db, { ...other, id: fresh.id })).toBe(true);
    expect(await awaitsFirstListing(db, other)).toBe(false);
    for (const viewer of [lapsed, tenant, admin]) expect(await awaitsFirstListing(db, viewer)).toBe(false);

    // A hidden or let listing still counts: they have listed before.
    await createTestListing(db, { landlordId: fresh.id, status: "let" });
    expect(await awaitsFirstListing(db, fresh)).toBe(false);
    expect(await ownsAnyListing(db, fresh.id)).toBe(true);
    expect(await ownsAnyListing(db, tenant.id)).toBe(false);
  });
});
