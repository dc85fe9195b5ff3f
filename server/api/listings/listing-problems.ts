import { statusFor } from "~/lib/http/refusal-status";
import { LISTING_REFUSAL_CODE } from "~/modules/listings/listing-refusal-code";
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

/** A refused listing step as problem details; `detail` replaces the usual wording. */
export function listingProblem(reason: keyof typeof DETAIL, detail: string = DETAIL[reason]): ApiProblem {
  return new ApiProblem(statusFor(LISTING_REFUSAL_CODE[reason]), detail);
}
