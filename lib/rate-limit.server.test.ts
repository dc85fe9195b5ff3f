import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/lib/rate-limit.server";

describe("in-process rate limiter", () => {
  it("allows `limit` hits per key in a sliding window, then refuses with the time to wait", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 5, windowMs: 10 * 60_000, now: () => now });
    for (let hit = 1; hit <= 5; hit++) {
      expect(limiter.hit("203.0.113.7")).toEqual({ allowed: true, remaining: 5 - hit, retryAfterSeconds: 0 });
      now += 60_000;
    }
    // 5 minutes after the first hit: the oldest leaves the window 5 minutes from now.
    expect(limiter.hit("203.0.113.7")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 300 });
    // Another address is counted on its own.
    expect(limiter.hit("198.51.100.2").allowed).toBe(true);
    // Refused hits are not counted: once the first hit leaves the window, one more is allowed.
    now = 1_000_000 + 10 * 60_000 + 1;
    expect(limiter.hit("203.0.113.7").allowed).toBe(true);
    expect(limiter.hit("203.0.113.7").allowed).toBe(false);
  });

  it("forgets keys beyond maxKeys, expired ones first", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: () => now });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("c").allowed).toBe(true); // "a" (added first) is forgotten
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("c").allowed).toBe(false);
    now = 5000;
    limiter.reset("c");
    expect(limiter.hit("c").allowed).toBe(true);
  });
});
