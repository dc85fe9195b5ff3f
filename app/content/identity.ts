import type { IdentityRefusal } from "~/modules/identity/identity-refusal-code";
import type { IdentityFailureReason, IdentityState } from "~/modules/identity/identity-rules";
import { SANDBOX_DOCUMENT_COUNTRIES } from "~/lib/adapters/identity/sandbox-outcomes";

/** The words of identity verification: badges, the account page's section and its refusals. */

export const ID_VERIFIED_BADGE = "ID verified";
export const LANDLORD_ID_VERIFIED_BADGE = "Landlord ID verified";

export const IDENTITY_FAILURE_MESSAGES: Record<IdentityFailureReason, string> = {
  "document-unreadable": "Your document could not be read. Use a clear, well-lit photo of the whole document.",
  "document-expired": "Your document has expired. Use a current passport, driver licence or ID card.",
  "selfie-mismatch": "Your selfie did not match the photo on your document.",
  "name-mismatch":
    "The name on your document is not the name on your account. Correct your name in your profile, then try again.",
  "not-completed": "The check was not completed.",
  other: "Your document could not be verified.",
};

export const IDENTITY_REFUSAL_MESSAGES: Record<IdentityRefusal, string> = {
  "not-found": "That identity check was not found.",
  invalid: "Choose a test outcome and the country that issued the document.",
  "name-required": "Add your first and last name to your profile first: the check compares them with your document.",
  "already-verified": "Your identity is already verified.",
  "rate-limited": "Too many identity checks started. Please try again in an hour.",
  "not-configured": "Identity verification is not available at the moment.",
  "provider-error": "The identity check could not be started. Please try again.",
};

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "Australia/Melbourne" });

/** The account page's words for a state. */
export function identityStateText(state: IdentityState): {
  title: string;
  detail: string;
  tone: "neutral" | "good" | "bad";
} {
  switch (state.kind) {
    case "not-verified":
      return {
        title: "Not verified",
        detail:
          "Verify your identity with a photo ID and a selfie, and landlords and renters see “ID verified” next to your name.",
        tone: "neutral",
      };
    case "pending":
      return {
        title: "Pending",
        detail: "Your check has started but has no result yet. You can continue or start again.",
        tone: "neutral",
      };
    case "verified":
      return {
        title: `Verified on ${dateFormat.format(state.verifiedAt)} until ${dateFormat.format(state.expiresAt)}`,
        detail: [
          "Others see “ID verified” next to your name.",
          state.documentCountry ? `Document issued in ${countryName(state.documentCountry)}.` : null,
        ]
          .filter(Boolean)
          .join(" "),
        tone: "good",
      };
    case "expired":
      return {
        title: "Expired",
        detail: `Your verification expired on ${dateFormat.format(state.expiredAt)}. Verify again to keep the badge.`,
        tone: "bad",
      };
    case "name-changed":
      return {
        title: "Name changed",
        detail: "Your account's name has changed since your check, so it needs a new check.",
        tone: "bad",
      };
    case "failed":
      return { title: "Failed", detail: IDENTITY_FAILURE_MESSAGES[state.reason], tone: "bad" };
  }
}

function countryName(code: string): string {
  return code in SANDBOX_DOCUMENT_COUNTRIES
    ? SANDBOX_DOCUMENT_COUNTRIES[code as keyof typeof SANDBOX_DOCUMENT_COUNTRIES]
    : code;
}
