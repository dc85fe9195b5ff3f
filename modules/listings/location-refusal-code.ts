import type { RefusalCode } from "~/lib/refusal-code";
import type { LocationRefusal } from "~/modules/listings/location-filter";

/** Every location a search cannot read is the searcher's input to correct. */
export const LOCATION_REFUSAL_CODE: Record<LocationRefusal, RefusalCode> = {
  "unknown-place": "INVALID_INPUT",
  "invalid-coordinates": "INVALID_INPUT",
  "outside-australia": "INVALID_INPUT",
  "box-reversed": "INVALID_INPUT",
  "box-too-large": "INVALID_INPUT",
  "invalid-radius": "INVALID_INPUT",
  "distance-needs-place": "INVALID_INPUT",
};
