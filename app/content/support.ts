import type { SupportRefusal } from "~/modules/support/support-requests.server";

/** The Help page's and the support inbox's words. */
export const SUPPORT_TEXT = {
  title: "Help",
  lead: "Ask us anything about your account, your listings or a room. We answer here and by e-mail.",
  priority: (promise: string) =>
    `Priority support: as a Professional Plan landlord, your requests are answered first, within ${promise}.`,
  sent: { title: "Request sent", description: "We'll answer here and by e-mail." },
  sentPriority: (promise: string) => ({
    title: "Priority request sent",
    description: `We'll answer within ${promise}, here and by e-mail.`,
  }),
  answered: { title: "Answer sent", description: "The answer was e-mailed and shows on their Help page." },
} as const;

export const SUPPORT_REFUSALS: Record<SupportRefusal["reason"], string> = {
  "not-found": "This request doesn't exist or isn't yours.",
  forbidden: "Only staff can answer support requests.",
  "not-your-listing": "Please choose one of your listings.",
  "already-answered": "This request has already been answered.",
  "rate-limited": "You've sent a lot of requests today. Please try again later.",
};
