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

/** rate-limiter-flexible's options for `rule`: its counters in the store are named by the rule. */
function limiterOptions(rule: RateLimitRule) {
  if (!(rule.limit >= 1) || !(rule.windowMs >= 1000)) {
    throw new Error("a rate limiter needs limit >= 1 and a window of at least a second");
  }
  return { keyPrefix: `rate-limit:${rule.name}`, points: rule.limit, duration: Math.ceil(rule.windowMs / 1000) };
}

/** A limiter for `rule`; the store (by default the configured one) is opened on the first hit. */
export function createRateLimiter(rule: RateLimitRule, store?: RateLimitStore): RateLimiter {
  const options = limiterOptions(rule);
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
        return counted(true, result.remainingPoints, result.msBeforeNext);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return counted(false, 0, refusal.msBeforeNext);
      }
    },
    async reset(key) {
      await counter().delete(key);
    },
  };
}

function counted(allowed: boolean, remaining: number, msBeforeNext: number): RateLimitResult {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return { allowed, remaining, retryAfterSeconds: allowed ? 0 : seconds, resetSeconds: seconds };
}

/** Several limits on one request, counted in order (`createRateLimits`). */
export interface RateLimits {
  /**
   * Counts one hit for `keys[i]` under the i-th rule, each only if every rule before it let the
   * request through: the results of the rules counted, the first always, ending at a refusal.
   */
  hit(keys: readonly string[]): Promise<[RateLimitResult, ...RateLimitResult[]]>;
}

/**
 * Counts one request against each rule in turn, as their limiters would (`createRateLimiter`, the
 * same counters by name), but in one round trip to Redis: a script counts each key as
 * rate-limiter-flexible's own script does, and stops at the first one over its limit. If Redis
 * fails, the hits are counted in this instance's memory, like a limiter's.
 */
export function createRateLimits(rules: readonly RateLimitRule[], store?: RateLimitStore): RateLimits {
  if (rules.length === 0) throw new Error("rate limits need at least one rule");
  const options = rules.map(limiterOptions);
  const inMemory = options.map((each) => new RateLimiterMemory(each));
  const countInMemory = async (keys: readonly string[]) => {
    const results: RateLimitResult[] = [];
    for (const [index, limiter] of inMemory.entries()) {
      const result = await limiter.consume(keys[index]!).then(
        (res) => counted(true, res.remainingPoints, res.msBeforeNext),
        (refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return counted(false, 0, refusal.msBeforeNext);
        },
      );
      results.push(result);
      if (!result.allowed) break;
    }
    return results;
  };
  const countShared = async (client: Redis, keys: readonly string[]) => {
    const counts = await countInRedis(
      client,
      options.map((each, index) => `${each.keyPrefix}:${keys[index]}`),
      options.flatMap((each) => [each.points, each.duration]),
    );
    const results: RateLimitResult[] = [];
    for (const [index, { points }] of options.entries()) {
      const consumed = counts[2 * index];
      const msBeforeNext = counts[2 * index + 1];
      if (consumed === undefined || msBeforeNext === undefined) break;
      results.push(counted(consumed <= points, Math.max(points - consumed, 0), msBeforeNext));
    }
    return results;
  };
  return {
    async hit(keys) {
      if (keys.length !== rules.length) throw new Error("rate limits need one key per rule");
      const chosen = store ?? defaultStore();
      const results =
        chosen.kind === "redis"
          ? await countShared(chosen.client, keys).catch(() => countInMemory(keys))
          : await countInMemory(keys);
      return results as [RateLimitResult, ...RateLimitResult[]]; // the first rule is always counted
    },
  };
}

/**
 * For each key in turn: start its window if none is open, count the hit, read the window's time left
 * (rate-limiter-flexible's counting script, key by key), and stop after a key over its limit. ARGV
 * holds each key's limit and window in seconds; the answer, each counted key's count and
 * milliseconds left.
 */
const COUNT_IN_ORDER = `
local answer = {}
for index, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * index - 1])
  local seconds = ARGV[2 * index]
  redis.call('set', key, 0, 'EX', seconds, 'NX')
  local consumed = redis.call('incr', key)
  local ttl = redis.call('pttl', key)
  if ttl == -1 then
    redis.call('expire', key, seconds)
    ttl = 1000 * seconds
  end
  answer[#answer + 1] = consumed
  answer[#answer + 1] = ttl
  if consumed > limit then break end
end
return answer
`;

type CountingClient = Redis & {
  rateLimitCountInOrder?: (keyCount: number, ...keysAndArgs: (string | number)[]) => Promise<number[]>;
};

function countInRedis(client: CountingClient, keys: string[], args: number[]): Promise<number[]> {
  // ioredis runs a defined command by the script's hash, sending the script itself only when Redis lacks it.
  if (!client.rateLimitCountInOrder) client.defineCommand("rateLimitCountInOrder", { lua: COUNT_IN_ORDER });
  return client.rateLimitCountInOrder!(keys.length, ...keys, ...args);
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
