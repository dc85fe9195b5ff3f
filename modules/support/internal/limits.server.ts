import { addressRateKey, createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

const DAY = 24 * 60 * 60_000;

/** Support requests a day: 10 per account, 20 per client address across accounts. */
export const SUPPORT_LIMITS = { perAccountPerDay: 10, perAddressPerDay: 20 } as const;

let limiters: { account: RateLimiter; address: RateLimiter } | undefined;

/** Counts one support request; the seconds to wait when over a limit, else null. */
export async function hitSupportLimit(userId: string, clientAddress: string): Promise<number | null> {
  limiters ??= {
    account: createRateLimiter({ name: "support:account", limit: SUPPORT_LIMITS.perAccountPerDay, windowMs: DAY }),
    address: createRateLimiter({ name: "support:address", limit: SUPPORT_LIMITS.perAddressPerDay, windowMs: DAY }),
  };
  const results = [await limiters.address.hit(addressRateKey(clientAddress)), await limiters.account.hit(userId)];
  const refused = results.filter((result) => !result.allowed);
  return refused.length ? Math.max(...refused.map((result) => result.retryAfterSeconds)) : null;
}
