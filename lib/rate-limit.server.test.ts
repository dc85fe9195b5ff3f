import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  addressRateKey,
  createRateLimiter,
  createRateLimits,
  storeFromUrl,
  type RateLimitStore,
} from "~/lib/rate-limit.server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisStores: RateLimitStore[] = [];
/** A store on the real Redis, as one server instance would open it. */
const redisStore = () => {
  const store = storeFromUrl(REDIS_URL);
  redisStores.push(store);
  return store;
};
afterAll(async () => {
  await Promise.all(redisStores.map((store) => (store.kind === "redis" ? store.client.quit() : undefined)));
});

describe("addressRateKey", () => {
  it("keeps IPv4 as it is, counts IPv6 by its /64, and treats IPv4-mapped IPv6 as IPv4", () => {
    expect(addressRateKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressRateKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressRateKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressRateKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressRateKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressRateKey("::1")).toBe("0:0:0:0::/64");
    expect(addressRateKey("2001:db8:1:3::1")).not.toBe(addressRateKey("2001:db8:1:2::1"));
  });
});

describe.each([
  ["memory", (): RateLimitStore => ({ kind: "memory" })],
  ["redis", redisStore],
])("rate limiter on %s", (_kind, store) => {
  const rule = () => ({ name: `test-${randomUUID()}`, limit: 5, windowMs: 10 * 60_000 });

  it("allows `limit` hits per key in the window, then refuses with the time to wait", async () => {
    const limiter = createRateLimiter(rule(), store());
    for (let hit = 1; hit <= 5; hit++) {
      const counted = await limiter.hit("203.0.113.7");
      expect(counted).toMatchObject({ allowed: true, remaining: 5 - hit, retryAfterSeconds: 0 });
      expect(counted.resetSeconds).toBeGreaterThan(590);
      expect(counted.resetSeconds).toBeLessThanOrEqual(600);
    }
    const refused = await limiter.hit("203.0.113.7");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await limiter.hit("198.51.100.2")).allowed).toBe(true);
    await limiter.reset("203.0.113.7");
    expect((await limiter.hit("203.0.113.7")).allowed).toBe(true);
  });

  it("never forgets a key inside its window, however many other keys arrive", async () => {
    const limiter = createRateLimiter({ ...rule(), limit: 1 }, store());
    expect((await limiter.hit("victim")).allowed).toBe(true);
    const flood = Array.from({ length: 20_000 }, (_, index) => `flood-${index}`);
    for (let start = 0; start < flood.length; start += 1000) {
      await Promise.all(flood.slice(start, start + 1000).map((key) => limiter.hit(key)));
    }
    expect((await limiter.hit("victim")).allowed).toBe(false);
  });
});

describe.each([
  ["memory", (): RateLimitStore => ({ kind: "memory" })],
  ["redis", redisStore],
])("rate limits counted in order on %s", (_kind, store) => {
  const rules = () => [
    { name: `first-${randomUUID()}`, limit: 2, windowMs: 60_000 },
    { name: `second-${randomUUID()}`, limit: 3, windowMs: 10 * 60_000 },
  ];

  it("counts the second limit only for hits the first lets through, and refuses at either", async () => {
    const limits = createRateLimits(rules(), store());
    const first = await limits.hit(["key-a", "owner"]);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(first[0].resetSeconds).toBeGreaterThan(50);
    expect(first[0].resetSeconds).toBeLessThanOrEqual(60);
    expect(first[1]).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(first[1]?.resetSeconds).toBeGreaterThan(590);
    expect((await limits.hit(["key-a", "owner"]))[1]?.remaining).toBe(1);
    // key-a is over its own limit: refused there, and "owner" is not counted.
    const refused = await limits.hit(["key-a", "owner"]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused[0].retryAfterSeconds).toBeGreaterThan(50);
    expect(refused[0].retryAfterSeconds).toBe(refused[0].resetSeconds);
    // Another key of the same owner has its own first limit but shares the second.
    expect((await limits.hit(["key-b", "owner"]))[1]).toMatchObject({ allowed: true, remaining: 0 });
    const owner = await limits.hit(["key-b", "owner"]);
    expect(owner[0]).toMatchObject({ allowed: true, remaining: 0 });
    expect(owner[1]).toMatchObject({ allowed: false, remaining: 0 });
    expect(owner[1]?.retryAfterSeconds).toBeGreaterThan(590);
  });
});

