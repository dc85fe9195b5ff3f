import { retryAfterHeaders, statusFor } from "~/lib/http/refusal-status";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { LISTING_REFUSAL_CODE } from "~/modules/listings/listing-refusal-code";
import { LOCATION_REFUSAL_CODE } from "~/modules/listings/location-refusal-code";
import { parseBox, type LocationRefusal } from "~/modules/listings/location-filter";
import { ApiProblem } from "~/server/api/problem";

/** The API's wording for each refused listing step; a refused status changes nothing else either. */
const DETAIL = {
  "not-found": "No listing with this id, or it is not one you manage.",
  forbidden: "Your role may not manage listings.",
  stale: "The listing changed since you read it. Read it again and retry.",
  "moderators-only":
    "Only moderators set a listing hidden or under review; you may set available or let. Nothing was changed.",
  "under-moderation":
    "Moderators hold this listing hidden or under review, so its status cannot change until they release it. Nothing was changed.",
} as const;

export const FORBIDDEN_CREATE = "Only staff and admins may create listings through the API.";

/** A list request that outran the search's statement timeout: the same status and pause as /search. */
export function tooSlowProblem(): ApiProblem {
  return new ApiProblem(
    statusFor(COMMON_REFUSALS["too-slow"]),
    "This search is taking too long, so we stopped it. Try again in a moment, or narrow it (a smaller radius or area, more specific words).",
    undefined,
    retryAfterHeaders({ reason: "too-slow" }),
  );
}

/** A refused listing step as problem details; `detail` replaces the usual wording. */
export function listingProblem(reason: keyof typeof DETAIL, detail: string = DETAIL[reason]): ApiProblem {
  return new ApiProblem(statusFor(LISTING_REFUSAL_CODE[reason]), detail);
}

/** The query parameter a refused location search is about (the module checks radius, then box, then place). */
function locationField(reason: LocationRefusal, bbox: string | undefined): string {
  switch (reason) {
    case "invalid-radius":
      return "radius_km";
    case "box-reversed":
    case "box-too-large":
      return "bbox";
    case "distance-needs-place":
      return "sort";
    case "unknown-place":
      return "near";
    case "invalid-coordinates":
    case "outside-australia":
      return bbox?.trim() && typeof parseBox(bbox) === "string" ? "bbox" : "near";
  }
}

/** A refused location search as problem details, naming the parameter, in the module's own words. */
export function locationProblem(refusal: { reason: LocationRefusal; message: string }, bbox?: string): ApiProblem {
  const field = locationField(refusal.reason, bbox);
  return new ApiProblem(statusFor(LOCATION_REFUSAL_CODE[refusal.reason]), `${field}: ${refusal.message}`, [
    { field, message: refusal.message },
  ]);
}
