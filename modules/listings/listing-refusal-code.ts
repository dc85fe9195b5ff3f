import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { StatusRefusal } from "~/modules/listings/listing-write.server";
import type { LocationRefusal } from "~/modules/listings/location-filter";
import type { PropertyActionOutcome } from "~/modules/listings/properties.server";

type ListingRefusal =
  "not-found" | "forbidden" | "stale" | StatusRefusal | Extract<PropertyActionOutcome, { ok: false }>["reason"];

/** What kind of refusal each refused listing step is. */
export const LISTING_REFUSAL_CODE: Record<ListingRefusal, RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  forbidden: COMMON_REFUSALS.forbidden,
  stale: COMMON_REFUSALS.stale,
  "moderators-only": "FORBIDDEN",
  "under-moderation": "CONFLICT",
  "subscription-required": "SUBSCRIPTION_REQUIRED",
  "not-allowed": "FORBIDDEN",
};

/** What kind of refusal each refused location search is (location-filter.ts): all are bad input. */
export const LOCATION_REFUSAL_CODE: Record<LocationRefusal, RefusalCode> = {
  "unknown-place": "INVALID_INPUT",
  "invalid-coordinates": "INVALID_INPUT",
  "outside-australia": "INVALID_INPUT",
  "box-reversed": "INVALID_INPUT",
  "box-too-large": "INVALID_INPUT",
  "invalid-radius": "INVALID_INPUT",
  "distance-needs-place": "INVALID_INPUT",
};
