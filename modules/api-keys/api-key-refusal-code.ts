import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { ApiKeyRefusal } from "~/modules/api-keys/api-keys.server";

/** What kind of refusal each refused API key step is. */
export const API_KEY_REFUSAL_CODE: Record<ApiKeyRefusal, RefusalCode> = {
  "subscription-required": "SUBSCRIPTION_REQUIRED",
  "two-factor-required": "TWO_FACTOR_REQUIRED",
  "not-allowed": "FORBIDDEN",
  "limit-reached": "CONFLICT",
  "not-found": COMMON_REFUSALS["not-found"],
};
