import type { StatusRefusal } from "~/modules/listings/listing-write.server";
import { ApiProblem } from "~/server/api/problem";

export const NOT_FOUND = "No listing with this id, or it is not one you manage.";
export const FORBIDDEN_CREATE = "Only staff and admins may create listings through the API.";
export const FORBIDDEN = "Your role may not manage listings.";

/** A refused status change: the whole request is refused and nothing is saved. */
export function statusProblem(reason: StatusRefusal): ApiProblem {
  return reason === "moderators-only"
    ? new ApiProblem(
        403,
        "Only moderators set a listing hidden or under review; you may set available or let. Nothing was changed.",
      )
    : new ApiProblem(
        409,
        "Moderators hold this listing hidden or under review, so its status cannot change until they release it. Nothing was changed.",
      );
}
