/** The screening summary's headings and the words around it (ADR 112). */
export const SCREENING_TEXT = {
  landlord: {
    heading: "Screening summary",
    intro: "Only what the renter stated or verified, compared with your listing. No score and nothing inferred.",
  },
  renter: {
    heading: "What the landlord sees",
    intro:
      "The landlord sees exactly this screening summary with your enquiry: only what you stated or verified, compared with the listing.",
  },
  staff: {
    heading: "Screening summary",
    intro: "What the landlord sees with this enquiry.",
  },
  preview: {
    heading: "What the landlord sees",
    intro:
      "Before you send: the landlord will see exactly this screening summary with your enquiry. It updates with your move-in date, lease length and phone.",
  },
} as const;
