/** What the sandbox's page lets a person choose, and the provider error code each failure carries. */
export const SANDBOX_IDENTITY_OUTCOMES = ["verified", "document-unreadable", "mismatch"] as const;
export type SandboxIdentityOutcome = (typeof SANDBOX_IDENTITY_OUTCOMES)[number];

export const SANDBOX_OUTCOME_ERROR_CODE = {
  "document-unreadable": "document_unverified_other",
  mismatch: "selfie_face_mismatch",
} as const satisfies Record<Exclude<SandboxIdentityOutcome, "verified">, string>;

/** The document countries the sandbox offers (ISO 3166-1 alpha-2). */
export const SANDBOX_DOCUMENT_COUNTRIES = {
  AU: "Australia",
  NZ: "New Zealand",
  GB: "United Kingdom",
  IN: "India",
  CN: "China",
  US: "United States",
} as const;
export type SandboxDocumentCountry = keyof typeof SANDBOX_DOCUMENT_COUNTRIES;
