import type { EnquiryRefusal } from "~/modules/enquiries/enquiry-result";

/** The HTTP status for a refused enquiry step. */
export function statusForEnquiryRefusal(refusal: EnquiryRefusal): number {
  switch (refusal.reason) {
    case "not-found":
      return 404;
    case "forbidden":
    case "blocked":
    case "suspended":
      return 403;
    case "closed":
    case "own-listing":
    case "unavailable":
    case "already-enquired":
      return 409;
    case "rate-limited":
      return 429;
  }
}

/** Retry-After for a rate-limited refusal, nothing otherwise. */
export function refusalHeaders(refusal: EnquiryRefusal): HeadersInit | undefined {
  return refusal.reason === "rate-limited" ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
}
