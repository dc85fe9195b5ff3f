import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { MapRefusal } from "~/modules/listings/map-data";

/** What kind of refusal each refused map request is. */
export const MAP_REFUSAL_CODE: Record<MapRefusal, RefusalCode> = {
  invalid: COMMON_REFUSALS.invalid,
  "invalid-selection": COMMON_REFUSALS.invalid,
  "not-found": COMMON_REFUSALS["not-found"],
  "rate-limited": COMMON_REFUSALS["rate-limited"],
  "too-slow": COMMON_REFUSALS["too-slow"],
};
