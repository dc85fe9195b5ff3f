/**
 * The pure rules of identity verification (ADR 109): how long a check holds, what a provider's
 * error means, whether a document's name is the account's, and the state a person is in.
 */

/** A passed check holds for two years from the day it passed. */
export const IDENTITY_VALIDITY_YEARS = 2;

export function verificationExpiresAt(verifiedAt: Date): Date {
  const expires = new Date(verifiedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + IDENTITY_VALIDITY_YEARS);
  return expires;
}

export const IDENTITY_FAILURE_REASONS = [
  "document-unreadable",
  "document-expired",
  "selfie-mismatch",
  "name-mismatch",
  "not-completed",
  "other",
] as const;
export type IdentityFailureReason = (typeof IDENTITY_FAILURE_REASONS)[number];

/** The provider's error code (Stripe's names) as our reason word. */
export function failureReasonFor(code: string | null): IdentityFailureReason {
  switch (code) {
    case "document_unverified_other":
    case "document_type_not_supported":
    case "selfie_document_missing_photo":
      return "document-unreadable";
    case "document_expired":
      return "document-expired";
    case "selfie_face_mismatch":
    case "selfie_manipulated":
    case "selfie_unverified_other":
      return "selfie-mismatch";
    case "abandoned":
    case "consent_declined":
      return "not-completed";
    default:
      return "other";
  }
}

export interface LegalName {
  firstName: string;
  lastName: string;
}

/** A name compared without case, accents, punctuation or spacing: "José  O'Neil" is "jose oneil". */
function comparable(name: LegalName): string {
  return `${name.firstName} ${name.lastName}`
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the name read from the document is the account's name (the check is about this person). */
export function sameLegalName(document: LegalName, account: LegalName): boolean {
  return comparable(document) !== "" && comparable(document) === comparable(account);
}

/** The only part of the verified name we keep: "Sam Nguyen" → "S. N.". */
export function initialsOf(name: LegalName): string {
  return [name.firstName, name.lastName]
    .map((part) => part.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((initial) => `${initial}.`)
    .join(" ");
}

/** One stored check as the rules read it; `nameMatches`: the account's name is still the one checked. */
export interface CheckSummary {
  status: "pending" | "verified" | "failed";
  failureReason: string | null;
  verifiedAt: Date | null;
  expiresAt: Date | null;
  nameMatches: boolean;
  initials: string | null;
  documentCountry: string | null;
}

export type IdentityState =
  | { kind: "not-verified" }
  | { kind: "pending" }
  | { kind: "verified"; verifiedAt: Date; expiresAt: Date; initials: string | null; documentCountry: string | null }
  | { kind: "expired"; expiredAt: Date }
  | { kind: "name-changed" }
  | { kind: "failed"; reason: IdentityFailureReason };

const isReason = (value: string | null): value is IdentityFailureReason =>
  (IDENTITY_FAILURE_REASONS as readonly (string | null)[]).includes(value);

/** Whether a check makes its person verified at `now`: passed, not expired, for the account's current name. */
export function holdsAt(check: CheckSummary, now: Date): boolean {
  return check.status === "verified" && check.expiresAt !== null && check.expiresAt > now && check.nameMatches;
}

/**
 * A person's state from their checks, newest first: a check that holds wins over later attempts;
 * otherwise the newest says pending or failed, and a passed one that no longer holds says why.
 */
export function identityState(checks: CheckSummary[], now: Date): IdentityState {
  const holding = checks.find((check) => holdsAt(check, now));
  if (holding?.verifiedAt && holding.expiresAt) {
    return {
      kind: "verified",
      verifiedAt: holding.verifiedAt,
      expiresAt: holding.expiresAt,
      initials: holding.initials,
      documentCountry: holding.documentCountry,
    };
  }
  const latest = checks[0];
  if (!latest) return { kind: "not-verified" };
  if (latest.status === "pending") return { kind: "pending" };
  if (latest.status === "failed") {
    return { kind: "failed", reason: isReason(latest.failureReason) ? latest.failureReason : "other" };
  }
  if (latest.expiresAt && latest.expiresAt <= now) return { kind: "expired", expiredAt: latest.expiresAt };
  return { kind: "name-changed" };
}
