/**
 * The product's vocabulary of refusals: what kind of "no" a module's reason is. Modules keep their
 * own reason words (they carry the page text: "own-listing", "last-admin"…) and say which code each
 * one is; the pages and the REST API turn a code into a status with one table
 * (`lib/http/refusal-status.ts`).
 */
export type RefusalCode =
  | "INVALID_INPUT"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "SUBSCRIPTION_REQUIRED"
  | "TWO_FACTOR_REQUIRED"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PRECONDITION_FAILED"
  /** An upload larger than its limit. */
  | "TOO_LARGE"
  /** An upload that is not of a kind we read (a file that is not an image). */
  | "UNSUPPORTED_MEDIA_TYPE"
  /** Well-formed, and of the right kind, but not something we can take (an image with too many pixels). */
  | "UNPROCESSABLE"
  | "RATE_LIMITED"
  /** A read outran its statement timeout: nothing is wrong with the request, try again shortly. */
  | "TOO_SLOW"
  /** A fault on our side (logged), not the user's doing. */
  | "INTERNAL_ERROR"
  /** A provider we depend on (payments) failed. */
  | "PROVIDER_ERROR";

/** The reason words every module uses in the same sense, and their codes. */
export const COMMON_REFUSALS = {
  invalid: "INVALID_INPUT",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  "not-found": "NOT_FOUND",
  conflict: "CONFLICT",
  stale: "PRECONDITION_FAILED",
  "rate-limited": "RATE_LIMITED",
  "too-slow": "TOO_SLOW",
  failed: "INTERNAL_ERROR",
} as const satisfies Record<string, RefusalCode>;

export type CommonRefusal = keyof typeof COMMON_REFUSALS;
