/**
 * Why a first message should be looked at by staff: it carries a link or contact details, the usual
 * shape of scams and of attempts to take the conversation off the site. The message is still
 * delivered; the flag puts the conversation on the admin review list.
 */
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|ru|xyz|info|biz|me|ly|co)(?:\.[a-z]{2})?\b/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
// Eight or more digits, allowing the spaces, dots, dashes and brackets people write between them.
const PHONE = /(?:\+?\d[\s().-]*){8,}/;

export function contactFlag(text: string): string | null {
  const reasons = [
    LINK.test(text) ? "link" : null,
    EMAIL.test(text) ? "e-mail address" : null,
    PHONE.test(text) ? "phone number" : null,
  ].filter(Boolean);
  return reasons.length ? `First message contains a ${reasons.join(", ")}` : null;
}
