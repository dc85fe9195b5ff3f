import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { listings, profiles } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Viewer } from "~/modules/auth/viewer";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import type { Api } from "~/server/api/app";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { apiOn, call } from "~/tests/support/api-client";
import { describeEachDatabase } from "~/tests/support/test-database";

async function snapshot(db: Database, id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.listingId, id));
  return row;
}

describeEachDatabase("REST API: listings", (use) => {
  let db: Database;
  let api: Api;
  beforeEach(() => {
    db = use().db;
    api = apiOn(db);
    clearApiKeyCache();
  });

  async function holder(role: Viewer["role"]) {
    const viewer = await createTestViewer(db, { role });
    const { key } = await createTestApiKey(db, viewer);
    return { viewer, key };
  }

  it("refuses requests without a key, with a bad one, or with a key in the query string, as problem details", async () => {
    const landlord = await holder("landlord");
    const noKey = await call(api, "GET", "/api/listings");
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("content-type")).toBe("application/problem+json");
    expect(noKey.headers.get("www-authenticate")).toContain("Bearer");
    expect(noKey.json).toMatchObject({ status: 401, title: "Unauthorized" });

    const lookAlike = `${landlord.key.slice(0, -1)}${landlord.key.endsWith("A") ? "B" : "A"}`;
    expect((await call(api, "GET", "/api/listings", { key: lookAlike })).status).toBe(401);
    expect((await call(api, "GET", "/api/listings", { key: "lr_live_nonsense" })).status).toBe(401);

    const inQuery = await call(api, "GET", `/api/listings?api_key=${landlord.key}`);
    expect(inQuery.status).toBe(401);
    expect(inQuery.json?.detail).toContain("never in the URL");
    // Even alongside a good header: the key has leaked into a URL.
    expect((await call(api, "GET", `/api/listings?access_token=x`, { key: landlord.key })).status).toBe(401);
  });

  it("applies the role × endpoint × own/other matrix, and refused requests change nothing", async () => {
    const landlord = await holder("landlord");
    const otherLandlord = await createTestViewer(db, { role: "landlord" });
    const staff = await holder("staff");
    const admin = await holder("admin");

    for (const actor of [landlord, staff, admin]) {
      const own = await createTestListing(db, { landlordId: landlord.viewer.id });
      const other = await createTestListing(db, { landlordId: otherLandlord.id });
      const manager = actor !== landlord;
      const key = actor.key;

      const list = await call(api, "GET", "/api/listings?limit=100", { key });
      expect(list.status).toBe(200);
      const ids = (list.json?.data as { id: string }[]).map((item) => item.id);
      expect(ids).toContain(own);
      expect(ids.includes(other)).toBe(manager);

      expect((await call(api, "GET", `/api/listings/${own}`, { key })).status).toBe(200);
      expect((await call(api, "GET", `/api/listings/${other}`, { key })).status).toBe(manager ? 200 : 404);

      const before = await snapshot(db, other);
      const put = await call(api, "PUT", `/api/listings/${other}`, { key, body: { title: "Changed by API" } });
      expect(put.status).toBe(manager ? 200 : 404);
      if (!manager) {
        expect(put.json?.detail).toBe("No listing with this id, or it is not one you manage.");
        expect(await snapshot(db, other)).toEqual(before);
      }
      const putOwn = await call(api, "PUT", `/api/listings/${own}`, { key, body: { weekly_rent: 455, status: "let" } });
      expect(putOwn.status).toBe(200);
      expect(putOwn.json).toMatchObject({ weekly_rent: 455, status: "let" });

      const created = await call(api, "POST", "/api/listings", {
        key,
        body: { title: "New by API", weekly_rent: 300 },
      });
      expect(created.status).toBe(manager ? 201 : 403);
      if (!manager) {
        expect(created.json?.detail).toBe("Only staff and admins may create listings through the API.");
        expect(await db.select().from(listings).where(eq(listings.listingTitle, "New by API"))).toHaveLength(0);
      } else {
        expect(created.json).toMatchObject({ title: "New by API", weekly_rent: 300, status: "available" });
        await db.delete(listings).where(eq(listings.listingTitle, "New by API"));
      }

      const del = await call(api, "DELETE", `/api/listings/${other}`, { key });
      expect(del.status).toBe(manager ? 204 : 404);
      expect((await snapshot(db, other)) === undefined).toBe(manager);
      expect((await call(api, "DELETE", `/api/listings/${own}`, { key })).status).toBe(204);
      expect(await snapshot(db, own)).toBeUndefined();
    }
  });

  it("answers 400 with a field-level error list, changing nothing", async () => {
    const admin = await holder("admin");
    const id = await createTestListing(db, { landlordId: admin.viewer.id });
    const before = await snapshot(db, id);
    const bad = await call(api, "PUT", `/api/listings/${id}`, {
      key: admin.key,
      body: { title: " ", weekly_rent: -5, available_from: "next week", postcode: "30000" },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    const fields = (bad.json?.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(["available_from", "postcode", "title", "weekly_rent"]);
    expect(await snapshot(db, id)).toEqual(before);

    const wrongType = await call(api, "POST", "/api/listings", { key: admin.key, body: { title: 5, colour: "red" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json?.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "title" }),
        expect.objectContaining({ message: "Unknown field: colour" }),
      ]),
    );
    const malformed = await call(api, "POST", "/api/listings", { key: admin.key, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toBe("application/problem+json");
    const outsidePhoto = await call(api, "POST", "/api/listings", {
      key: admin.key,
      body: { title: "Photo", photos: [{ url: "https://evil.example/x.jpg" }] },
    });
    expect(outsidePhoto.status).toBe(400);
    expect(outsidePhoto.json?.errors).toEqual([{ field: "photos", message: "Photos must be uploaded here." }]);
    expect(await db.select().from(listings)).toHaveLength(1);
  });

  it("says whether the public sees each listing, why not and how to fix it, as search does", async () => {
    const landlord = await holder("landlord");
    const admin = await holder("admin");
    const id = await createTestListing(db, { landlordId: landlord.viewer.id, availableFrom: null });
    const noDate = {
      public: false,
      reasons: [
        {
          code: "no_available_from",
          message:
            "No Available From date. Add the date the room is free (today if it is free now) to list it in search.",
        },
      ],
    };
    const one = await call(api, "GET", `/api/listings/${id}`, { key: landlord.key });
    expect(one.json).toMatchObject({ status: "available", available_from: null, visibility: noDate });
    const list = await call(api, "GET", "/api/listings", { key: landlord.key });
    expect((list.json?.data as { id: string; visibility: unknown }[]).find((item) => item.id === id)).toMatchObject({
      visibility: noDate,
    });

    const dated = await call(api, "PUT", `/api/listings/${id}`, {
      key: landlord.key,
      body: { available_from: "2026-11-13" },
    });
    expect(dated.json).toMatchObject({ visibility: { public: true, reasons: [] } });

    // Moderation and the owner's plan are reasons too (the landlord's key stops working with the plan).
    await db.update(listings).set({ status: "hidden" }).where(eq(listings.listingId, id));
    await db.update(profiles).set({ subscriptionStatus: "suspended" }).where(eq(profiles.id, landlord.viewer.id));
    const seenByAdmin = await call(api, "GET", `/api/listings/${id}`, { key: admin.key });
    expect(
      (seenByAdmin.json?.visibility as { reasons: { code: string }[] }).reasons.map((reason) => reason.code),
    ).toEqual(["hidden", "owner_plan"]);
  });
});
