import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";

/** What kind of refusal each refused checkout or plan-management step is. */
export const BILLING_REFUSAL_CODE = {
  invalid: COMMON_REFUSALS.invalid,
  busy: "CONFLICT",
  "no-subscription": "NOT_FOUND",
  "rate-limited": COMMON_REFUSALS["rate-limited"],
  "provider-error": "PROVIDER_ERROR",
} as const satisfies Record<string, RefusalCode>;
