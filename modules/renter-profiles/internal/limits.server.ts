import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

const DAY = 24 * 60 * 60_000;

/**
 * Reference e-mails: 6 a day per renter (two referees, a few corrected addresses) and 3 a day to any
 * one address across all renters, so nobody can use referees' e-mails to flood someone.
 */
export const REFERENCE_EMAIL_LIMITS = { perRenterPerDay: 6, perAddressPerDay: 3 } as const;

export interface ReferenceLimits {
  renter: RateLimiter;
  address: RateLimiter;
}

let limiters: ReferenceLimits | undefined;

export function referenceLimits(): ReferenceLimits {
  limiters ??= {
    renter: createRateLimiter({
      name: "reference-emails:renter",
      limit: REFERENCE_EMAIL_LIMITS.perRenterPerDay,
      windowMs: DAY,
    }),
    address: createRateLimiter({
      name: "reference-emails:address",
      limit: REFERENCE_EMAIL_LIMITS.perAddressPerDay,
      windowMs: DAY,
    }),
  };
  return limiters;
}
