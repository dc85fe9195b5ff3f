import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { SupportRefusal } from "~/modules/support/support-requests.server";

/** What kind of refusal each refused support step is. */
export const SUPPORT_REFUSAL_CODE: Record<SupportRefusal["reason"], RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  forbidden: COMMON_REFUSALS.forbidden,
  "not-your-listing": "INVALID_INPUT",
  "already-answered": "CONFLICT",
  "rate-limited": COMMON_REFUSALS["rate-limited"],
};
