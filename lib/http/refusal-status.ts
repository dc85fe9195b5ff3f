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
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PROVIDER_ERROR: 502,
};

export function statusFor(code: RefusalCode): number {
  return REFUSAL_STATUS[code];
}

/** Retry-After for a rate-limited refusal, nothing otherwise. */
export function retryAfterHeaders(refusal: { reason: string; retryAfterSeconds?: number }): HeadersInit | undefined {
  return refusal.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(refusal.retryAfterSeconds) };
}
