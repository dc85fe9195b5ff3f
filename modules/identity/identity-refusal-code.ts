import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";

/** What kind of refusal each refused identity step is. */
export const IDENTITY_REFUSAL_CODE = {
  "not-found": COMMON_REFUSALS["not-found"],
  invalid: COMMON_REFUSALS.invalid,
  "name-required": "PRECONDITION_FAILED",
  "already-verified": "CONFLICT",
  "rate-limited": COMMON_REFUSALS["rate-limited"],
  "not-configured": "PROVIDER_ERROR",
  "provider-error": "PROVIDER_ERROR",
} as const satisfies Record<string, RefusalCode>;

export type IdentityRefusal = keyof typeof IDENTITY_REFUSAL_CODE;