describe("rate limits shared through Redis", () => {
  it("counts a request's limits in one round trip", async () => {
    const shared = redisStore();
    if (shared.kind !== "redis") throw new Error("expected a Redis store");
    const limits = createRateLimits(
      [
        { name: `trip-key-${randomUUID()}`, limit: 5, windowMs: 60_000 },
        { name: `trip-owner-${randomUUID()}`, limit: 10, windowMs: 60_000 },
      ],
      shared,
    );
    await limits.hit(["k", "o"]); // loads the script into Redis, if it is not there yet
    const sent = vi.spyOn(shared.client, "sendCommand");
    const both = await limits.hit(["k", "o"]);
    expect(both.map((result) => result.remaining)).toEqual([3, 8]);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it("gives two server instances one budget per key and per owner", async () => {
    const rules = [
      { name: `shared-key-${randomUUID()}`, limit: 3, windowMs: 60_000 },
      { name: `shared-owner-${randomUUID()}`, limit: 4, windowMs: 60_000 },
    ];
    const first = createRateLimits(rules, redisStore());
    const second = createRateLimits(rules, redisStore());
    const answers = [];
    for (let hit = 0; hit < 4; hit++) {
      answers.push((await (hit % 2 ? second : first).hit(["key-a", "owner"])).map((result) => result.allowed));
    }
    answers.push((await second.hit(["key-b", "owner"])).map((result) => result.allowed));
    expect(answers).toEqual([[true, true], [true, true], [true, true], [false], [true, true]]);
    expect((await first.hit(["key-b", "owner"])).map((result) => result.allowed)).toEqual([true, false]);
  });

  it("keeps counting both limits in each instance while Redis is unreachable", async () => {
    const limits = createRateLimits(
      [
        { name: `down-key-${randomUUID()}`, limit: 2, windowMs: 60_000 },
        { name: `down-owner-${randomUUID()}`, limit: 2, windowMs: 60_000 },
      ],
      storeFromUrl("redis://127.0.0.1:9"),
    );
    expect((await limits.hit(["a", "o"])).map((result) => result.allowed)).toEqual([true, true]);
    expect((await limits.hit(["a", "o"])).map((result) => result.allowed)).toEqual([true, true]);
    expect((await limits.hit(["a", "o"])).map((result) => result.allowed)).toEqual([false]);
    expect((await limits.hit(["b", "o"])).map((result) => result.allowed)).toEqual([true, false]);
  });

  it("gives two server instances one budget per key", async () => {
    const rule = { name: `shared-${randomUUID()}`, limit: 6, windowMs: 60_000 };
    const first = createRateLimiter(rule, redisStore());
    const second = createRateLimiter(rule, redisStore());
    const answers = [];
    for (let hit = 0; hit < 8; hit++) answers.push((await (hit % 2 ? second : first).hit("203.0.113.9")).allowed);
    expect(answers).toEqual([true, true, true, true, true, true, false, false]);
  });

  it("keeps limiting in each instance while Redis is unreachable", async () => {
    const limiter = createRateLimiter(
      { name: `down-${randomUUID()}`, limit: 2, windowMs: 60_000 },
      storeFromUrl("redis://127.0.0.1:9"),
    );
    expect((await limiter.hit("k")).allowed).toBe(true);
    expect((await limiter.hit("k")).allowed).toBe(true);
    expect((await limiter.hit("k")).allowed).toBe(false);
  });
});
