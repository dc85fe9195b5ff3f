import type { RefusalCode } from "~/lib/refusal-code";

/** The one table from a refusal to its HTTP status, for the pages and the REST API alike. */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SUBSCRIPTION_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  TOO_SLOW: 503,
  INTERNAL_ERROR: 500,
  PROVIDER_ERROR: 502,
};

export function statusFor(code: RefusalCode): number {
  return REFUSAL_STATUS[code];
}

/** How long a client waits before repeating a read that outran its statement timeout. */
export const TOO_SLOW_RETRY_AFTER_SECONDS = 5;

/** Retry-After for a rate-limited or too-slow refusal, nothing otherwise. */
export function retryAfterHeaders(refusal: { reason: string; retryAfterSeconds?: number }): HeadersInit | undefined {
  const seconds =
    refusal.retryAfterSeconds ?? (refusal.reason === "too-slow" ? TOO_SLOW_RETRY_AFTER_SECONDS : undefined);
  return seconds === undefined ? undefined : { "Retry-After": String(seconds) };
}
