import { createConfig, lintFromString } from "@redocly/openapi-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { apiIdempotencyKeys, apiKeys, auditLog, blogPosts, listings, profiles, users } from "~/db/schema";
import { OfflineMapsAdapter } from "~/lib/adapters/maps/offline-maps.server";
import type { Database } from "~/lib/db/client.server";
import { storeFromUrl, type RateLimitStore } from "~/lib/rate-limit.server";
import { clearApiKeyCache, KEY_CHECK_CACHE_MS } from "~/modules/api-keys/api-keys.server";
import { isWellFormedApiKey } from "~/modules/api-keys/api-key-token";
import { apiDocument, createApi, type Api } from "~/server/api/app";
import { sweepIdempotencyKeys } from "~/server/api/idempotency";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { apiOn, call } from "~/tests/support/api-client";
import { describeEachDatabase } from "~/tests/support/test-database";
import { testMaps, testStorage } from "~/tests/support/services";

const silent = { error: () => undefined };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redisStores: RateLimitStore[] = [];
/** Rate limits on the real Redis, as a server with REDIS_URL counts them. */
const redisStore = () => {
  const store = storeFromUrl(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  redisStores.push(store);
  return store;
};
afterAll(async () => {
  await Promise.all(redisStores.map((store) => (store.kind === "redis" ? store.client.quit() : undefined)));
});

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint and documents every route", async () => {
    const document = apiDocument(
      createApi({
        database: () => {
          throw new Error("unused");
        },
        services: {
          storage: testStorage(),
          maps: testMaps(),
          site: { name: "Laneway Rooms", url: "https://rooms.example", production: false },
          places: new OfflineMapsAdapter(),
        },
        logger: silent,
        production: false,
        rateLimit: { limit: 1, windowSeconds: 60 },
      }),
      "https://rooms.example",
    );
    expect(document.openapi).toBe("3.1.0");
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: "openapi.json",
      config: await createConfig({
        extends: ["recommended"],
        rules: { "info-license": "off", "info-license-url": "off" },
      }),
    });
    expect(
      problems
        .filter((problem) => problem.severity === "error")
        .map((problem) => `${problem.ruleId}: ${problem.message}`),
    ).toEqual([]);
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      ["get", "post", "put", "delete"]
        .filter((method) => method in (item as object))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /api/listings",
        "POST /api/listings",
        "GET /api/listings/{id}",
        "PUT /api/listings/{id}",
        "DELETE /api/listings/{id}",
        "GET /api/listings/{id}/photo-review",
        "POST /api/listings/{id}/photo-review",
        "GET /api/listings/{id}/stats",
        "GET /api/blog",
        "POST /api/blog",
        "GET /api/blog/{id}",
        "PUT /api/blog/{id}",
        "DELETE /api/blog/{id}",
        "GET /api/enquiries",
        "GET /api/enquiries/{id}",
        "POST /api/enquiries/{id}/messages",
      ].sort(),
    );
  });
});

