import { email, type EmailContent } from "~/modules/mail/auth-emails";

/**
 * The support e-mails: a new request to staff, and staff's answer to the person who asked. The
 * subject and message are the sender's words, so they follow our own ("Subject: “…”") and never
 * start a line; staff read and answer the request in the admin area, linked.
 */

export function newSupportRequestEmail(input: {
  siteName: string;
  url: string;
  senderName: string;
  senderEmail: string;
  subject: string;
  message: string;
  listingTitle: string | null;
  /** The promised first answer ("1 business day"), for a priority request. */
  promise: string | null;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `${input.promise ? "Priority support request" : "Support request"}: ${input.subject}`,
    preview: `A support request from ${input.senderName}.`,
    heading: input.promise ? "New priority support request" : "New support request",
    greeting: "Hi team,",
    paragraphs: [
      `A support request from ${input.senderName} (${input.senderEmail}).`,
      ...(input.promise
        ? [`Priority: an active landlord's plan promises a first answer within ${input.promise}.`]
        : []),
      ...(input.listingTitle ? [`About their listing “${input.listingTitle}”.`] : []),
      `Subject: “${input.subject}”`,
      `Their message: “${input.message}”`,
    ],
    action: { label: "Read and answer", url: input.url },
    reason: `You received this e-mail because you answer support requests for ${input.siteName}.`,
  });
}

export function supportAnswerEmail(input: {
  siteName: string;
  url: string;
  subject: string;
  answer: string;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `Your support request has been answered: ${input.subject}`,
    preview: "We have answered your support request.",
    heading: "We have answered your request",
    greeting: "Hi,",
    paragraphs: [`Our answer to your request “${input.subject}”:`, `“${input.answer}”`],
    action: { label: "Open Help", url: input.url },
    after: ["You can also read your requests and our answers on the Help page."],
    reason: `You received this e-mail because you asked ${input.siteName} for help.`,
  });
}
