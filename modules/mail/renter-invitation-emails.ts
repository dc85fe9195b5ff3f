import { email, type EmailContent } from "~/modules/mail/auth-emails";

const PREVIEW_LENGTH = 280;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

/**
 * A landlord who found the renter invites them to view a room. As with the enquiry e-mails, the
 * landlord's name, the title and the message follow our own words, so none reads as ours.
 */
export function renterInvitationEmail(input: {
  siteName: string;
  url: string;
  profileUrl: string;
  listingTitle: string;
  senderName: string;
  message: string;
}): EmailContent {
  return email({
    siteName: input.siteName,
    subject: `An invitation to view ${input.listingTitle}`,
    preview: `${input.senderName} found your renter profile and invites you to view a room.`,
    heading: "You're invited to view a room",
    greeting: "Hi,",
    paragraphs: [
      `The landlord ${input.senderName} found your renter profile and invites you to view “${input.listingTitle}”. Their message:`,
      `“${excerpt(input.message)}”`,
    ],
    action: { label: "Accept or decline", url: input.url },
    after: [
      "Your e-mail address and phone number stay private: the landlord sees only what your renter profile shows.",
      `Don't want invitations? Turn them off on your renter profile: ${input.profileUrl}`,
    ],
    reason: `You received this e-mail because your renter profile on ${input.siteName} is findable by landlords.`,
  });
}
