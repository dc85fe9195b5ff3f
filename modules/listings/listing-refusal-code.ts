import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { StatusRefusal } from "~/modules/listings/listing-write.server";
import type { PropertyActionOutcome } from "~/modules/listings/properties.server";
import type { PhotoReviewRefusal } from "~/modules/listings/photo-review.server";

type ListingRefusal =
  | "not-found"
  | "forbidden"
  | "stale"
  | StatusRefusal
  | Extract<PropertyActionOutcome, { ok: false }>["reason"]
  | PhotoReviewRefusal;

/** What kind of refusal each refused listing step is. */
export const LISTING_REFUSAL_CODE: Record<ListingRefusal, RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  forbidden: COMMON_REFUSALS.forbidden,
  stale: COMMON_REFUSALS.stale,
  "moderators-only": "FORBIDDEN",
  "under-moderation": "CONFLICT",
  "subscription-required": "SUBSCRIPTION_REQUIRED",
  "not-allowed": "FORBIDDEN",
  "alt-too-long": "INVALID_INPUT",
};
