import { COMMON_REFUSALS, type RefusalCode } from "~/lib/refusal-code";
import type { DocumentUploadRefusal } from "~/modules/renter-profiles/renter-documents.server";
import type { ReferenceLinkRefusal, ReferenceRefusal } from "~/modules/renter-profiles/renter-profiles.server";

/** What kind of refusal each refused renter-profile step is. */
export const REFERENCE_REFUSAL_CODE: Record<ReferenceRefusal, RefusalCode> = {
  "not-found": COMMON_REFUSALS["not-found"],
  "limit-reached": "CONFLICT",
  "rate-limited": COMMON_REFUSALS["rate-limited"],
};

export const REFERENCE_LINK_REFUSAL_CODE: Record<ReferenceLinkRefusal, RefusalCode> = {
  "invalid-token": COMMON_REFUSALS.invalid,
  expired: "PRECONDITION_FAILED",
  "already-confirmed": "CONFLICT",
  "own-reference": COMMON_REFUSALS.forbidden,
};

export const DOCUMENT_REFUSAL_CODE: Record<DocumentUploadRefusal, RefusalCode> = {
  "too-large": "TOO_LARGE",
  "not-a-document": "UNSUPPORTED_MEDIA_TYPE",
  "too-many-pixels": "UNPROCESSABLE",
};