describeEachDatabase("REST API: keys, limits, versions and retries", (use) => {
  let db: Database;
  let api: Api;
  beforeEach(() => {
    db = use().db;
    api = apiOn(db);
    clearApiKeyCache();
  });

  it("keys carry a checksum that a scanner can verify offline", async () => {
    const viewer = await createTestViewer(db, { role: "landlord" });
    const { key } = await createTestApiKey(db, viewer);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey(key.replace(/.$/, (last) => (last === "0" ? "1" : "0")))).toBe(false);
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.userId, viewer.id));
    expect(stored?.keyHash).not.toContain(key.slice(8));
    expect(stored?.prefix).toBe(key.slice(0, 12));
  });

  it("records last use at most once a minute, and refuses an expired key", async () => {
    const viewer = await createTestViewer(db, { role: "landlord" });
    const { key, id } = await createTestApiKey(db, viewer, { expiresInDays: 30 });
    expect((await call(api, "GET", "/api/listings", { key })).status).toBe(200);
    await expect
      .poll(async () => (await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]?.lastUsedAt)
      .not.toBeNull();
    const [first] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    await call(api, "GET", "/api/listings", { key });
    await sleep(50);
    const [second] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(second?.lastUsedAt?.getTime()).toBe(first?.lastUsedAt?.getTime());

    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    await sleep(KEY_CHECK_CACHE_MS);
    const expired = await call(api, "GET", "/api/listings", { key });
    expect(expired.status).toBe(401);
    expect(expired.json?.detail).toBe("This API key has expired.");
  });

  it("stops a key within a second of revocation, and when its owner loses the right", async () => {
    const landlord = await createTestViewer(db, { role: "landlord" });
    const { key, id } = await createTestApiKey(db, landlord);
    expect((await call(api, "GET", "/api/listings", { key })).status).toBe(200);
    // Revoked on another instance: this one's cached check lasts at most a second.
    await db.delete(apiKeys).where(eq(apiKeys.id, id));
    await sleep(KEY_CHECK_CACHE_MS);
    expect((await call(api, "GET", "/api/listings", { key })).status).toBe(401);

    const second = await createTestApiKey(db, landlord);
    expect((await call(api, "GET", "/api/listings", { key: second.key })).status).toBe(200);
    await db.update(profiles).set({ subscriptionStatus: "suspended" }).where(eq(profiles.id, landlord.id));
    await sleep(KEY_CHECK_CACHE_MS);
    const suspended = await call(api, "GET", "/api/listings", { key: second.key });
    expect(suspended.status).toBe(401);
    expect(suspended.json?.detail).toBe("This API key's owner no longer has API access.");

    const staff = await createTestViewer(db, { role: "staff" });
    const staffKey = await createTestApiKey(db, staff);
    await db.update(profiles).set({ role: "tenant" }).where(eq(profiles.id, staff.id));
    await sleep(KEY_CHECK_CACHE_MS);
    expect((await call(api, "GET", "/api/listings", { key: staffKey.key })).status).toBe(401);
  });

  it("a read-only key reads but cannot write", async () => {
    const admin = await createTestViewer(db, { role: "admin" });
    const { key } = await createTestApiKey(db, admin, { scope: "read" });
    const id = await createTestListing(db, { landlordId: admin.id });
    expect((await call(api, "GET", `/api/listings/${id}`, { key })).status).toBe(200);
    const refused = await call(api, "DELETE", `/api/listings/${id}`, { key });
    expect(refused.status).toBe(403);
    expect(refused.json?.detail).toBe("This API key is read-only.");
    expect(await db.select().from(listings).where(eq(listings.listingId, id))).toHaveLength(1);
  });

  // Counted in this instance's memory, and in Redis as instances share them (both limits in one script).
  it.each([
    ["memory", (): RateLimitStore => ({ kind: "memory" })],
    ["Redis", redisStore],
  ])("sends rate-limit headers and answers 429 with Retry-After past the limit (%s)", async (_store, store) => {
    const limited = apiOn(db, 3, { rateLimitStore: store() });
    const viewer = await createTestViewer(db, { role: "landlord" });
    const { key } = await createTestApiKey(db, viewer);
    for (let request = 1; request <= 3; request++) {
      const ok = await call(limited, "GET", "/api/listings", { key });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-limit")).toBe("3");
      expect(ok.headers.get("ratelimit-remaining")).toBe(String(3 - request));
      expect(Number(ok.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      expect(ok.headers.get("ratelimit-policy")).toBe('"per-key";q=3;w=60, "per-owner";q=6;w=60');
      expect(ok.headers.get("ratelimit")).toMatch(
        new RegExp(`^"per-key";r=${3 - request};t=\\d+, "per-owner";r=${6 - request};t=\\d+$`),
      );
    }
    const flooded = await call(limited, "GET", "/api/listings", { key });
    expect(flooded.status).toBe(429);
    expect(flooded.headers.get("content-type")).toBe("application/problem+json");
    expect(flooded.json?.detail).toBe("This key may make 3 requests every 60 seconds. Try again shortly.");
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(flooded.headers.get("ratelimit-remaining")).toBe("0");
    // Another key has its own budget, but every key of one owner shares the owner's (twice a key's).
    const other = await createTestApiKey(db, viewer);
    for (let request = 1; request <= 3; request++) {
      expect((await call(limited, "GET", "/api/listings", { key: other.key })).status).toBe(200);
    }
    const third = await createTestApiKey(db, viewer);
    const owner = await call(limited, "GET", "/api/listings", { key: third.key });
    expect(owner.status).toBe(429);
    expect(owner.json?.detail).toBe("Your API keys together may make 6 requests every 60 seconds. Try again shortly.");
    expect(owner.headers.get("ratelimit-limit")).toBe("6");
    expect(owner.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(owner.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone else's keys are not held back.
    const stranger = await createTestApiKey(db, await createTestViewer(db, { role: "landlord" }));
    expect((await call(limited, "GET", "/api/listings", { key: stranger.key })).status).toBe(200);
  });

  it("in production, refuses a staff or admin key while its owner has two-factor off", async () => {
    const live = apiOn(db, 1000, { production: true });
    const staff = await createTestViewer(db, { role: "staff", twoFactorEnabled: true });
    const { key } = await createTestApiKey(db, staff);
    const id = await createTestListing(db);
    expect((await call(live, "GET", `/api/listings/${id}`, { key })).status).toBe(200);
    await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, staff.id));
    await sleep(KEY_CHECK_CACHE_MS);
    const refused = await call(live, "DELETE", `/api/listings/${id}`, { key });
    expect(refused.status).toBe(401);
    expect(refused.json?.detail).toBe(
      "This API key's owner must turn on two-factor authentication before their keys work.",
    );
    expect(await db.select().from(listings).where(eq(listings.listingId, id))).toHaveLength(1);
  });

  it("honours If-Match: a stale version answers 412 and changes nothing", async () => {
    const admin = await createTestViewer(db, { role: "admin" });
    const { key } = await createTestApiKey(db, admin);
    const id = await createTestListing(db, { landlordId: admin.id });
    const read = await call(api, "GET", `/api/listings/${id}`, { key });
    const etag = read.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);

    const first = await call(api, "PUT", `/api/listings/${id}`, {
      key,
      body: { title: "First writer" },
      headers: { "If-Match": etag },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).not.toBe(etag);

    const second = await call(api, "PUT", `/api/listings/${id}`, {
      key,
      body: { title: "Second writer" },
      headers: { "If-Match": etag },
    });
    expect(second.status).toBe(412);
    expect(second.headers.get("content-type")).toBe("application/problem+json");
    expect((await db.select().from(listings).where(eq(listings.listingId, id)))[0]?.listingTitle).toBe("First writer");

    const fresh = await call(api, "PUT", `/api/listings/${id}`, {
      key,
      body: { title: "Second writer" },
      headers: { "If-Match": first.headers.get("etag") ?? "" },
    });
    expect(fresh.status).toBe(200);
  });

  it("honours Idempotency-Key: a retried create returns the first result and makes nothing new", async () => {
    const staff = await createTestViewer(db, { role: "staff" });
    const { key } = await createTestApiKey(db, staff);
    const send = (body: unknown) =>
      call(api, "POST", "/api/listings", { key, body, headers: { "Idempotency-Key": "create-42" } });
    const first = await send({ title: "Only once" });
    const retry = await send({ title: "Only once" });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json?.id).toBe(first.json?.id);
    expect(await db.select().from(listings).where(eq(listings.listingTitle, "Only once"))).toHaveLength(1);

    const reused = await send({ title: "Something else" });
    expect(reused.status).toBe(422);
    expect(await db.select().from(listings).where(eq(listings.listingTitle, "Something else"))).toHaveLength(0);

    // A day later the answer is forgotten (swept), and the header may be used again.
    await db.update(apiIdempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect(await sweepIdempotencyKeys(db)).toBe(1);

    // Concurrent retries: still one listing.
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call(api, "POST", "/api/listings", { key, body: { title: "Raced" }, headers: { "Idempotency-Key": "race" } }),
      ),
    );
    expect(racing.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(racing.map((answer) => answer.json?.id)).size).toBe(1);
    expect(await db.select().from(listings).where(eq(listings.listingTitle, "Raced"))).toHaveLength(1);
  });

  it("honours Idempotency-Key on a blog post: a retry returns the first post, a reused key is refused", async () => {
    const staff = await createTestViewer(db, { role: "staff" });
    const { key } = await createTestApiKey(db, staff);
    const send = (slug: string) =>
      call(api, "POST", "/api/blog", {
        key,
        body: { title: "Once only", slug, content: "<p>Hello</p>", type: "news", status: "draft" },
        headers: { "Idempotency-Key": "post-7" },
      });
    const first = await send("once-only");
    const retry = await send("once-only");
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json?.id).toBe(first.json?.id);
    const reused = await send("something-else");
    expect(reused.status).toBe(422);
    expect(reused.json?.detail).toBe("This Idempotency-Key was already used for a different request.");
    expect((await db.select().from(blogPosts)).map((post) => post.slug)).toEqual(["once-only"]);
  });

  it("pages with a stable cursor while rows are inserted, and filters like /search", async () => {
    const admin = await createTestViewer(db, { role: "admin" });
    const { key } = await createTestApiKey(db, admin);
    for (let index = 0; index < 5; index++) await createTestListing(db, { title: `Paged ${index}` });
    const first = await call(api, "GET", "/api/listings?limit=2", { key });
    expect(first.json?.has_more).toBe(true);
    await createTestListing(db, { title: "Inserted meanwhile" });
    const seen = (first.json?.data as { title: string }[]).map((item) => item.title);
    let cursor = first.json?.next_cursor as string | null;
    while (cursor) {
      const page = await call(api, "GET", `/api/listings?limit=2&cursor=${cursor}`, { key });
      seen.push(...(page.json?.data as { title: string }[]).map((item) => item.title));
      cursor = page.json?.next_cursor as string | null;
      if (!page.json?.has_more) expect(cursor).toBeNull();
    }
    expect(seen.sort()).toEqual(["Paged 0", "Paged 1", "Paged 2", "Paged 3", "Paged 4"]);

    const filtered = await call(api, "GET", "/api/listings?title=paged%203", { key });
    expect((filtered.json?.data as { title: string }[]).map((item) => item.title)).toEqual(["Paged 3"]);
    expect((await call(api, "GET", "/api/listings?cursor=bogus", { key })).status).toBe(400);
    expect((await call(api, "GET", "/api/listings?limit=1000", { key })).status).toBe(400);
  });

  it("blog: staff and admins have full CRUD (audited); a landlord is refused and nothing changes", async () => {
    const staff = await createTestViewer(db, { role: "staff" });
    const landlord = await createTestViewer(db, { role: "landlord" });
    const staffKey = (await createTestApiKey(db, staff)).key;
    const landlordKey = (await createTestApiKey(db, landlord)).key;
    const body = {
      title: "API post",
      slug: "api-post",
      content: "<p>Hello<script>alert(1)</script></p>",
      type: "news",
      status: "published",
    };

    for (const [method, path] of [
      ["GET", "/api/blog"],
      ["POST", "/api/blog"],
    ] as const) {
      const refused = await call(api, method, path, { key: landlordKey, body: method === "POST" ? body : undefined });
      expect(refused.status).toBe(403);
    }
    expect(await db.select().from(blogPosts)).toHaveLength(0);

    const created = await call(api, "POST", "/api/blog", { key: staffKey, body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: "API post", slug: "api-post", type: "news", status: "published" });
    expect(created.json?.content).not.toContain("script");
    const id = created.json?.id as string;

    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const refused = await call(api, method, `/api/blog/${id}`, {
        key: landlordKey,
        body: method === "PUT" ? { title: "Hijacked" } : undefined,
      });
      expect(refused.status).toBe(403);
    }
    expect((await db.select().from(blogPosts))[0]?.title).toBe("API post");

    const duplicate = await call(api, "POST", "/api/blog", { key: staffKey, body });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json?.errors).toEqual([
      { field: "slug", message: "This slug is already used by another post. Please choose another." },
    ]);
    const invalid = await call(api, "POST", "/api/blog", {
      key: staffKey,
      body: { title: "", slug: "Bad Slug", content: "x" },
    });
    expect(invalid.status).toBe(400);
    expect((invalid.json?.errors as { field: string }[]).map((error) => error.field).sort()).toEqual(["slug", "title"]);

    const read = await call(api, "GET", `/api/blog/${id}`, { key: staffKey });
    const etag = read.headers.get("etag") ?? "";
    const updated = await call(api, "PUT", `/api/blog/${id}`, {
      key: staffKey,
      body: { excerpt: "Short", status: "draft" },
      headers: { "If-Match": etag },
    });
    const stale = await call(api, "PUT", `/api/blog/${id}`, {
      key: staffKey,
      body: { title: "Overwritten" },
      headers: { "If-Match": etag },
    });
    expect(stale.status).toBe(412);
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: "API post", excerpt: "Short", status: "draft", published_at: null });
    const list = await call(api, "GET", "/api/blog", { key: staffKey });
    expect((list.json?.data as { id: string }[]).map((post) => post.id)).toEqual([id]);
    expect((await call(api, "DELETE", `/api/blog/${id}`, { key: staffKey })).status).toBe(204);
    expect((await call(api, "GET", `/api/blog/${id}`, { key: staffKey })).status).toBe(404);
    const actions = (await db.select().from(auditLog)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["post.delete", "post.publish", "post.unpublish"]);
  });
});
