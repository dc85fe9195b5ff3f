import { DOCUMENT_ERRORS } from "~/modules/renter-profiles/renter-profile-input";
import type { DocumentUploadRefusal } from "~/modules/renter-profiles/renter-documents.server";
import type { ReferenceLinkRefusal, ReferenceRefusal } from "~/modules/renter-profiles/renter-profiles.server";

/** The renter profile's page text, and the referee's confirm page. */
export const RENTER_PROFILE_TEXT = {
  title: "Renter profile",
  lead: "Tell landlords about yourself. They see it when you enquire about a room, and only if you choose, in the renter search.",
  saved: { title: "Profile saved" },
  unknownArea: (area: string) =>
    `We couldn't find “${area}”: type a suburb, a postcode or a place such as a university, and choose a suggestion.`,
  referenceAdded: { title: "Reference added", description: "We've e-mailed them a link to confirm." },
  referenceChanged: { title: "Reference updated" },
  referenceResent: { title: "Reference updated", description: "The new address needs to confirm: we've e-mailed it." },
  referenceRemoved: { title: "Reference removed" },
  documentSaved: { title: "Document uploaded", description: "Only you and landlords you enquire with can open it." },
  documentDeleted: { title: "Document deleted" },
};

export const REFERENCE_REFUSALS: Record<ReferenceRefusal, string> = {
  "not-found": "That reference is not on your profile.",
  "limit-reached": "You can name at most two references: remove one first.",
  "rate-limited": "Too many reference e-mails today. Please try again tomorrow.",
};

export const REFERENCE_LINK_REFUSALS: Record<ReferenceLinkRefusal, string> = {
  "invalid-token":
    "This link is not valid: it may be incomplete, the renter may have removed or changed this reference, or a newer e-mail replaced it. Nothing was confirmed.",
  expired: "This link has expired. Nothing was confirmed; the renter can send you a new one.",
  "already-confirmed": "This reference was already confirmed with this link. Nothing more to do.",
  "own-reference": "You can't confirm a reference on your own profile: the person you named confirms it.",
};

export const DOCUMENT_REFUSALS: Record<DocumentUploadRefusal, string> = {
  "too-large": DOCUMENT_ERRORS.tooLarge,
  "not-a-document": DOCUMENT_ERRORS.notADocument,
  "too-many-pixels": DOCUMENT_ERRORS.tooManyPixels,
};
