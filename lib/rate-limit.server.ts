import { isIP } from "node:net";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { normaliseAddress } from "~/lib/trusted-proxies";

/**
 * Every rate limit in the product, on one maintained library (rate-limiter-flexible). With
 * REDIS_URL set, counts live in Redis, so any number of instances share one budget per key; if
 * Redis stops answering, each instance falls back to counting in its own memory until it is back
 * (limits still hold, per instance) rather than letting every request through or refusing all.
 * Without Redis (the single-process demo) counts live in memory. Neither store evicts a key
 * before its window ends, so a flood of new keys cannot reset anyone's count.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** When refused: seconds until the window ends (at least 1). Else 0. */
  retryAfterSeconds: number;
  /** Seconds until the current window ends and the count starts again (for rate-limit headers). */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit for `key`. */
  hit(key: string): Promise<RateLimitResult>;
  /** Forgets `key`'s count (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  /** Names the counter in the store: two limiters with one name share counts. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateLimitStore = { kind: "memory" } | { kind: "redis"; client: Redis };

/** A limiter for `rule`; the store (by default the configured one) is opened on the first hit. */
export function createRateLimiter(rule: RateLimitRule, store?: RateLimitStore): RateLimiter {
  if (!(rule.limit >= 1) || !(rule.windowMs >= 1000)) {
    throw new Error("a rate limiter needs limit >= 1 and a window of at least a second");
  }
  const options = {
    keyPrefix: `rate-limit:${rule.name}`,
    points: rule.limit,
    duration: Math.ceil(rule.windowMs / 1000),
  };
  let limiter: RateLimiterAbstract | undefined;
  const counter = () => {
    const chosen = store ?? defaultStore();
    limiter ??=
      chosen.kind === "redis"
        ? new RateLimiterRedis({
            ...options,
            storeClient: chosen.client,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    return limiter;
  };
  return {
    async hit(key) {
      try {
        const result = await counter().consume(key);
        return {
          allowed: true,
          remaining: result.remainingPoints,
          retryAfterSeconds: 0,
          resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
        };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        return { allowed: false, remaining: 0, retryAfterSeconds: seconds, resetSeconds: seconds };
      }
    },
    async reset(key) {
      await counter().delete(key);
    },
  };
}

/**
 * The key for a client address: IPv4 as it is, IPv6 by its /64 (one subscriber's whole
 * allocation, which they can hop around freely), IPv4-mapped IPv6 as IPv4.
 */
export function addressRateKey(address: string): string {
  const normalised = normaliseAddress(address);
  if (isIP(normalised) !== 6) return normalised;
  return `${expandIpv6(normalised).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ""),
  );
}

const globalForStore = globalThis as typeof globalThis & { __lanewayRateLimitStore?: RateLimitStore };

/** The configured store, made once per process: Redis when REDIS_URL is set, else memory. */
export function defaultStore(): RateLimitStore {
  globalForStore.__lanewayRateLimitStore ??= storeFromUrl(env().REDIS_URL);
  return globalForStore.__lanewayRateLimitStore;
}

export function storeFromUrl(redisUrl: string | undefined): RateLimitStore {
  if (!redisUrl) return { kind: "memory" };
  // Commands wait for the connection, but never long: past a second the in-memory fallback counts the hit.
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 1000 });
  let reported = false;
  client.on("error", (error: unknown) => {
    if (reported) return;
    reported = true;
    logger.error({ err: error }, "Redis for rate limits is unreachable; counting in this instance until it is back");
  });
  client.on("ready", () => {
    reported = false;
  });
  return { kind: "redis", client };
}
