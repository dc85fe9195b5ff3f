import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { listings } from "~/db/schema";
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

describeEachDatabase("REST API: listing stay facts", (use) => {
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

  const facts = {
    min_lease_months: 4,
    max_lease_months: 9,
    bills_included: ["water", "internet"],
    bills_cap: 40,
    bills_estimate: 24,
    furnished: false,
    room_type: "ensuite",
  };

  it("creates, reads and partly updates a listing's stay facts, with the all-in weekly cost", async () => {
    const admin = await holder("admin");
    const created = await call(api, "POST", "/api/listings", {
      key: admin.key,
      body: { title: "Facts room", weekly_rent: 400, available_from: "2027-03-01", ...facts },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...facts, bills_included: ["internet", "water"], all_in_weekly_cost: 424 });

    const id = created.json?.id as string;
    const put = await call(api, "PUT", `/api/listings/${id}`, { key: admin.key, body: { room_type: "studio" } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ ...facts, bills_included: ["internet", "water"], room_type: "studio" });

    const cleared = await call(api, "PUT", `/api/listings/${id}`, {
      key: admin.key,
      body: { bills_included: [], bills_cap: null, bills_estimate: null, weekly_rent: 380 },
    });
    expect(cleared.json).toMatchObject({ bills_included: [], bills_cap: null, all_in_weekly_cost: 380 });

    const plain = await call(api, "POST", "/api/listings", { key: admin.key, body: { title: "Defaults" } });
    expect(plain.json).toMatchObject({
      min_lease_months: 3,
      max_lease_months: 12,
      bills_included: [],
      furnished: true,
      room_type: "private_room",
      all_in_weekly_cost: null,
    });
  });

  it("refuses invalid facts with field errors and changes nothing", async () => {
    const admin = await holder("admin");
    const id = await createTestListing(db, { landlordId: admin.viewer.id });
    const before = await snapshot(db, id);
    const cases: [Record<string, unknown>, string][] = [
      [{ min_lease_months: 9, max_lease_months: 6 }, "max_lease_months"],
      [{ min_lease_months: 2 }, "min_lease_months"],
      [{ max_lease_months: 13 }, "max_lease_months"],
      [{ min_lease_months: 4.5 }, "min_lease_months"],
      [{ bills_included: ["cable"] }, "bills_included.0"],
      [{ bills_cap: 40, bills_included: [] }, "bills_cap"],
      [{ bills_estimate: -1 }, "bills_estimate"],
      [{ bills_included: ["power", "gas", "internet", "water"], bills_estimate: 10 }, "bills_estimate"],
      [{ room_type: "penthouse" }, "room_type"],
      [{ furnished: "yes" }, "furnished"],
    ];
    for (const [body, field] of cases) {
      const answer = await call(api, "PUT", `/api/listings/${id}`, { key: admin.key, body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect((answer.json?.errors as { field: string }[]).map((error) => error.field)).toContain(field);
    }
    expect(await snapshot(db, id)).toEqual(before);
  });

  it("filters the list by the stay-fit parameters and refuses malformed ones", async () => {
    const admin = await holder("admin");
    await createTestListing(db, { title: "Short", minLeaseMonths: 3, maxLeaseMonths: 6, roomType: "studio" });
    await createTestListing(db, { title: "Long", minLeaseMonths: 9, maxLeaseMonths: 12, billsIncluded: ["gas"] });
    const titles = async (query: string) => {
      const answer = await call(api, "GET", `/api/listings?${query}`, { key: admin.key });
      expect(answer.status).toBe(200);
      return (answer.json?.data as { title: string }[]).map((listing) => listing.title).sort();
    };
    expect(await titles("stay=6")).toEqual(["Short"]);
    expect(await titles("stay=12&bills=gas")).toEqual(["Long"]);
    expect(await titles("roomType=studio")).toEqual(["Short"]);
    for (const bad of ["stay=13", "bills=cable", "roomType=castle", "maxAllIn=-1"]) {
      expect((await call(api, "GET", `/api/listings?${bad}`, { key: admin.key })).status).toBe(400);
    }
  });

  it("documents the new fields in the OpenAPI schema", async () => {
    const spec = await call(api, "GET", "/api/openapi.json");
    const text = JSON.stringify(spec.json);
    for (const name of [
      "min_lease_months",
      "bills_included",
      "bills_cap",
      "bills_estimate",
      "room_type",
      "all_in_weekly_cost",
    ]) {
      expect(text).toContain(name);
    }
  });
});
