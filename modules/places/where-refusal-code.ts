import type { RefusalCode } from "~/lib/refusal-code";
import type { WhereSuggestionsResult } from "~/modules/places/where-suggestions.server";

/** What kind of refusal each refused Where suggestion request is. */
export const WHERE_SUGGESTIONS_REFUSAL_CODE: Record<
  Extract<WhereSuggestionsResult, { ok: false }>["reason"],
  RefusalCode
> = {
  "rate-limited": "RATE_LIMITED",
  "too-long": "INVALID_INPUT",
  unavailable: "PROVIDER_ERROR",
};
