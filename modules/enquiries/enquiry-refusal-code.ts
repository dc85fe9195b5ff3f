import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { EnquiryRefusal } from "~/modules/enquiries/enquiry-result";

/** What kind of refusal each refused enquiry step is. */
export const ENQUIRY_REFUSAL_CODE: Record<EnquiryRefusal["reason"], RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  forbidden: COMMON_REFUSALS.forbidden,
  blocked: "FORBIDDEN",
  suspended: "FORBIDDEN",
  closed: "CONFLICT",
  "own-listing": "CONFLICT",
  unavailable: "CONFLICT",
  "already-enquired": "CONFLICT",
  "awaiting-answer": "CONFLICT",
  "rate-limited": COMMON_REFUSALS["rate-limited"],
};
