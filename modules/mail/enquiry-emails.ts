import { email, type EmailContent } from "~/modules/mail/auth-emails";

/**
 * The enquiry e-mails: a new enquiry to the landlord, a new message to either side. They carry a
 * link to the thread and only the start of the message, so the conversation itself stays on the
 * site (where blocking and reporting work); replying by e-mail is not offered.
 *
 * The sender's name, the listing's title and the message are chosen by other people, so none of
 * them starts a line: each follows our own words ("New enquiry from …", "about “…”") and the message
 * is quoted after them, so a name or title phrased as an instruction reads as what it is.
 */

const PREVIEW_LENGTH = 280;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

export function newEnquiryEmail(input: {
  siteName: string;
  url: string;
  listingTitle: string;
  senderName: string;
  message: string;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `New enquiry about ${input.listingTitle}`,
    preview: `New enquiry from ${input.senderName} about your room.`,
    heading: "You have a new enquiry",
    greeting: "Hi,",
    paragraphs: [
      `New enquiry from ${input.senderName} about “${input.listingTitle}”. Their message:`,
      `“${excerpt(input.message)}”`,
    ],
    action: { label: "Read and reply", url: input.url },
    after: ["Reply on the site: your e-mail address and phone number stay private until you choose to share them."],
    reason: `You received this e-mail because you list a room on ${input.siteName}.`,
  });
}

export function newMessageEmail(input: {
  siteName: string;
  url: string;
  listingTitle: string;
  senderName: string;
  message: string;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `New message about ${input.listingTitle}`,
    preview: `New message from ${input.senderName}.`,
    heading: "You have a new message",
    greeting: "Hi,",
    paragraphs: [
      `New message from ${input.senderName} about “${input.listingTitle}”. Their message:`,
      `“${excerpt(input.message)}”`,
    ],
    action: { label: "Open the conversation", url: input.url },
    after: ["We send at most one e-mail per conversation every 15 minutes while messages are unread."],
    reason: `You received this e-mail because you have a conversation on ${input.siteName}.`,
  });
}
