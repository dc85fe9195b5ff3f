import { addressRateKey, createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * Limits on enquiries and messages, per account and per client address. An account younger than a
 * week may start 10 enquiries a day (spam accounts are new), an older one 30; one address 30 a day
 * across accounts. Messages: 60 an hour per account, 120 per address.
 */
export const ENQUIRY_LIMITS = {
  newAccountAgeMs: 7 * DAY,
  enquiriesPerDayNewAccount: 10,
  enquiriesPerDay: 30,
  enquiriesPerDayPerAddress: 30,
  messagesPerHour: 60,
  messagesPerHourPerAddress: 120,
} as const;

let limiters: Record<"newAccount" | "account" | "address" | "messages" | "messageAddress", RateLimiter> | undefined;

function counters() {
  limiters ??= {
    newAccount: createRateLimiter({
      name: "enquiries:new-account",
      limit: ENQUIRY_LIMITS.enquiriesPerDayNewAccount,
      windowMs: DAY,
    }),
    account: createRateLimiter({ name: "enquiries:account", limit: ENQUIRY_LIMITS.enquiriesPerDay, windowMs: DAY }),
    address: createRateLimiter({
      name: "enquiries:address",
      limit: ENQUIRY_LIMITS.enquiriesPerDayPerAddress,
      windowMs: DAY,
    }),
    messages: createRateLimiter({ name: "messages:account", limit: ENQUIRY_LIMITS.messagesPerHour, windowMs: HOUR }),
    messageAddress: createRateLimiter({
      name: "messages:address",
      limit: ENQUIRY_LIMITS.messagesPerHourPerAddress,
      windowMs: HOUR,
    }),
  };
  return limiters;
}

/** Counts one new enquiry; the seconds to wait when over a limit, else null. */
export async function hitEnquiryLimit(
  userId: string,
  accountCreatedAt: Date,
  clientAddress: string,
  now: Date,
): Promise<number | null> {
  const { newAccount, account, address } = counters();
  const isNew = now.getTime() - accountCreatedAt.getTime() < ENQUIRY_LIMITS.newAccountAgeMs;
  const results = [await address.hit(addressRateKey(clientAddress)), await (isNew ? newAccount : account).hit(userId)];
  const refused = results.filter((result) => !result.allowed);
  return refused.length ? Math.max(...refused.map((result) => result.retryAfterSeconds)) : null;
}

/** Counts one message; the seconds to wait when over a limit, else null. */
export async function hitMessageLimit(userId: string, clientAddress: string): Promise<number | null> {
  const { messages, messageAddress } = counters();
  const results = [await messageAddress.hit(addressRateKey(clientAddress)), await messages.hit(userId)];
  const refused = results.filter((result) => !result.allowed);
  return refused.length ? Math.max(...refused.map((result) => result.retryAfterSeconds)) : null;
}
