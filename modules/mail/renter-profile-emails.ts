import { email, type EmailContent } from "~/modules/mail/auth-emails";

/**
 * The e-mail a referee gets when a renter names them: who asked, in what relationship, and a link
 * to confirm in one click (no account needed). The renter's words are quoted, never a line of ours.
 */
export function referenceRequestEmail(input: {
  siteName: string;
  url: string;
  renterName: string;
  refereeName: string;
  relationship: string;
  expiresInDays: number;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `${input.renterName} named you as a reference`,
    preview: `Confirm in one click that you know ${input.renterName}.`,
    heading: "Can you confirm this reference?",
    greeting: `Hi ${input.refereeName},`,
    paragraphs: [
      `${input.renterName} is looking for a room on ${input.siteName} and named you as a reference, as their “${input.relationship}”.`,
      "If you know them in that way, please confirm. Landlords they contact will see that a reference confirmed; they do not see your e-mail address.",
    ],
    action: { label: "Confirm the reference", url: input.url },
    after: [
      `The link works once and expires in ${input.expiresInDays} days. You don't need an account.`,
      "If you don't know this person, ignore this e-mail: nothing is confirmed unless you click.",
    ],
    reason: `You received this e-mail because a ${input.siteName} member gave your address as a reference.`,
  });
}
