import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

const MINUTE = 60_000;

/**
 * Limits on the auth actions, per client address and per account (the e-mail address asked
 * about, whether or not it exists, so a refusal says nothing about who has an account).
 * Address limits are generous because offices and campuses share one address; account limits
 * stop guessing at one account from many addresses.
 */
const LIMITS = {
  signIn: { address: { limit: 120, windowMs: 15 * MINUTE }, account: { limit: 10, windowMs: 15 * MINUTE } },
  signUp: { address: { limit: 10, windowMs: 60 * MINUTE }, account: { limit: 3, windowMs: 60 * MINUTE } },
  /** E-mails sent on request: magic links, sign-in codes, reset links, verification links. */
  emailRequest: { address: { limit: 30, windowMs: 15 * MINUTE }, account: { limit: 5, windowMs: 15 * MINUTE } },
  /** Codes and links redeemed: e-mail codes, two-factor codes, reset tokens. */
  codeCheck: { address: { limit: 60, windowMs: 15 * MINUTE }, account: { limit: 10, windowMs: 15 * MINUTE } },
} as const;

export type AuthLimit = keyof typeof LIMITS;

const limiters = Object.fromEntries(
  Object.entries(LIMITS).map(([name, { address, account }]) => [
    name,
    { address: createRateLimiter(address), account: createRateLimiter(account) },
  ]),
) as Record<AuthLimit, { address: RateLimiter; account: RateLimiter }>;

/** Counts one attempt; returns the message to show when it is over a limit, else null. */
export function checkAuthLimit(name: AuthLimit, clientAddress: string, account?: string | null): string | null {
  const { address, account: perAccount } = limiters[name];
  const byAddress = address.hit(clientAddress);
  const byAccount = account ? perAccount.hit(account.trim().toLowerCase()) : null;
  const refused = [byAddress, byAccount].filter((result) => result && !result.allowed);
  if (refused.length === 0) return null;
  const wait = Math.max(...refused.map((result) => result?.retryAfterSeconds ?? 60));
  const minutes = Math.ceil(wait / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** After a successful sign-in the account's count starts again: the limit is on failed guesses. */
export function clearAccountLimit(name: AuthLimit, account: string): void {
  limiters[name].account.reset(account.trim().toLowerCase());
}
