/** What a person is told when an enquiry step is refused (shared by the pages and, later, the API). */
export const ENQUIRY_REFUSALS = {
  "not-found": "This conversation doesn't exist or isn't yours.",
  forbidden: "Only the landlord can do that.",
  closed: "This conversation is closed: no more messages can be sent.",
  blocked: "Messages between you and this person are blocked.",
  suspended: "Your account can't send messages at the moment. Please contact us if you think this is a mistake.",
  "own-listing": "This is your own listing.",
  unavailable: "This room isn't taking enquiries at the moment.",
  "already-enquired": "You have already enquired about this room.",
  "awaiting-answer": "This invitation is waiting for the renter's answer: messages open once they accept it.",
  "rate-limited": "You've sent a lot of messages. Please wait a while and try again.",
} as const;

export type EnquiryRefusalReason = keyof typeof ENQUIRY_REFUSALS;

export const ENQUIRY_SENT = {
  title: "Enquiry sent",
  description: "The landlord has been notified. You'll get an e-mail when they reply.",
} as const;

/** "Usually replies within 3 hours". */
export function usualReplyText(hours: number): string {
  return hours <= 1 ? "Usually replies within an hour" : `Usually replies within ${hours} hours`;
}
