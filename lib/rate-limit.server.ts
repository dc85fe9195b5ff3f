/**
 * An in-process sliding-window rate limiter, keyed by a string (a client address, say).
 * Each instance counts on its own, so N server instances allow up to N × limit; a Redis-backed
 * limiter with the same interface can replace it when REDIS_URL is set.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** When refused: seconds until the oldest counted hit leaves the window (at least 1). Else 0. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit for `key` if it is allowed; a refused hit is not counted. */
  hit(key: string): RateLimitResult;
  reset(key?: string): void;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Keys tracked at most; beyond that the least recently added key is forgotten (bounds memory). */
  maxKeys?: number;
  now?: () => number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { limit, windowMs, maxKeys = 10_000, now = Date.now } = options;
  if (!(limit >= 1) || !(windowMs > 0)) throw new Error("a rate limiter needs limit >= 1 and windowMs > 0");
  /** Hit times per key, oldest first; a key's array never holds more than `limit` entries. */
  const hits = new Map<string, number[]>();

  function sweep(at: number) {
    for (const [key, times] of hits) {
      if ((times.at(-1) ?? 0) <= at - windowMs) hits.delete(key);
    }
  }

  return {
    hit(key) {
      const at = now();
      const recent = (hits.get(key) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const oldest = recent[0] ?? at;
        return {
          allowed: false,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      recent.push(at);
      if (!hits.has(key) && hits.size >= maxKeys) {
        sweep(at);
        // Still full: forget the key added longest ago.
        if (hits.size >= maxKeys) {
          const first = hits.keys().next();
          if (!first.done) hits.delete(first.value);
        }
      }
      hits.set(key, recent);
      return { allowed: true, remaining: limit - recent.length, retryAfterSeconds: 0 };
    },
    reset(key) {
      if (key === undefined) hits.clear();
      else hits.delete(key);
    },
  };
}
