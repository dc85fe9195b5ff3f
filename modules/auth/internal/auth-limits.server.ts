import { addressRateKey, createRateLimiter, type RateLimiter, type RateLimitResult } from "~/lib/rate-limit.server";

const MINUTE = 60_000;

/**
 * Limits on the auth actions. Three counts per step:
 * - per account from one address (or IPv6 /64): the tight limit on guessing, so someone guessing
 *   from their own address is stopped without touching the owner signing in from theirs;
 * - per account from anywhere: a ceiling ten times higher, against guessing spread over many
 *   addresses; when it is reached the owner sees the same clear message too;
 * - per address across accounts: generous, because offices and campuses share one address.
 * The account is the e-mail address asked about, whether or not it has an account, so a refusal
 * says nothing about who is registered.
 */
const LIMITS = {
  signIn: { windowMs: 15 * MINUTE, accountFromAddress: 10, account: 100, address: 120 },
  signUp: { windowMs: 60 * MINUTE, accountFromAddress: 3, account: 30, address: 10 },
  /** E-mails sent on request: magic links, sign-in codes, reset links, verification links. */
  emailRequest: { windowMs: 15 * MINUTE, accountFromAddress: 5, account: 50, address: 30 },
  /** Codes and links redeemed: e-mail codes, two-factor codes, reset tokens. */
  codeCheck: { windowMs: 15 * MINUTE, accountFromAddress: 10, account: 100, address: 60 },
} as const;

export type AuthLimit = keyof typeof LIMITS;

type Counters = Record<"accountFromAddress" | "account" | "address", RateLimiter>;

let limiters: Record<AuthLimit, Counters> | undefined;

function countersFor(name: AuthLimit): Counters {
  limiters ??= Object.fromEntries(
    Object.entries(LIMITS).map(([step, { windowMs, ...limits }]) => [
      step,
      Object.fromEntries(
        Object.entries(limits).map(([scope, limit]) => [
          scope,
          createRateLimiter({ name: `auth:${step}:${scope}`, limit, windowMs }),
        ]),
      ) as Counters,
    ]),
  ) as Record<AuthLimit, Counters>;
  return limiters[name];
}

const accountKey = (account: string) => account.trim().toLowerCase();

/** A refused attempt: the message to show, and whether the per-account ceiling is (among) what refused it. */
export interface AuthLimitRefusal {
  message: string;
  accountCeiling: boolean;
}

/** Counts one attempt; returns why it is refused when it is over a limit, else null. */
export async function countAuthAttempt(
  name: AuthLimit,
  clientAddress: string,
  account?: string | null,
): Promise<AuthLimitRefusal | null> {
  const counters = countersFor(name);
  const address = addressRateKey(clientAddress);
  const results: RateLimitResult[] = [await counters.address.hit(address)];
  let ceiling: RateLimitResult | undefined;
  if (account) {
    results.push(await counters.accountFromAddress.hit(`${accountKey(account)}|${address}`));
    ceiling = await counters.account.hit(accountKey(account));
    results.push(ceiling);
  }
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return null;
  const minutes = Math.ceil(Math.max(...refused.map((result) => result.retryAfterSeconds)) / 60);
  return {
    message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    accountCeiling: ceiling?.allowed === false,
  };
}

/** Counts one attempt; returns the message to show when it is over a limit, else null. */
export async function checkAuthLimit(
  name: AuthLimit,
  clientAddress: string,
  account?: string | null,
): Promise<string | null> {
  return (await countAuthAttempt(name, clientAddress, account))?.message ?? null;
}

/** The password sign-in's window, for telling the owner how long their account's ceiling holds. */
export const SIGN_IN_WINDOW_MINUTES = LIMITS.signIn.windowMs / MINUTE;

let ceilingNotices: RateLimiter | undefined;

/**
 * True for the first call per account in a sign-in window, false for the rest: the owner is told
 * of an attack once, not at every refused guess. The one limiter counts it, so instances sharing
 * Redis share it too.
 */
export async function claimCeilingNotice(account: string): Promise<boolean> {
  ceilingNotices ??= createRateLimiter({
    name: "auth:signIn:ceiling-notice",
    limit: 1,
    windowMs: LIMITS.signIn.windowMs,
  });
  return (await ceilingNotices.hit(accountKey(account))).allowed;
}

/** After a successful sign-in the count from that address starts again: the limit is on failed guesses. */
export async function clearAccountLimit(name: AuthLimit, account: string, clientAddress: string): Promise<void> {
  await countersFor(name).accountFromAddress.reset(`${accountKey(account)}|${addressRateKey(clientAddress)}`);
}
